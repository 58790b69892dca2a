import './status-badge.css';

export type StatusTone = 'good' | 'live' | 'waiting' | 'quiet' | 'bad';

/** A status in words in a coloured pill; the tone only repeats the words, and 'live' pulses. */
export function StatusBadge({ tone, children }: { tone: StatusTone; children: string }) {
  return <span className={`status-badge status-badge--${tone}`}>{children}</span>;
}
