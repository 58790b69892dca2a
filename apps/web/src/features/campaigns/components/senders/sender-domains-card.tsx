import { SENDER_MESSAGES, type SenderDomain, senderDomainCreateSchema } from '@postlark/shared/senders';
import { EmptyNote } from '../../../../components/ui/page-state';
import { SENDER_TEXTS } from '../../campaigns-content';
import { AddRowForm } from './add-row-form';
import { SenderCard } from './sender-card';
import { type CheckOutcome, SenderDomainPanel } from './sender-domain-panel';

interface SenderDomainsCardProps {
  domains: readonly SenderDomain[];
  /** 'add-domain' while one is added, a domain's id while it is removed. */
  busy: string | null;
  onAdd(domain: string): Promise<string | undefined>;
  onCheck(domain: SenderDomain): Promise<CheckOutcome>;
  onRemove(domain: SenderDomain): void;
}

/** Sending domains: the records each asks for with their live states, "Check now", add and remove. */
export function SenderDomainsCard({ domains, busy, onAdd, onCheck, onRemove }: SenderDomainsCardProps) {
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
        <div className="sender-domains">
          {domains.map((domain) => (
            <SenderDomainPanel key={domain.id} domain={domain} locked={busy !== null} onCheck={onCheck} onRemove={onRemove} />
          ))}
        </div>
      )}
    </SenderCard>
  );
}
