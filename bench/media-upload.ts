import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { processImage } from '../apps/api/src/modules/media/image-processing';

/**
 * Image uploads (issue 33, point 1): a 12-megapixel photo (4032 × 3024, what a phone takes) through
 * the product's processing (header check, auto-orientation, metadata stripped, 1200 and 640 px
 * variants with mozjpeg), next to the least a server could do in the same run: one resize to
 * 1200 px with sharp's defaults. Then a 20,000 × 20,000 PNG bomb's refusal, which must read only
 * its header. Medians of `runs` after a warm-up; the process's peak RSS over each is printed too.
 */

export const MEDIA_UPLOAD = {
  runs: 5,
  width: 4032,
  height: 3024,
  /** The product's defaults (media-env.ts). */
  limits: { maxPixels: 40_000_000, maxFrames: 300 },
} as const;

export interface MediaUploadReport {
  photoBytes: number;
  oursMs: number;
  baselineMs: number;
  oursOutputBytes: number;
  baselineOutputBytes: number;
  oursPeakRssMb: number;
  baselinePeakRssMb: number;
  bombBytes: number;
  bombRefusalMs: number;
}

/** A photo-like picture: smooth light, some texture and sensor noise, so JPEG sizes are a photo's. */
async function photo(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 12345;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed / 0x7fffffff - 0.5) * 24;
  };
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      const light = 0.5 + 0.5 * Math.sin(x / 310) * Math.cos(y / 270);
      pixels[at] = Math.max(0, Math.min(255, 60 + 150 * light + 20 * Math.sin(x / 7) + noise()));
      pixels[at + 1] = Math.max(0, Math.min(255, 90 + 110 * light + noise()));
      pixels[at + 2] = Math.max(0, Math.min(255, 140 + 80 * (1 - light) + 15 * Math.cos(y / 5) + noise()));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .withExif({ IFD0: { Make: 'Phone', Model: 'Camera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .toBuffer();
}

async function bomb(side: number): Promise<Buffer> {
  const { pngBomb } = await import('../apps/api/test/support/media');
  return pngBomb(side, side);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Times `work` `runs` times after a warm-up; the median, and the highest RSS seen while it ran. */
async function timed(runs: number, work: () => Promise<number>): Promise<{ ms: number; bytes: number; peakRssMb: number }> {
  await work();
  const times: number[] = [];
  let bytes = 0;
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    bytes = await work();
    times.push(performance.now() - started);
  }
  clearInterval(sampler);
  return { ms: median(times), bytes, peakRssMb: Math.max(peak, process.memoryUsage.rss()) / (1024 * 1024) };
}

export async function measureMediaUpload(): Promise<MediaUploadReport> {
  const { runs, width, height, limits } = MEDIA_UPLOAD;
  const input = await photo(width, height);
  // Alternated, so a drift of the machine falls on both.
  const baseline = await timed(runs, async () => (await sharp(input).resize({ width: 1200 }).jpeg().toBuffer()).length);
  const ours = await timed(runs, async () => (await processImage(input, 'image/jpeg', limits)).variants.reduce((sum, variant) => sum + variant.data.length, 0));
  const bombInput = await bomb(20_000);
  const refusals: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await processImage(bombInput, 'image/png', limits).then(
      () => {
        throw new Error('the 400-megapixel PNG was processed, not refused');
      },
      (error: { statusCode?: number }) => {
        if (error.statusCode !== 413) throw error;
      },
    );
    refusals.push(performance.now() - started);
  }
  return {
    photoBytes: input.length,
    oursMs: ours.ms,
    baselineMs: baseline.ms,
    oursOutputBytes: ours.bytes,
    baselineOutputBytes: baseline.bytes,
    oursPeakRssMb: ours.peakRssMb,
    baselinePeakRssMb: baseline.peakRssMb,
    bombBytes: bombInput.length,
    bombRefusalMs: median(refusals),
  };
}

export function printMediaUpload(report: MediaUploadReport): boolean {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  console.log(`\n== Image uploads: a ${MEDIA_UPLOAD.width} × ${MEDIA_UPLOAD.height} photo (${kb(report.photoBytes)} JPEG with EXIF and GPS) ==`);
  console.log(`  medians of ${MEDIA_UPLOAD.runs} runs after a warm-up, one process; peak RSS is the process's while the runs went\n`);
  console.log(`  ${'what'.padEnd(58)} ${'time'.padStart(9)} ${'output'.padStart(9)} ${'peak RSS'.padStart(9)}`);
  console.log(`  ${'ours: check, upright, strip, 1200 + 640 px, mozjpeg'.padEnd(58)} ${`${report.oursMs.toFixed(0)} ms`.padStart(9)} ${kb(report.oursOutputBytes).padStart(9)} ${`${report.oursPeakRssMb.toFixed(0)} MB`.padStart(9)}`);
  console.log(`  ${'baseline: one resize to 1200 px, sharp defaults'.padEnd(58)} ${`${report.baselineMs.toFixed(0)} ms`.padStart(9)} ${kb(report.baselineOutputBytes).padStart(9)} ${`${report.baselinePeakRssMb.toFixed(0)} MB`.padStart(9)}`);
  console.log(`\n  a 20,000 × 20,000 PNG (${kb(report.bombBytes)}, 1.2 GB if decoded) refused in ${report.bombRefusalMs.toFixed(1)} ms (its header read, nothing decoded)`);
  return report.oursOutputBytes > 0 && report.baselineOutputBytes > 0;
}
