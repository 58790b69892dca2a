import { describe, expect, it } from 'vitest';
import { campaignScheduleSchema } from '@postlark/shared/campaigns';
import { formatSchedule, suggestedSendAt, timeZoneOptions, wallClock } from './schedule';

describe('scheduling', () => {
  it('reads a moment on a timezone’s wall clock', () => {
    const moment = new Date('2026-12-01T08:30:00Z');
    expect(wallClock(moment, 'Europe/Paris')).toBe('2026-12-01T09:30');
    expect(wallClock(moment, 'Asia/Kolkata')).toBe('2026-12-01T14:00');
  });

  it('suggests a whole hour at least 30 minutes away, in the schedule schema’s form', () => {
    const suggestion = suggestedSendAt(new Date('2026-12-01T08:10:00Z'), 'UTC');
    expect(suggestion).toBe('2026-12-01T09:00');
    expect(campaignScheduleSchema.safeParse({ send_at: suggestion, timezone: 'UTC' }).success).toBe(true);
    expect(suggestedSendAt(new Date('2026-12-01T08:40:00Z'), 'Asia/Kolkata')).toBe('2026-12-01T15:00');
  });

  it('lists the browser’s zones with the ones asked for, sorted, each once', () => {
    const zones = timeZoneOptions('Europe/Paris', null, 'Europe/Paris');
    expect(zones).toContain('UTC');
    expect(zones.filter((zone) => zone === 'Europe/Paris')).toHaveLength(1);
    expect([...zones].sort((a, b) => a.localeCompare(b))).toEqual(zones);
  });

  it('shows a schedule on its own zone’s clock, naming the zone', () => {
    expect(formatSchedule('2026-12-01T08:00:00.000Z', 'Europe/Paris')).toBe('1 Dec 2026, 09:00 (Europe/Paris)');
    expect(formatSchedule('2026-12-01T08:00:00.000Z', 'Not/AZone')).toBe('1 Dec 2026, 08:00 (UTC)');
  });
});
