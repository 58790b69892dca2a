import * as z from 'zod/mini';
import { CAMPAIGN_STATUSES } from './campaigns';

// The top bar's calendar (issue 23): the campaigns scheduled or sent within a span of time (a month
// as the browser's timezone draws it, with the days of the weeks around it), placed by when they go out.

/** A month grid shows six weeks at most; a little more leaves room for timezones. */
export const CALENDAR_MAX_DAYS = 45;

export const CALENDAR_MESSAGES = {
  rangeInvalid: `Give "from" and "to" as ISO timestamps, "to" after "from", at most ${CALENDAR_MAX_DAYS} days apart.`,
} as const;

// PostgreSQL refuses year 0 and years past 294276; a calendar needs neither end.
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(9000, 0, 1);

function isInstant(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(value)) return false;
  const ms = Date.parse(value);
  if (!(ms >= EARLIEST && ms < LATEST)) return false;
  // Date.parse rolls 2026-02-30 over into March: the day written must exist.
  const [year = 0, month = 0, day = 0] = value.slice(0, 10).split('-').map(Number);
  const written = new Date(Date.UTC(year, month - 1, day));
  return written.getUTCMonth() === month - 1 && written.getUTCDate() === day;
}

// Length first, so a long string never meets the pattern; the pattern only guards Date.parse's leniency.
const instant = z.string({ error: CALENDAR_MESSAGES.rangeInvalid }).check(
  z.maxLength(40, { error: CALENDAR_MESSAGES.rangeInvalid, abort: true }),
  z.refine(isInstant, CALENDAR_MESSAGES.rangeInvalid),
);

const DAY_MS = 86_400_000;

/** GET /campaigns/v1/calendar?from=…&to=…: from inclusive, to exclusive. */
export const calendarQuerySchema = z
  .strictObject({ from: instant, to: instant })
  .check(
    z.refine(({ from, to }) => {
      const span = Date.parse(to) - Date.parse(from);
      return span > 0 && span <= CALENDAR_MAX_DAYS * DAY_MS;
    }, CALENDAR_MESSAGES.rangeInvalid),
  );
export type CalendarQuery = z.output<typeof calendarQuerySchema>;

/**
 * One campaign on the calendar: `at` is when it is scheduled for, or when its sending started;
 * `subject` as a reader with no data reads it.
 */
export const calendarAnswerSchema = z.object({
  campaigns: z.array(z.object({ id: z.string(), name: z.string(), subject: z.string(), status: z.enum(CAMPAIGN_STATUSES), at: z.string() })),
});
export type CalendarAnswer = z.output<typeof calendarAnswerSchema>;
export type CalendarCampaign = CalendarAnswer['campaigns'][number];
