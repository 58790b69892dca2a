import { wallClock, zonedTimeToInstant } from '../../lib/zoned-time';

// Times in the person's timezone for waits, quiet hours and date triggers, with Intl alone (as
// lib/zoned-time.ts): pure functions of an instant, so tests move the clock and nothing else.

const DAY_MS = 86_400_000;

const pad = (value: number) => String(value).padStart(2, '0');

/** The instant of `hour`:00 on the local date `days` after (y, m, d), in the timezone. */
function atLocalHour(year: number, month: number, day: number, days: number, hour: number, timezone: string): Date {
  const date = new Date(Date.UTC(year, month - 1, day) + days * DAY_MS);
  return zonedTimeToInstant(`${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(hour)}:00`, timezone)!;
}

/** The first instant after `from` that is one of the weekdays at `hour`:00 in the timezone. */
export function nextWeekdayAt(from: Date, timezone: string, weekdays: readonly number[], hour: number): Date {
  const today = wallClock(from, timezone);
  for (let days = 0; days <= 7; days += 1) {
    const candidate = atLocalHour(today.year, today.month, today.day, days, hour, timezone);
    if (candidate > from && weekdays.includes((today.weekday + days) % 7)) return candidate;
  }
  return atLocalHour(today.year, today.month, today.day, 7, hour, timezone);
}

/** Whether a local hour falls in quiet hours from `start` to `end` o'clock (22 to 8 spans midnight). */
function inQuietHours(hour: number, quiet: { start: number; end: number }): boolean {
  if (quiet.start === quiet.end) return false;
  return quiet.start < quiet.end ? hour >= quiet.start && hour < quiet.end : hour >= quiet.start || hour < quiet.end;
}

/** When quiet hours in force at `at` end (`end`:00 local), or null when they are not in force. */
export function quietHoursEnd(at: Date, timezone: string, quiet: { start: number; end: number } | null): Date | null {
  if (!quiet) return null;
  const local = wallClock(at, timezone);
  if (!inQuietHours(local.hour, quiet)) return null;
  const sameDay = atLocalHour(local.year, local.month, local.day, 0, quiet.end, timezone);
  return sameDay > at ? sameDay : atLocalHour(local.year, local.month, local.day, 1, quiet.end, timezone);
}

/** A date attribute's month and day ('1990-04-17', or an ISO date-time), or null. */
export function monthDayOf(value: unknown): { month: number; day: number } | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return null;
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return { month, day };
}

/** The yearly recurrence in `year` (29 February is the 28th in other years), as a UTC midnight. */
function recurrence(year: number, month: number, day: number): number {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return Date.UTC(year, month - 1, Math.min(day, last));
}

/**
 * A date trigger for one person at `now`: today (in their timezone) is `offsetDays` from the
 * recurrence of their date, and it is past `hour`. Answers the occurrence (its year names it, so
 * it enters once a year) and the instant it was due, or null.
 */
export function dateOccurrence(value: unknown, timezone: string, offsetDays: number, hour: number, now: Date): { key: string; at: Date } | null {
  const date = monthDayOf(value);
  if (!date) return null;
  const local = wallClock(now, timezone);
  const today = Date.UTC(local.year, local.month - 1, local.day);
  for (const year of [local.year - 1, local.year, local.year + 1]) {
    if (recurrence(year, date.month, date.day) + offsetDays * DAY_MS !== today) continue;
    const at = atLocalHour(local.year, local.month, local.day, 0, hour, timezone);
    return now >= at ? { key: `date:${year}`, at } : null;
  }
  return null;
}

/** The month-day strings ('MM-DD') a date attribute may hold for a trigger due around `now` (any timezone). */
export function candidateMonthDays(now: Date, offsetDays: number): string[] {
  const days = new Set<string>();
  for (const shift of [-1, 0, 1]) {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + (shift - offsetDays) * DAY_MS);
    days.add(`${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`);
    // A 29 February date recurs on the 28th in other years.
    if (date.getUTCMonth() === 1 && date.getUTCDate() === 28) days.add('02-29');
  }
  return [...days];
}
