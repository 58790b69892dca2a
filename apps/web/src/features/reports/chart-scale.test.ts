import { describe, expect, it } from 'vitest';
import { bars, bucketHours, bucketTimeline, chartSummary, labelEvery, linePath, niceScale, xFor, yFor } from './chart-scale';

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

describe('niceScale', () => {
  it('rounds the top up to whole, round steps', () => {
    expect(niceScale(7)).toEqual({ max: 8, step: 2, ticks: [0, 2, 4, 6, 8] });
    expect(niceScale(100)).toEqual({ max: 100, step: 25, ticks: [0, 25, 50, 75, 100] });
    expect(niceScale(101)).toEqual({ max: 150, step: 50, ticks: [0, 50, 100, 150] });
    expect(niceScale(12_345).max).toBe(15_000);
  });

  it('never has fractional steps for small counts', () => {
    expect(niceScale(1)).toEqual({ max: 1, step: 1, ticks: [0, 1] });
    expect(niceScale(3)).toEqual({ max: 3, step: 1, ticks: [0, 1, 2, 3] });
    expect(niceScale(9).step).toBe(5);
  });

  it('has an axis even with nothing to show', () => {
    expect(niceScale(0)).toEqual({ max: 4, step: 1, ticks: [0, 1, 2, 3, 4] });
  });
});

describe('positions', () => {
  it('put values on the y-axis from the bottom, clamped to the plot', () => {
    expect(yFor(0, 100, 200)).toBe(200);
    expect(yFor(50, 100, 200)).toBe(100);
    expect(yFor(100, 100, 200)).toBe(0);
    expect(yFor(150, 100, 200)).toBe(0);
    expect(yFor(-5, 100, 200)).toBe(200);
    expect(yFor(5, 0, 200)).toBe(200);
  });

  it('put each bucket in the middle of its slot', () => {
    expect(xFor(0, 4, 400)).toBe(50);
    expect(xFor(3, 4, 400)).toBe(350);
    expect(xFor(0, 0, 400)).toBe(0);
  });

  it('draw a line through the middles', () => {
    expect(linePath([0, 50, 100], 100, 300, 100)).toBe('M50,100 L150,50 L250,0');
    expect(linePath([], 100, 300, 100)).toBe('');
  });

  it('draw bars centred in their slots, standing on the axis', () => {
    expect(bars([0, 50], 100, 200, 100, 0.5)).toEqual([
      { x: 25, y: 100, width: 50, height: 0 },
      { x: 125, y: 50, width: 50, height: 50 },
    ]);
  });

  it('space the x labels so they do not touch', () => {
    expect(labelEvery(48, 960, 60)).toBe(3);
    expect(labelEvery(6, 960, 60)).toBe(1);
    expect(labelEvery(0, 960, 60)).toBe(1);
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
