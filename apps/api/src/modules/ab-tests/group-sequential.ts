// Group-sequential boundaries for one comparison (Jennison and Turnbull 2000, ch. 7 and 19): a
// one-sided upper boundary whose crossing probability under no difference is spent over the
// information as it arrives, with the Lan-DeMets O'Brien-Fleming-type spending function. The
// statistic is taken to be Brownian motion in the information I: the score S = Z√I has independent
// increments with variance ΔI. Each tested look needs only the sub-density of S at the previous
// tested look over the region where it had not crossed, so that density is carried (on a grid) as
// the state, and a look costs one convolution however many looks came before.
import { normalPdf, normalQuantile, normalUpperTail } from '../../lib/normal-distribution';

/** What the next tested look needs; plain numbers, so it survives JSON.stringify/parse unchanged. */
export interface BoundaryTrack {
  /** Information at the last tested look (0 before the first). */
  information: number;
  /** Error probability spent so far. */
  spent: number;
  /** Tested looks so far. */
  looks: number;
  /**
   * The sub-density of the score at the last tested look where it had not crossed: values at
   * `grid.low + k × grid.step`, a parabola over each two intervals, zero outside. Null before the first look (the
   * score is then exactly 0).
   */
  grid: { low: number; step: number; density: number[] } | null;
}

// Grid nodes for the density (odd: pairs of intervals carry a parabola each). 121 nodes over
// [−8, boundary] in z put the published boundaries within 0.001 (group-sequential.test.ts), and
// 6 comparisons × 121 numbers keep the stored state a few kilobytes.
const GRID_NODES = 121;
// z beyond which a normal tail (about 6e-16) is treated as nothing.
const NEGLIGIBLE_Z = 8;
// Kernel half-width in standard deviations: segments farther away contribute below 1e-16.
const KERNEL_REACH = 8.5;
const BISECTION_STEPS = 56;
const HIGHEST_BOUNDARY_Z = 40;

export const startTrack = (): BoundaryTrack => ({ information: 0, spent: 0, looks: 0, grid: null });

/**
 * Lan-DeMets O'Brien-Fleming-type spending, one-sided level alpha: α(t) = 2 − 2Φ(z_{α/2}/√t), which
 * is α at t = 1 and spends almost nothing early (the first looks need overwhelming evidence).
 */
export function obrienFlemingSpent(fraction: number, alpha: number): number {
  if (!(fraction > 0)) return 0;
  if (fraction >= 1) return alpha;
  const z = -normalQuantile(alpha / 2);
  return 2 * normalUpperTail(z / Math.sqrt(fraction));
}

// Antiderivatives of Φ(y), y Φ(y), y² Φ(y) (the crossing probability) and of φ(x), x φ(x), x² φ(x)
// (the convolution), given Φ's upper tail and φ at the point, so each node's are computed once.
const intCdf = (y: number, upper: number, pdf: number) => y * (1 - upper) + pdf;
const intYCdf = (y: number, upper: number, pdf: number) => 0.5 * ((y * y - 1) * (1 - upper) + y * pdf);
const intYYCdf = (y: number, upper: number, pdf: number) => (y * y * y * (1 - upper) + (y * y + 2) * pdf) / 3;

/**
 * The density between nodes 2j and 2j + 2 is the parabola through the three nodes (Simpson's
 * rule's): exact integration of a parabola against the normal kernel keeps the boundaries within
 * 0.001 of the published ones with 121 nodes, where straight lines needed 800. Written around the
 * point `at`: g(at + w) = c0 + c1 w + c2 w².
 */
function parabolaAround(density: number[], low: number, step: number, pair: number, at: number): [number, number, number] {
  const left = density[2 * pair]!;
  const middle = density[2 * pair + 1]!;
  const right = density[2 * pair + 2]!;
  const d1 = (right - left) / (2 * step);
  const d2 = (right - 2 * middle + left) / (2 * step * step);
  const e = at - (low + (2 * pair + 1) * step);
  return [middle + d1 * e + d2 * e * e, d1 + 2 * d2 * e, d2];
}

/**
 * P(the score, not having crossed before, is above `bound` at the next look), exactly for the
 * piecewise-parabolic density: Σ ∫ g(u) Φ((u − b)/σ) du, σ = √ΔI, with u = b + σy.
 */
