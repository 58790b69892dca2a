import type { CampaignReportPoint } from '@postlark/shared/campaign-reports';

// The report chart's arithmetic, apart from its drawing: buckets over time, a y-axis with round
// ticks, and where each value lands in the drawing's pixels.

export const HOUR_MS = 3_600_000;
/** Bucket widths in hours, tried in order; beyond a day, whole days. */
const BUCKET_HOURS = [1, 2, 3, 6, 12, 24] as const;
/** More bars than this and they are too thin to read on a phone. */
export const MAX_BUCKETS = 48;

export interface ChartBucket {
  /** ISO time of the bucket's first hour. */
  start: string;
  sent: number;
  opens: number;
  clicks: number;
}

export type ChartSeries = 'sent' | 'opens' | 'clicks';

/** The narrowest bucket (in hours) that fits `spanHours` into at most `maxBuckets` buckets. */
export function bucketHours(spanHours: number, maxBuckets = MAX_BUCKETS): number {
  const span = Math.max(1, Math.ceil(spanHours));
  const fitting = BUCKET_HOURS.find((hours) => Math.ceil(span / hours) <= maxBuckets);
  return fitting ?? 24 * Math.ceil(span / (24 * maxBuckets));
}

function hourStart(iso: string): number {
  const time = new Date(iso).getTime();
  return Math.floor(time / HOUR_MS) * HOUR_MS;
}

/**
 * The timeline as consecutive buckets from its first hour to its last. The API leaves out hours
 * with nothing in them; here they come back as zeros, so the x-axis is time, evenly spaced.
 */
export function bucketTimeline(points: readonly CampaignReportPoint[], maxBuckets = MAX_BUCKETS): { hours: number; buckets: ChartBucket[] } {
  const valid = points.filter((point) => Number.isFinite(new Date(point.at).getTime()));
  if (valid.length === 0) return { hours: 1, buckets: [] };
  const starts = valid.map((point) => hourStart(point.at));
  const first = Math.min(...starts);
  const last = Math.max(...starts);
  const hours = bucketHours((last - first) / HOUR_MS + 1, maxBuckets);
  const width = hours * HOUR_MS;
  const count = Math.floor((last - first) / width) + 1;
  const buckets: ChartBucket[] = Array.from({ length: count }, (_, index) => ({
    start: new Date(first + index * width).toISOString(),
    sent: 0,
    opens: 0,
    clicks: 0,
  }));
  valid.forEach((point, index) => {
    const bucket = buckets[Math.floor((starts[index]! - first) / width)]!;
    bucket.sent += point.sent;
    bucket.opens += point.opens;
    bucket.clicks += point.clicks;
  });
  return { hours, buckets };
}

export interface NiceScale {
  /** The axis's top: a round number at or above the largest value. */
  max: number;
  step: number;
  /** From 0 up to max, every step. */
  ticks: number[];
}

/** A y-axis for counts: about `tickCount` round, whole-number steps covering `max`. */
export function niceScale(max: number, tickCount = 4): NiceScale {
  if (!(max > 0)) return { max: tickCount, step: 1, ticks: Array.from({ length: tickCount + 1 }, (_, index) => index) };
  const raw = max / tickCount;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  // 2.5 only where it gives whole numbers (25, 250, ...): counts have no halves.
  const factors = magnitude >= 10 ? [1, 2, 2.5, 5, 10] : [1, 2, 5, 10];
  const step = Math.max(1, factors.find((factor) => factor * magnitude >= raw)! * magnitude);
  const top = step * Math.ceil(max / step);
  const ticks: number[] = [];
  for (let tick = 0; tick <= top; tick += step) ticks.push(tick);
  return { max: top, step, ticks };
}

/** The y pixel of a value, 0 at the top of a plot `height` tall whose top is `max`. */
export function yFor(value: number, max: number, height: number): number {
  if (max <= 0) return height;
  return height - (Math.min(Math.max(value, 0), max) / max) * height;
}

/** The x pixel of the middle of bucket `index` out of `count` across `width`. */
export function xFor(index: number, count: number, width: number): number {
  return count <= 0 ? 0 : ((index + 0.5) * width) / count;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** An SVG path through each bucket's middle at its value's height. */
export function linePath(values: readonly number[], max: number, width: number, height: number): string {
  return values.map((value, index) => `${index === 0 ? 'M' : 'L'}${round(xFor(index, values.length, width))},${round(yFor(value, max, height))}`).join(' ');
}

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A bar per bucket, centred in its slot with `gap` (a fraction of the slot) left around it. */
export function bars(values: readonly number[], max: number, width: number, height: number, gap = 0.3): Bar[] {
  const slot = values.length > 0 ? width / values.length : 0;
  const barWidth = Math.max(1, slot * (1 - gap));
  return values.map((value, index) => {
    const y = yFor(value, max, height);
    return { x: round(xFor(index, values.length, width) - barWidth / 2), y: round(y), width: round(barWidth), height: round(height - y) };
  });
}

/** Label every n-th bucket so labels `minGap` pixels wide do not run into each other. */
export function labelEvery(count: number, width: number, minGap: number): number {
  if (count <= 0 || width <= 0) return 1;
  return Math.max(1, Math.ceil(minGap / (width / count)));
}

/** The chart's one-sentence summary, for its aria-label; `time` writes a bucket's start. */
export function chartSummary(buckets: readonly ChartBucket[], hours: number, series: readonly ChartSeries[], time: (iso: string) => string): string {
  const lead = series[0];
  if (buckets.length === 0 || !lead) return 'Nothing recorded yet.';
  const count = (value: number) => value.toLocaleString('en-GB');
  const totals = series.map((name) => `${count(buckets.reduce((sum, bucket) => sum + bucket[name], 0))} ${name}`);
  const busiest = buckets.reduce((best, bucket) => (bucket[lead] > best[lead] ? bucket : best), buckets[0]!);
  const period = hours === 1 ? 'hour' : `${hours}-hour period`;
  const span = hours === 1 ? `${buckets.length} ${buckets.length === 1 ? 'hour' : 'hours'}` : `${buckets.length} periods of ${hours} hours`;
  return `${totals.join(', ')} over ${span}. Busiest ${period} for ${lead}: ${time(busiest.start)}, with ${count(busiest[lead])}.`;
}
