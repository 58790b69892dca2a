import type { InsightsRefresh } from '@postlark/shared/insights';
import { RFM_GROUPS } from '@postlark/shared/insights';
import { INSIGHTS_MONTHS, type InsightsMonth, type RfmCell, type RfmGroupTotal, type ValueBin } from '@postlark/shared/insights-dashboard';
import { formatCount } from './insights-format';

// The Insights page's data shaped for its charts and their tables, apart from the drawing.

/** "2026-11" → the month after, "2026-12" (and "2027-01" after December). */
export function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

/** The UTC calendar month of a time, "2026-11". */
export function monthOf(iso: string): string {
  return new Date(iso).toISOString().slice(0, 7);
}

/**
 * Every month from the first with an order to the as-of month, the API's gaps back as zeros so
 * the x-axis is evenly spaced time; only the last `count` when there are more.
 */
export function monthSeries(months: readonly InsightsMonth[], asOf: string, count = INSIGHTS_MONTHS): InsightsMonth[] {
  if (months.length === 0) return [];
  const byMonth = new Map(months.map((month) => [month.month, month]));
  const last = monthOf(asOf);
  const series: InsightsMonth[] = [];
  for (let month = months[0]!.month; month <= last; month = nextMonth(month)) {
    series.push(byMonth.get(month) ?? { month, orders: 0, revenue: 0, customers: 0 });
  }
  return series.slice(-count);
}

export interface RfmGridCell extends RfmCell {
  /** The cell's customers over the busiest cell's: how strongly it is shaded, 0 to 1. */
  intensity: number;
  /** The cell's share of all customers in the grid. */
  share: number;
}

/** Recency rows from 5 (bought lately) at the top to 1; frequency columns from 1 to 5. */
export const RFM_ROWS = [5, 4, 3, 2, 1] as const;
export const RFM_COLUMNS = [1, 2, 3, 4, 5] as const;

/** The 5 × 5 grid, row by row as drawn (RFM_ROWS × RFM_COLUMNS), empty cells as zeros. */
export function rfmGrid(cells: readonly RfmCell[]): RfmGridCell[][] {
  const byKey = new Map(cells.map((cell) => [`${cell.recency}:${cell.frequency}`, cell]));
  const total = cells.reduce((sum, cell) => sum + cell.customers, 0);
  const busiest = Math.max(0, ...cells.map((cell) => cell.customers));
  return RFM_ROWS.map((recency) =>
    RFM_COLUMNS.map((frequency) => {
      const cell = byKey.get(`${recency}:${frequency}`) ?? { recency, frequency, customers: 0, revenue: 0, group: null };
      return {
        ...cell,
        intensity: busiest > 0 ? cell.customers / busiest : 0,
        share: total > 0 ? cell.customers / total : 0,
      };
    }),
  );
}

export interface RfmGroupRow extends RfmGroupTotal {
  share: number;
}

/** Each group in the usual order, with its share of customers; a group nobody is in shows 0. */
export function rfmGroupRows(groups: readonly RfmGroupTotal[]): RfmGroupRow[] {
  const total = groups.reduce((sum, group) => sum + group.customers, 0);
  return RFM_GROUPS.map((name) => {
    const found = groups.find((group) => group.group === name);
    const customers = found?.customers ?? 0;
    return { group: name, customers, revenue: found?.revenue ?? 0, share: total > 0 ? customers / total : 0 };
  });
}

/** A bin's range for its label and table row: "€0 – €50", the last "€550 or more". */
export function binLabel(bin: ValueBin, money: (value: number) => string): string {
  return bin.to === null ? `${money(bin.from)} or more` : `${money(bin.from)} – ${money(bin.to)}`;
}

/** The histogram's one-sentence summary, for its aria-label. */
export function histogramSummary(bins: readonly ValueBin[], money: (value: number) => string): string {
  const total = bins.reduce((sum, bin) => sum + bin.customers, 0);
  if (total === 0) return 'No predicted values yet.';
  const busiest = bins.reduce((best, bin) => (bin.customers > best.customers ? bin : best), bins[0]!);
  return `${formatCount(total)} customers by predicted value over the next 365 days. Most common: ${binLabel(busiest, money)}, with ${formatCount(busiest.customers)}.`;
}

/** The month chart's one-sentence summary. */
export function monthsSummary(months: readonly InsightsMonth[], series: 'revenue' | 'orders', value: (month: InsightsMonth) => string, label: (month: string) => string): string {
  if (months.length === 0) return 'No orders yet.';
  const best = months.reduce((top, month) => (month[series] > top[series] ? month : top), months[0]!);
  const what = series === 'revenue' ? 'Revenue' : 'Orders';
  return `${what} by month, ${label(months[0]!.month)} to ${label(months.at(-1)!.month)}. Highest: ${label(best.month)}, ${value(best)}.`;
}

export interface RefreshProgress {
  /** Done so far, 0 to 1; null while the count of people is not known yet. */
  fraction: number | null;
  text: string;
}

/** What a refresh under way says, and how full its bar is. */
export function refreshProgress(refresh: InsightsRefresh): RefreshProgress {
  if (refresh.status === 'queued') return { fraction: null, text: 'Queued: the refresh starts in a moment.' };
  if (refresh.status === 'running') {
    const total = refresh.people_total;
    if (total === null) return { fraction: null, text: 'Reading orders and fitting the models...' };
    if (total === 0) return { fraction: 1, text: 'Storing the results...' };
    return { fraction: Math.min(1, refresh.people_done / total), text: `Storing figures: ${formatCount(refresh.people_done)} of ${formatCount(total)} customers.` };
  }
  if (refresh.status === 'failed') return { fraction: null, text: refresh.error ?? 'The refresh failed.' };
  return { fraction: 1, text: 'Done.' };
}

export const isPending = (refresh: InsightsRefresh | null) => refresh !== null && (refresh.status === 'queued' || refresh.status === 'running');

const DAY_MS = 86_400_000;

/** A person's average days between orders: the span from first to last over the gaps; null with one order. */
export function daysBetweenOrders(orders: number | null, firstAt: string | null, lastAt: string | null): number | null {
  if (orders === null || orders < 2 || !firstAt || !lastAt) return null;
  const span = new Date(lastAt).getTime() - new Date(firstAt).getTime();
  return Number.isFinite(span) ? span / DAY_MS / (orders - 1) : null;
}
