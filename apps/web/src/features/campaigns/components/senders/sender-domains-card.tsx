import { useState } from 'react';
import { SENDER_MESSAGES, type SenderDomain, senderDomainCreateSchema } from '@postlark/shared/senders';
import { Button } from '../../../../components/ui/button';
import { SENDER_TEXTS } from '../../campaigns-content';
import { AddRowForm } from './add-row-form';
import { SenderCard } from './sender-card';
import { SenderRow } from './sender-row';
import { DomainBadge } from './sender-status';
import { EmptyNote } from '../../../../components/ui/page-state';

interface SenderDomainsCardProps {
  domains: readonly SenderDomain[];
  busy: string | null;
  onAdd(domain: string): Promise<string | undefined>;
  onVerify(domain: SenderDomain): void;
  onRemove(domain: SenderDomain): void;
}

/** Domains: the TXT record each needs, a Verify button, and why the last check failed. */
export function SenderDomainsCard({ domains, busy, onAdd, onVerify, onRemove }: SenderDomainsCardProps) {
  return (
    <SenderCard id="sender-domains-title" title={SENDER_TEXTS.domainsTitle} text={SENDER_TEXTS.domainsText}>
      <AddRowForm
        id="sender-domain"
        label="Domain"
        type="text"
        placeholder="yourcompany.com"
        button="Add domain"
        busy={busy === 'add-domain'}
        check={(value) => (senderDomainCreateSchema.safeParse({ domain: value }).success ? undefined : SENDER_MESSAGES.domainInvalid)}
        onAdd={onAdd}
      />
      {domains.length === 0 ? (
        <EmptyNote framed>{SENDER_TEXTS.noDomains}</EmptyNote>
      ) : (
        <ul className="sender-list" aria-label={SENDER_TEXTS.domainsTitle}>
          {domains.map((domain) => (
            <li key={domain.id} className="sender-domain">
              <SenderRow
                as="div"
                name={domain.domain}
                meta={domain.status === 'verified' ? SENDER_TEXTS.domainCovers(domain.domain) : undefined}
                badge={<DomainBadge domain={domain} />}
              >
                {domain.status === 'pending' && (
                  <Button variant="secondary" disabled={busy !== null} aria-label={`Verify ${domain.domain}`} onClick={() => onVerify(domain)}>
                    {busy === domain.id ? 'Checking...' : 'Verify'}
                  </Button>
                )}
                <Button variant="ghost" className="sender-row__remove" disabled={busy !== null} aria-label={`Remove ${domain.domain}`} onClick={() => onRemove(domain)}>
                  Remove
                </Button>
              </SenderRow>
              {domain.status === 'pending' && <DnsRecord domain={domain} />}
              {domain.status === 'pending' && domain.last_problem && (
                <p className="notice notice--error sender-domain__problem" role="alert">
                  {domain.last_problem}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </SenderCard>
  );
}

/** The record to publish, each part with its own Copy button. */
function DnsRecord({ domain }: { domain: SenderDomain }) {
  const [copied, setCopied] = useState('');
  async function copy(value: string) {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(SENDER_TEXTS.copied);
    } catch {
      setCopied(SENDER_TEXTS.copyFailed);
    }
  }
  const parts = [
    { label: 'Type', value: domain.record.type, copyable: false },
    { label: 'Name', value: domain.record.name, copyable: true },
    { label: 'Value', value: domain.record.value, copyable: true },
  ];
  return (
    <div className="sender-record">
      <dl className="sender-record__parts" aria-label={`DNS record for ${domain.domain}`}>
        {parts.map((part) => (
          <div key={part.label} className="sender-record__part">
            <dt>{part.label}</dt>
            <dd>
              <code>{part.value}</code>
              {part.copyable && (
                <button type="button" className="campaign-pill-button" aria-label={`Copy the ${part.label.toLowerCase()} for ${domain.domain}`} onClick={() => void copy(part.value)}>
                  Copy
                </button>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <p className="sender-record__status" role="status">
        {copied}
      </p>
    </div>
  );
}
