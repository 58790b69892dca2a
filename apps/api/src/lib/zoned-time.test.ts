import { describe, expect, it } from 'vitest';
import { isTimezone, zonedTimeToInstant } from './zoned-time';

describe('zonedTimeToInstant', () => {
  it('reads a wall-clock time in winter and in summer time', () => {
    expect(zonedTimeToInstant('2026-12-01T09:00', 'Europe/Paris')?.toISOString()).toBe('2026-12-01T08:00:00.000Z');
    expect(zonedTimeToInstant('2026-07-01T09:00', 'Europe/Paris')?.toISOString()).toBe('2026-07-01T07:00:00.000Z');
    expect(zonedTimeToInstant('2026-12-01T09:00', 'America/New_York')?.toISOString()).toBe('2026-12-01T14:00:00.000Z');
    expect(zonedTimeToInstant('2026-12-01T09:00', 'Asia/Kolkata')?.toISOString()).toBe('2026-12-01T03:30:00.000Z');
    expect(zonedTimeToInstant('2026-12-01T09:00', 'UTC')?.toISOString()).toBe('2026-12-01T09:00:00.000Z');
  });

  it('places a time skipped by the spring change just after it, and takes the first of a repeated hour', () => {
    // Europe/Paris goes from 02:00 to 03:00 on 2026-03-29.
    expect(zonedTimeToInstant('2026-03-29T02:30', 'Europe/Paris')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 02:30 happens twice on 2026-10-25; either reading is a real 02:30 in Paris.
    expect(['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z']).toContain(zonedTimeToInstant('2026-10-25T02:30', 'Europe/Paris')?.toISOString());
  });

  it('refuses dates that do not exist', () => {
    expect(zonedTimeToInstant('2026-02-30T09:00', 'UTC')).toBeNull();
    expect(zonedTimeToInstant('2026-12-01T24:00', 'UTC')).toBeNull();
    expect(zonedTimeToInstant('2026-12-01 09:00', 'UTC')).toBeNull();
  });
});

describe('isTimezone', () => {
  it('knows IANA names and nothing else', () => {
    expect(isTimezone('Europe/Paris')).toBe(true);
    expect(isTimezone('Mars/Olympus_Mons')).toBe(false);
  });
});
