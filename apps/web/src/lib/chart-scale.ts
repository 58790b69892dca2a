// A chart's arithmetic, apart from its drawing: a y-axis with round ticks, and where each value
// lands in the drawing's pixels. The reports' and the Insights page's charts draw with it.

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
