// How the reports show numbers, rates and times. One locale for the whole dashboard (en-GB), the
// reader's own time zone for times.

const counts = new Intl.NumberFormat('en-GB');
const rates = new Intl.NumberFormat('en-GB', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
const dateTimes = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const dates = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const hours = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** Shown where a figure does not exist (a rate while nothing was sent, a time not reached). */
export const NO_VALUE = '—';

/** 12345 → "12,345". */
export function formatCount(value: number): string {
  return counts.format(value);
}

/** A fraction as a percentage with one decimal: 0.2534 → "25.3%"; null → "—". */
export function formatRate(rate: number | null): string {
  return rate === null || !Number.isFinite(rate) ? NO_VALUE : rates.format(rate);
}

function parsed(iso: string | null): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "23 Nov 2026, 09:30" in the reader's time zone; null → "—". */
export function formatDateTime(iso: string | null): string {
  const date = parsed(iso);
  return date ? dateTimes.format(date) : NO_VALUE;
}

/** "23 Nov 2026"; null → "—". */
export function formatDate(iso: string | null): string {
  const date = parsed(iso);
  return date ? dates.format(date) : NO_VALUE;
}

/** The start of a chart's hour: "23 Nov, 09:00". */
export function formatHour(iso: string): string {
  const date = parsed(iso);
  return date ? hours.format(date) : iso;
}

/** "3 recipients", "1 recipient": a count with its noun. */
export function countOf(value: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(value)} ${value === 1 ? singular : plural}`;
}

/** A link the campaign made different for each subscriber (a merge tag in its address): shown as written, not followed. */
export function isPersonalisedLink(url: string): boolean {
  return /\{\{|\{%/.test(url);
}
