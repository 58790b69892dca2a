// Times on the A/B pages: the dashboard's locale (en-GB), the reader's own time zone.

const dateTimes = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
const counts = new Intl.NumberFormat('en-GB');

/** "25 Nov, 09:30"; null or unreadable → "—". */
export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateTimes.format(date);
}

/** 12345 → "12,345". */
export function formatCount(value: number): string {
  return counts.format(value);
}
