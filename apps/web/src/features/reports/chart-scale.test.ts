import { describe, expect, it } from 'vitest';
import { bucketHours, bucketTimeline, chartSummary } from './chart-scale';

const point = (at: string, sent: number, opens = 0, clicks = 0) => ({ at, sent, opens, clicks });

describe('bucketTimeline', () => {
  it('is empty without points', () => {
    expect(bucketTimeline([])).toEqual({ hours: 1, buckets: [] });
  });

  it('fills the hours the API leaves out with zeros, so the x-axis is evenly spaced time', () => {
    const { hours, buckets } = bucketTimeline([point('2026-11-23T09:00:00.000Z', 10, 4, 1), point('2026-11-23T12:00:00.000Z', 0, 2, 2)]);
    expect(hours).toBe(1);
    expect(buckets.map((bucket) => bucket.start)).toEqual([
      '2026-11-23T09:00:00.000Z',
      '2026-11-23T10:00:00.000Z',
      '2026-11-23T11:00:00.000Z',
      '2026-11-23T12:00:00.000Z',
    ]);
    expect(buckets.map((bucket) => [bucket.sent, bucket.opens, bucket.clicks])).toEqual([
      [10, 4, 1],
      [0, 0, 0],
      [0, 0, 0],
      [0, 2, 2],
    ]);
  });

  it('sorts points given out of order and adds up points in the same hour', () => {
    const { buckets } = bucketTimeline([point('2026-11-23T10:00:00.000Z', 1), point('2026-11-23T09:00:00.000Z', 2), point('2026-11-23T10:30:00.000Z', 3)]);
    expect(buckets.map((bucket) => bucket.sent)).toEqual([2, 4]);
  });

  it('groups a long timeline into wider buckets, keeping every figure', () => {
    // Five days of hourly points: 120 hours, too many bars for a phone.
    const points = Array.from({ length: 120 }, (_, index) => point(new Date(Date.UTC(2026, 10, 23) + index * 3_600_000).toISOString(), 1, 2, 1));
    const { hours, buckets } = bucketTimeline(points);
    expect(hours).toBe(3);
    expect(buckets).toHaveLength(40);
    expect(buckets.reduce((sum, bucket) => sum + bucket.sent, 0)).toBe(120);
    expect(buckets.reduce((sum, bucket) => sum + bucket.opens, 0)).toBe(240);
    expect(buckets[0]).toEqual({ start: '2026-11-23T00:00:00.000Z', sent: 3, opens: 6, clicks: 3 });
  });

  it('ignores a point whose time cannot be read', () => {
    expect(bucketTimeline([point('not a time', 5), point('2026-11-23T09:00:00.000Z', 1)]).buckets).toEqual([
      { start: '2026-11-23T09:00:00.000Z', sent: 1, opens: 0, clicks: 0 },
    ]);
  });
});

describe('bucketHours', () => {
  it('is an hour while that fits, then 2, 3, 6, 12, 24 hours, then whole days', () => {
    expect(bucketHours(1)).toBe(1);
    expect(bucketHours(48)).toBe(1);
    expect(bucketHours(49)).toBe(2);
    expect(bucketHours(97)).toBe(3);
    expect(bucketHours(48 * 24)).toBe(24);
    expect(bucketHours(48 * 24 + 1)).toBe(48);
    expect(bucketHours(10, 4)).toBe(3);
  });
});

describe('chartSummary', () => {
  it('says the totals and the busiest period of the first series', () => {
    const { hours, buckets } = bucketTimeline([point('2026-11-23T09:00:00.000Z', 1200, 40, 3), point('2026-11-23T10:00:00.000Z', 300, 90, 12)]);
    expect(chartSummary(buckets, hours, ['opens', 'clicks'], (iso) => iso.slice(11, 16))).toBe('130 opens, 15 clicks over 2 hours. Busiest hour for opens: 10:00, with 90.');
    expect(chartSummary(buckets, hours, ['sent'], (iso) => iso.slice(11, 16))).toBe('1,500 sent over 2 hours. Busiest hour for sent: 09:00, with 1,200.');
    expect(chartSummary([], 1, ['sent'], String)).toBe('Nothing recorded yet.');
  });
});
