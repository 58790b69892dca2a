import type { CampaignReportPoint } from '@postlark/shared/campaign-reports';

// The report chart's arithmetic, apart from its drawing: buckets over time and their summary (the
// axis and the pixels are lib/chart-scale.ts, shared with the Insights page's charts).

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
