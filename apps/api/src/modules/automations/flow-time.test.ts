import { describe, expect, it } from 'vitest';
import { candidateMonthDays, dateOccurrence, nextWeekdayAt, quietHoursEnd } from './flow-time';

describe('flow times in the person’s timezone', () => {
  it('finds the next chosen weekday at an hour, across a daylight-saving change', () => {
    // Monday 2026-06-01 10:00 UTC; Wednesday 09:00 in New York (UTC-4 in summer) is 13:00 UTC.
    expect(nextWeekdayAt(new Date('2026-06-01T10:00:00Z'), 'America/New_York', [3], 9).toISOString()).toBe('2026-06-03T13:00:00.000Z');
    // Already past Monday's hour there: next week's Monday.
    expect(nextWeekdayAt(new Date('2026-06-01T14:00:00Z'), 'America/New_York', [1], 9).toISOString()).toBe('2026-06-08T13:00:00.000Z');
    // Paris moves to summer time on 2026-03-29: Monday 30 March 09:00 is 07:00 UTC.
    expect(nextWeekdayAt(new Date('2026-03-27T12:00:00Z'), 'Europe/Paris', [1], 9).toISOString()).toBe('2026-03-30T07:00:00.000Z');
  });

  it('defers to the end of quiet hours, which may span midnight', () => {
    const quiet = { start: 21, end: 8 };
    expect(quietHoursEnd(new Date('2026-06-01T13:00:00Z'), 'Asia/Tokyo', quiet)?.toISOString()).toBe('2026-06-01T23:00:00.000Z');
    expect(quietHoursEnd(new Date('2026-06-01T20:00:00Z'), 'Asia/Tokyo', quiet)?.toISOString()).toBe('2026-06-01T23:00:00.000Z');
    expect(quietHoursEnd(new Date('2026-06-01T03:00:00Z'), 'Asia/Tokyo', quiet)).toBeNull();
    expect(quietHoursEnd(new Date('2026-06-01T13:00:00Z'), 'UTC', { start: 12, end: 14 })?.toISOString()).toBe('2026-06-01T14:00:00.000Z');
    expect(quietHoursEnd(new Date('2026-06-01T13:00:00Z'), 'UTC', null)).toBeNull();
  });

  it('sees a date attribute’s yearly recurrence, N days before or after, once per year', () => {
    const at = (iso: string) => new Date(iso);
    expect(dateOccurrence('1990-06-04', 'UTC', -3, 9, at('2026-06-01T09:30:00Z'))).toEqual({ key: 'date:2026', at: at('2026-06-01T09:00:00Z') });
    expect(dateOccurrence('1990-06-04', 'UTC', -3, 9, at('2026-06-01T08:30:00Z'))).toBeNull();
    expect(dateOccurrence('1990-05-29', 'UTC', 3, 9, at('2026-06-01T09:30:00Z'))).toEqual({ key: 'date:2026', at: at('2026-06-01T09:00:00Z') });
    // Sydney is already on the 1st at 23:30 UTC on the 31st of May.
    expect(dateOccurrence('2001-06-01', 'Australia/Sydney', 0, 9, at('2026-05-31T23:30:00Z'))?.key).toBe('date:2026');
    // New Year: a reminder 3 days before 2 January falls in the year before.
    expect(dateOccurrence('1980-01-02', 'UTC', -3, 0, at('2026-12-30T01:00:00Z'))?.key).toBe('date:2027');
    // 29 February recurs on the 28th in other years.
    expect(dateOccurrence('2000-02-29', 'UTC', 0, 9, at('2027-02-28T10:00:00Z'))?.key).toBe('date:2027');
    expect(dateOccurrence('not a date', 'UTC', 0, 9, at('2027-02-28T10:00:00Z'))).toBeNull();
    expect(candidateMonthDays(at('2026-06-01T10:00:00Z'), -3)).toEqual(['06-03', '06-04', '06-05']);
  });
});
