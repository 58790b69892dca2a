import { useState } from 'react';
import type { SenderDomain } from '@postlark/shared/senders';
import { Button } from '../../../../components/ui/button';
import { SENDER_TEXTS } from '../../campaigns-content';
import { formatMoment } from '../../schedule';
import { DomainRecordsTable } from './domain-records-table';
import { DomainBadge } from './sender-status';

/** What "Check now" answered: the server's sentence, or why the check could not be made. */
export type CheckOutcome = { ok: true; message: string } | { ok: false; message: string };

interface SenderDomainPanelProps {
  domain: SenderDomain;
  /** Another domain is being added or removed: this one's buttons wait. */
  locked: boolean;
  /** Looks the records up again; the new states arrive through `domain`. */
  onCheck(domain: SenderDomain): Promise<CheckOutcome>;
  onRemove(domain: SenderDomain): void;
}

/** One sending domain: its state, its records with their states, "Check now" and Remove. */
export function SenderDomainPanel({ domain, locked, onCheck, onRemove }: SenderDomainPanelProps) {
  const [checking, setChecking] = useState(false);
  const [outcome, setOutcome] = useState<CheckOutcome | null>(null);

  async function check() {
    setChecking(true);
    setOutcome(null);
    try {
      setOutcome(await onCheck(domain));
    } finally {
      setChecking(false);
    }
  }

  // The check's own answer when there is one; until then why the domain cannot send yet.
  const said = outcome?.message ?? (domain.status === 'authenticated' ? null : domain.last_problem);
  const tone = outcome && !outcome.ok ? 'error' : domain.status === 'authenticated' ? 'success' : domain.status === 'lost' ? 'error' : 'info';
  const titleId = `sender-domain-${domain.id}`;
  const when = [
    domain.authenticated_at && domain.status === 'authenticated' ? SENDER_TEXTS.authenticatedSince(formatMoment(domain.authenticated_at)) : null,
    domain.last_checked_at ? SENDER_TEXTS.checkedAt(formatMoment(domain.last_checked_at)) : SENDER_TEXTS.neverChecked,
  ].filter(Boolean);

  return (
    <article className={`sender-domain sender-domain--${domain.status}`} aria-labelledby={titleId} aria-busy={checking}>
      <header className="sender-domain__head">
        <div className="sender-domain__heading">
          <h3 id={titleId} className="sender-domain__name">
            {domain.domain}
          </h3>
          <DomainBadge domain={domain} />
          <p className="sender-domain__meta">{when.join(' · ')}</p>
        </div>
        <div className="sender-domain__actions">
          <Button variant="secondary" className="sender-domain__check" disabled={checking || locked} aria-label={SENDER_TEXTS.checkLabel(domain.domain)} onClick={() => void check()}>
            {checking && <span className="sender-domain__spinner" aria-hidden="true" />}
            {checking ? SENDER_TEXTS.checking : SENDER_TEXTS.checkNow}
          </Button>
          <Button variant="ghost" className="sender-row__remove" disabled={checking || locked} aria-label={`Remove ${domain.domain}`} onClick={() => onRemove(domain)}>
            Remove
          </Button>
        </div>
      </header>
      <p className={`notice notice--${tone} sender-domain__said`} role="status">
        {said ?? ''}
      </p>
      <DomainRecordsTable domain={domain.domain} records={domain.records} />
    </article>
  );
}
