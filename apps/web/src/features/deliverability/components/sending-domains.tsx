import { Link } from 'react-router';
import type { DeliverabilityOverview } from '@postlark/shared/deliverability';
import { ROUTES } from '@postlark/shared/routes';
import { Card } from '../../../components/ui/card';
import { EmptyNote } from '../../../components/ui/page-state';
import { SENDER_TEXTS } from '../../campaigns/campaigns-content';
import { DomainBadge, RecordStateChip } from '../../campaigns/components/senders/sender-status';
import { formatDate } from '../../reports/report-format';
import { DELIVERABILITY_PAGE_TEXTS as TEXTS } from '../deliverability-content';

type Domain = DeliverabilityOverview['domains'][number];

// The Senders page's records, in its words and colours: DKIM is required (nothing is signed
// without it), the others are recommended, so a missing one only waits.
const RECORDS: readonly { key: 'dkim' | 'return_path' | 'dmarc'; purpose: keyof typeof SENDER_TEXTS.recordPurpose; required: boolean }[] = [
  { key: 'dkim', purpose: 'dkim', required: true },
  { key: 'return_path', purpose: 'return-path', required: false },
  { key: 'dmarc', purpose: 'dmarc', required: false },
];

function DomainStatus({ domain }: { domain: Domain }) {
  // The page knows only whether the domain is authenticated now: one that is not waits for its DKIM record.
  return (
    <span className="deliverability-domain__status">
      <DomainBadge domain={{ status: domain.authenticated_at ? 'authenticated' : 'pending' }} />
      {domain.authenticated_at && <span className="deliverability-domain__since">{SENDER_TEXTS.authenticatedSince(formatDate(domain.authenticated_at))}</span>}
    </span>
  );
}

/** Each sending domain, authenticated or not, with what the last check found of its records; managed on the Senders page. */
export function SendingDomains({ domains }: { domains: readonly Domain[] }) {
  return (
    <Card
      title={TEXTS.domainsTitle}
      titleId="deliverability-domains-title"
      text={TEXTS.domainsText}
      actions={
        <Link className="dash-card__link" to={ROUTES.senders}>
          {TEXTS.domainsLink}
        </Link>
      }
    >
      {domains.length === 0 ? (
        <EmptyNote framed>{TEXTS.noDomains}</EmptyNote>
      ) : (
        <div className="data-table data-table--compact data-table--framed deliverability-domains" tabIndex={0} role="region" aria-label={`${TEXTS.domainsTitle}, scrollable`}>
          <table>
            <caption className="visually-hidden">{TEXTS.domainsTitle}</caption>
            <thead>
              <tr>
                <th scope="col">{TEXTS.domain}</th>
                <th scope="col">{TEXTS.domainStatus}</th>
                {RECORDS.map((record) => (
                  <th key={record.key} scope="col">
                    {SENDER_TEXTS.recordPurpose[record.purpose].label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {domains.map((domain) => (
                <tr key={domain.domain}>
                  <th scope="row" className="deliverability-domain__name">
                    {domain.domain}
                  </th>
                  <td className="deliverability-domain__state">
                    <DomainStatus domain={domain} />
                  </td>
                  {RECORDS.map((record) => (
                    <td key={record.key} data-label={SENDER_TEXTS.recordPurpose[record.purpose].label}>
                      <RecordStateChip record={{ state: domain[record.key], required: record.required }} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
