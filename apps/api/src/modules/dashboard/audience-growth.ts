import type { HomeAudienceDay } from '@postlark/shared/dashboard';
import type { AudienceChangeRow } from './dashboard.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The start (UTC midnight) of the first of `days` days ending with today's. */
export function growthStart(now: Date, days: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS);
}

/**
 * Every day from `start` for `days` days, with the audience at its end: the count at `start`
 * (the row without a day) plus each day's joined minus left. Days with no change are kept.
 */
export function audienceDays(rows: readonly AudienceChangeRow[], start: Date, days: number): HomeAudienceDay[] {
  const byDay = new Map(rows.filter((row) => row.day !== null).map((row) => [row.day!, row]));
  let size = rows.find((row) => row.day === null)?.joined ?? 0;
  return Array.from({ length: days }, (_, index) => {
    const date = new Date(start.getTime() + index * DAY_MS).toISOString().slice(0, 10);
    const change = byDay.get(date);
    const joined = change?.joined ?? 0;
    const left = change?.left ?? 0;
    size += joined - left;
    return { date, size, joined, left };
  });
}

/** Size now minus size `period` days ago (the end of the day before the period's first). */
export function growthOver(days: readonly HomeAudienceDay[], period: number): number {
  const last = days.at(-1);
  if (!last) return 0;
  const before = days.length - period - 1;
  const then = before >= 0 ? days[before]!.size : (days[0]?.size ?? 0) - (days[0]?.joined ?? 0) + (days[0]?.left ?? 0);
  return last.size - then;
}
