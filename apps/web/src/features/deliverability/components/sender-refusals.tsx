import { type DeliverabilityOverview, MAILBOX_PROVIDER_LABELS } from '@postlark/shared/deliverability';
import { Card } from '../../../components/ui/card';
import { EmptyNote } from '../../../components/ui/page-state';
import { formatDateTime, NO_VALUE } from '../../reports/report-format';
import { DELIVERABILITY_PAGE_TEXTS as TEXTS, REFUSAL_SOURCE_LABELS } from '../deliverability-content';

/**
 * The latest refusals of the sender or the content, in the receivers' own words: never a reader's
 * fault, so they count toward the account's health. The words are text, shown as they came.
 */
export function SenderRefusals({ refusals }: { refusals: DeliverabilityOverview['refusals'] }) {
  return (
    <Card title={TEXTS.refusalsTitle} titleId="deliverability-refusals-title" text={TEXTS.refusalsText}>
      {refusals.length === 0 ? (
        <EmptyNote framed>{TEXTS.noRefusals}</EmptyNote>
      ) : (
        <div className="data-table data-table--compact data-table--framed deliverability-refusals" tabIndex={0} role="region" aria-label={`${TEXTS.refusalsTitle}, scrollable`}>
          <table>
            <caption className="visually-hidden">{TEXTS.refusalsTitle}</caption>
            <thead>
              <tr>
                <th scope="col">{TEXTS.received}</th>
                <th scope="col">{TEXTS.provider}</th>
                <th scope="col">{TEXTS.status}</th>
                <th scope="col">{TEXTS.words}</th>
                <th scope="col">{TEXTS.source}</th>
              </tr>
            </thead>
            <tbody>
              {refusals.map((refusal, index) => (
                <tr key={`${refusal.at}-${index}`}>
                  <td data-label={TEXTS.received}>{formatDateTime(refusal.at)}</td>
                  <td data-label={TEXTS.provider}>{MAILBOX_PROVIDER_LABELS[refusal.provider]}</td>
                  <td data-label={TEXTS.status}>
                    <code>{refusal.status ?? NO_VALUE}</code>
                  </td>
                  <td data-label={TEXTS.words} className="deliverability-refusals__words">
                    {refusal.diagnostic || NO_VALUE}
                  </td>
                  <td data-label={TEXTS.source}>{REFUSAL_SOURCE_LABELS[refusal.source] ?? refusal.source}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
