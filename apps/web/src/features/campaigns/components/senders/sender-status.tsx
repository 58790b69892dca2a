import type { SenderDomain, SenderIdentity } from '@postlark/shared/senders';
import { SENDER_TEXTS } from '../../campaigns-content';

type Tone = 'ok' | 'waiting' | 'problem';

function Badge({ tone, label }: { tone: Tone; label: string }) {
  return <span className={`sender-badge sender-badge--${tone}`}>{label}</span>;
}

/** Confirmed, waiting for its link, or its link expired (it must be sent again). */
export function SenderBadge({ sender }: { sender: Pick<SenderIdentity, 'status' | 'link_expired'> }) {
  if (sender.status === 'confirmed') return <Badge tone="ok" label={SENDER_TEXTS.confirmed} />;
  return sender.link_expired ? <Badge tone="problem" label={SENDER_TEXTS.expired} /> : <Badge tone="waiting" label={SENDER_TEXTS.pending} />;
}

export function DomainBadge({ domain }: { domain: Pick<SenderDomain, 'status'> }) {
  return domain.status === 'verified' ? <Badge tone="ok" label={SENDER_TEXTS.verified} /> : <Badge tone="waiting" label={SENDER_TEXTS.notVerified} />;
}
