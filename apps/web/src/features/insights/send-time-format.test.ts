import { describe, expect, it } from 'vitest';
import { utcClock, zoneClock } from './send-time-format';

describe('send time as a clock time', () => {
  it('reads quarter hours in UTC', () => {
    expect(utcClock(20)).toBe('20:00');
    expect(utcClock(7.25)).toBe('07:15');
    expect(utcClock(23.75)).toBe('23:45');
  });

  it('moves to the zone’s clock on the day, summer time included', () => {
    expect(zoneClock(20, 'Europe/Berlin', new Date('2026-01-15T00:00:00Z'))).toBe('21:00');
    expect(zoneClock(20, 'Europe/Berlin', new Date('2026-07-15T00:00:00Z'))).toBe('22:00');
    expect(zoneClock(7.25, 'America/New_York', new Date('2026-01-15T00:00:00Z'))).toBe('02:15');
    expect(zoneClock(5, 'Nowhere/Special')).toBeNull();
  });
});