function crossing(track: BoundaryTrack, information: number, bound: number): number {
  const grid = track.grid;
  if (!grid) return normalUpperTail(bound / Math.sqrt(information));
  const sd = Math.sqrt(information - track.information);
  const { low, step, density } = grid;
  const pairs = (density.length - 1) / 2;
  const first = Math.max(0, Math.floor((bound - KERNEL_REACH * sd - low) / (2 * step)));
  let total = 0;
  let y0 = (low + 2 * first * step - bound) / sd;
  let upper0 = normalUpperTail(y0);
  let pdf0 = normalPdf(y0);
  for (let j = first; j < pairs; j++) {
    const y1 = (low + 2 * (j + 1) * step - bound) / sd;
    const upper1 = normalUpperTail(y1);
    const pdf1 = normalPdf(y1);
    const [c0, c1, c2] = parabolaAround(density, low, step, j, bound);
    total +=
      sd *
      (c0 * (intCdf(y1, upper1, pdf1) - intCdf(y0, upper0, pdf0)) +
        c1 * sd * (intYCdf(y1, upper1, pdf1) - intYCdf(y0, upper0, pdf0)) +
        c2 * sd * sd * (intYYCdf(y1, upper1, pdf1) - intYYCdf(y0, upper0, pdf0)));
    y0 = y1;
    upper0 = upper1;
    pdf0 = pdf1;
  }
  return Math.max(0, total);
}

/** The density of the score at the next look at `s` (before removing what crossed): g convolved with N(0, ΔI). */
function convolved(track: BoundaryTrack, information: number, s: number): number {
  const grid = track.grid;
  if (!grid) {
    const sd = Math.sqrt(information);
    return normalPdf(s / sd) / sd;
  }
  const sd = Math.sqrt(information - track.information);
  const { low, step, density } = grid;
  const pairs = (density.length - 1) / 2;
  const first = Math.max(0, Math.floor((s - KERNEL_REACH * sd - low) / (2 * step)));
  const last = Math.min(pairs, Math.ceil((s + KERNEL_REACH * sd - low) / (2 * step)));
  let total = 0;
  let x0 = (low + 2 * first * step - s) / sd;
  let cdf0 = 1 - normalUpperTail(x0);
  let pdf0 = normalPdf(x0);
  for (let j = first; j < last; j++) {
    const x1 = (low + 2 * (j + 1) * step - s) / sd;
    const cdf1 = 1 - normalUpperTail(x1);
    const pdf1 = normalPdf(x1);
    const [c0, c1, c2] = parabolaAround(density, low, step, j, s);
    // ∫ (c0 + c1 σx + c2 σ²x²) φ(x) dx with ∫ x φ = −φ and ∫ x² φ = Φ − x φ.
    total += c0 * (cdf1 - cdf0) + c1 * sd * (pdf0 - pdf1) + c2 * sd * sd * (cdf1 - x1 * pdf1 - (cdf0 - x0 * pdf0));
    x0 = x1;
    cdf0 = cdf1;
    pdf0 = pdf1;
  }
  return Math.max(0, total);
}

export interface TestedLook {
  track: BoundaryTrack;
  /** The boundary in z at this look; Infinity when this look's share of the error is nil. */
  boundary: number;
}

/**
 * Tests at `information` with the error spent so far brought to `spentTarget`: the boundary that
 * spends exactly the difference, and the track for the next look. Null when there is nothing to
 * test (no new information); the track then stays as it was, and the look simply did not happen.
 */
export function testLook(track: BoundaryTrack, information: number, spentTarget: number): TestedLook | null {
  if (!(information > track.information * (1 + 1e-9)) || !Number.isFinite(information)) return null;
  const share = spentTarget - track.spent;
  const rootI = Math.sqrt(information);
  let boundaryZ = Infinity;
  if (share > 1e-15) {
    let low = 0;
    let high = HIGHEST_BOUNDARY_Z;
    if (crossing(track, information, 0) <= share) high = 0;
    for (let i = 0; i < BISECTION_STEPS && high > low; i++) {
      const middle = 0.5 * (low + high);
      if (crossing(track, information, middle * rootI) > share) low = middle;
      else high = middle;
    }
    boundaryZ = high;
  }
  const spent = Number.isFinite(boundaryZ) ? track.spent + crossing(track, information, boundaryZ * rootI) : track.spent;
  const lowS = -NEGLIGIBLE_Z * rootI;
  const highS = Math.min(boundaryZ, NEGLIGIBLE_Z) * rootI;
  const step = (highS - lowS) / (GRID_NODES - 1);
  const density: number[] = [];
  for (let k = 0; k < GRID_NODES; k++) density.push(convolved(track, information, lowS + k * step));
  return { track: { information, spent, looks: track.looks + 1, grid: { low: lowS, step, density } }, boundary: boundaryZ };
}

/** The boundaries (z) of a design with looks at the given information fractions, spending alpha one-sided. */
export function obrienFlemingBoundaries(fractions: readonly number[], alpha: number): number[] {
  let track = startTrack();
  const boundaries: number[] = [];
  fractions.forEach((fraction, index) => {
    const target = index === fractions.length - 1 ? alpha : obrienFlemingSpent(fraction, alpha);
    const look = testLook(track, fraction, target);
    if (!look) return;
    track = look.track;
    boundaries.push(look.boundary);
  });
  return boundaries;
}
