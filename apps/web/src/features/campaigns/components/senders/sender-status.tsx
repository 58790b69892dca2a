import type { DomainRecord, SenderDomain, SenderIdentity } from '@postlark/shared/senders';
import { StatusBadge, type StatusTone } from '../../../../components/ui/status-badge';
import { SENDER_TEXTS } from '../../campaigns-content';

// The words say the state; the colour repeats it: green ready, amber waiting, red broken, grey not known yet.

/** Confirmed, waiting for its link, or its link expired (it must be sent again). */
export function SenderBadge({ sender }: { sender: Pick<SenderIdentity, 'status' | 'link_expired'> }) {
  if (sender.status === 'confirmed') return <StatusBadge tone="good">{SENDER_TEXTS.confirmed}</StatusBadge>;
  return sender.link_expired ? <StatusBadge tone="bad">{SENDER_TEXTS.expired}</StatusBadge> : <StatusBadge tone="waiting">{SENDER_TEXTS.pending}</StatusBadge>;
}

const DOMAIN_TONES: Record<SenderDomain['status'], StatusTone> = { authenticated: 'good', pending: 'waiting', lost: 'bad' };

/** Authenticated, waiting for its DKIM record, or no longer found (it was, and cannot send now). */
export function DomainBadge({ domain }: { domain: Pick<SenderDomain, 'status'> }) {
  return <StatusBadge tone={DOMAIN_TONES[domain.status]}>{SENDER_TEXTS.domainStatus[domain.status]}</StatusBadge>;
}

/** What the last look-up found of one record. A missing recommended record only waits; a missing DKIM record blocks. */
export function RecordStateChip({ record }: { record: Pick<DomainRecord, 'state' | 'required'> }) {
  const tones: Record<DomainRecord['state'], StatusTone> = {
    found: 'good',
    missing: record.required ? 'bad' : 'waiting',
    wrong: 'bad',
    unreachable: 'waiting',
    unchecked: 'quiet',
  };
  return <StatusBadge tone={tones[record.state]}>{SENDER_TEXTS.recordState[record.state]}</StatusBadge>;
}
