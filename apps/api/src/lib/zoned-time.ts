// Wall-clock times in IANA timezones, with nothing but Intl: "2026-12-01T09:00 in Europe/Paris"
// to the instant it names.

/** True for a timezone this runtime knows (Intl throws a RangeError for any other). */
export function isTimezone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The wall clock in a timezone at an instant: its date, time and weekday (0 Sunday ... 6 Saturday). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export function wallClock(instant: Date, timezone: string): WallClock {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    weekday: 'short',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((item) => item.type === type)!.value;
  return {
    year: Number(part('year')),
    month: Number(part('month')),
    day: Number(part('day')),
    hour: Number(part('hour')),
    minute: Number(part('minute')),
    second: Number(part('second')),
    weekday: WEEKDAYS.indexOf(part('weekday')),
  };
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
function offsetMs(timezone: string, instant: number): number {
  const clock = wallClock(new Date(instant), timezone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time ('YYYY-MM-DDTHH:mm') names in a timezone, or null for a date that
 * does not exist. A time skipped by a daylight-saving change (02:30 on the night clocks go
 * forward) is read with the offset from before the change, so it lands just after it.
 */
export function zonedTimeToInstant(local: string, timezone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  // Two passes settle the offset in force at the answer itself, across a change of offset.
  const first = wall - offsetMs(timezone, wall);
  return new Date(wall - offsetMs(timezone, first));
}
