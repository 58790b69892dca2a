import type { SenderDomain, SenderIdentity } from '@postlark/shared/senders';
import { SENDER_TEXTS } from '../../campaigns-content';
import '../campaigns.css';

// The campaign pills' colours: green as a sent campaign, amber as a paused one, red as a cancelled one.
const TONES = { ok: 'sent', waiting: 'paused', problem: 'cancelled' } as const;

function Badge({ tone, label }: { tone: keyof typeof TONES; label: string }) {
  return <span className={`campaign-badge campaign-badge--${TONES[tone]}`}>{label}</span>;
}

/** Confirmed, waiting for its link, or its link expired (it must be sent again). */
export function SenderBadge({ sender }: { sender: Pick<SenderIdentity, 'status' | 'link_expired'> }) {
  if (sender.status === 'confirmed') return <Badge tone="ok" label={SENDER_TEXTS.confirmed} />;
  return sender.link_expired ? <Badge tone="problem" label={SENDER_TEXTS.expired} /> : <Badge tone="waiting" label={SENDER_TEXTS.pending} />;
}

export function DomainBadge({ domain }: { domain: Pick<SenderDomain, 'status'> }) {
  return domain.status === 'verified' ? <Badge tone="ok" label={SENDER_TEXTS.verified} /> : <Badge tone="waiting" label={SENDER_TEXTS.notVerified} />;
}
