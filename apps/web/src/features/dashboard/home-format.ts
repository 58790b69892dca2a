// Home's numbers and dates as people read them (en-GB, the dashboard's locale elsewhere).

// Averages keep one decimal (2.5 unsubscribes a campaign); counts are whole anyway.
const counts = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });
const compact = new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 });

export const formatCount = (value: number) => counts.format(value);
export const formatCompact = (value: number) => compact.format(value);

/** A fraction as a percentage with one decimal ("24.5%"); a dash where there is no rate. */
export function formatRate(value: number | null): string {
  return value === null ? '—' : `${(value * 100).toFixed(1)}%`;
}

/** A change with its sign ("+8", "−3", "0"). */
export function formatChange(value: number): string {
  if (value === 0) return '0';
  return `${value > 0 ? '+' : '−'}${counts.format(Math.abs(value))}`;
}

/** The change as a share of where it started ("+12.5%"); null from nothing. */
export function formatChangeShare(change: number, now: number): string | null {
  const before = now - change;
  if (before <= 0) return null;
  const share = (change / before) * 100;
  return `${share > 0 ? '+' : share < 0 ? '−' : ''}${Math.abs(share).toFixed(1)}%`;
}

/** "24 Nov" from "2026-11-24" (a UTC day). */
export function formatDay(date: string, withYear = false): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC', ...(withYear && { year: 'numeric' }) });
}

/** "Tue 1 Dec, 09:00" in the reader's time zone. */
export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

/** A list of words as a sentence ("street address, city and postal code"). */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
