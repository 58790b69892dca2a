// The decision of an A/B test (docs/decisions/009-ab-test-decisions.md). Pure: tallies in, a
// verdict and the state for the next look out; the engine stores the state between looks.
//
// The audience is fixed and sent at the start; what arrives over the wait are the outcomes. Each
// pair of arms (i, j) has a statistic Z that behaves as Brownian motion in an information I that
// grows as outcomes arrive. Arm i wins when it has beaten every other arm; each ordered comparison
// "i beats j" is held to alpha/arms one-sided however often it is looked at, so the chance of any
// false winner stays within alpha (the events "i beats all others" are disjoint).
import type { AbInterval, AbMetric } from '@postlark/shared/ab-tests';
import { normalQuantile } from '../../lib/normal-distribution';
import { type BoundaryTrack, obrienFlemingSpent, startTrack, testLook } from './group-sequential';
import { bestMixtureScale, mixtureBoundary } from './mixture-sequential';

export interface ArmTally {
  /** Messages sent to the arm. */
  n: number;
  /** Unique human openers / unique human clickers / buyers. */
  successes: number;
  /** Revenue per recipient: the sum over the arm's recipients and the sum of squares (recipients without an order count 0). */
  sum?: number;
  sumSquares?: number;
}

export type SequentialMethod = 'group_sequential' | 'mixture';

export interface TestDesign {
  metric: AbMetric;
  arms: number;
  /** The chance of a false winner across all arms together; 0.05 unless said. */
  alpha?: number;
  /** The share of recipients expected to open / click / buy by the deadline (DEFAULT_PLANNED_RATE). */
  plannedRate?: number;
  /** The group-sequential design unless said; the mixture test is the candidate the bench compares. */
  method?: SequentialMethod;
}

export interface LookInput {
  /** Milliseconds since the test started. */
  at: number;
  /** The deadline's look: answers winner or no_winner, never continue. */
  final: boolean;
  arms: ArmTally[];
}

export type Verdict = { kind: 'continue' } | { kind: 'winner'; arm: number } | { kind: 'no_winner' };

interface PairState {
  /** Arm i beat arm j (i < j) at a tested look; and j beat i. A comparison once won stays won. */
  firstWins: boolean;
  secondWins: boolean;
  /** The group-sequential comparison's track (unused by the mixture). */
  track: BoundaryTrack;
  /** Information fraction at the last tested look. */
  fraction: number;
  /** z (i over j) and the boundary at the last tested look, for the report; null before one. */
  z: number | null;
  boundary: number | null;
}

export interface SequentialState {
  version: 1;
  method: SequentialMethod;
  arms: number;
  looks: number;
  /** One per pair i < j, in the order (0,1), (0,2), …, (1,2), … */
  pairs: PairState[];
  verdict: Verdict;
}

export interface LookResult {
  verdict: Verdict;
  state: SequentialState;
  /** Fraction of the planned information seen, 0..1 (1 at the final look). */
  information: number;
  /** The arm ahead on the metric; null when nothing separates them yet. */
  leader: number | null;
  /** A comparison was won at this look. */
  boundaryCrossed: boolean;
}

export const DEFAULT_ALPHA = 0.05;
/** Planned share of recipients with an outcome by the deadline: human opens, clicks, buyers. */
export const DEFAULT_PLANNED_RATE: Record<AbMetric, number> = { open_rate: 0.2, click_rate: 0.03, revenue: 0.01 };
// Until the final look the information fraction stays below this, so the deadline always has
// error left to spend even when outcomes arrive faster than planned.
const FRACTION_CAP = 0.9;
// A comparison is tested again only when its information fraction has grown by this much: at most
// about 40 tested looks however often the engine looks (864 looks in 72 hours), which bounds the
// work and loses nothing measurable (the spending function spends by information, not by looks).
const FRACTION_STEP = 0.025;
// Looks whose share of the error is below this (O'Brien-Fleming's first few) are not tested.
const NEGLIGIBLE_SHARE = 1e-6;
// Revenue: Welch's z needs a variance from more than a handful of buyers to be near normal.
const MIN_BUYERS_PER_PAIR = 10;
const Z_95 = normalQuantile(0.975);

const mixtureScales = new Map<number, number>();
function mixtureScale(alpha: number): number {
  let scale = mixtureScales.get(alpha);
  if (scale === undefined) {
    scale = bestMixtureScale(alpha);
    mixtureScales.set(alpha, scale);
  }
  return scale;
}

const finiteOr0 = (value: number | undefined) => (value !== undefined && Number.isFinite(value) ? value : 0);

interface CleanArm {
  n: number;
  successes: number;
  sum: number;
  sumSquares: number;
}

function cleanArm(arm: ArmTally | undefined): CleanArm {
  const n = Math.max(0, Math.floor(finiteOr0(arm?.n)));
  return {
    n,
    successes: Math.min(n, Math.max(0, Math.floor(finiteOr0(arm?.successes)))),
    sum: finiteOr0(arm?.sum),
    sumSquares: Math.max(0, finiteOr0(arm?.sumSquares)),
  };
}

/** Information of m outcomes among N recipients: m/(N − m) (the hypergeometric walk's time). */
const informationOf = (m: number, total: number) => (m > 0 && m < total ? m / (total - m) : 0);

interface Comparison {
  z: number;
  information: number;
  planned: number;
}

/**
 * Z for "i over j" and its information. Rates: with random assignment and no difference, who among
 * the N recipients of the pair has converted so far carries no information about the arm, so arm
 * i's count among the m conversions is hypergeometric; standardised, it is Brownian motion in
 * I = m/(N − m), and at the end it is the two-proportion test. Revenue: Welch's z, timed by buyers.
 */
function compare(metric: AbMetric, a: CleanArm, b: CleanArm, plannedRate: number): Comparison | null {
  if (a.n === 0 || b.n === 0) return null;
  const total = a.n + b.n;
  const m = a.successes + b.successes;
  const plannedM = Math.min(total - 1, Math.max(1, plannedRate * total));
  const planned = informationOf(plannedM, total);
  const information = informationOf(m, total);
  if (information === 0 || planned === 0) return null;
  if (metric === 'revenue') {
    if (m < MIN_BUYERS_PER_PAIR || a.n < 2 || b.n < 2) return null;
    const variance = (arm: CleanArm) => Math.max(0, (arm.sumSquares - (arm.sum * arm.sum) / arm.n) / (arm.n - 1));
    const se2 = variance(a) / a.n + variance(b) / b.n;
    if (!(se2 > 0)) return null;
    return { z: (a.sum / a.n - b.sum / b.n) / Math.sqrt(se2), information, planned };
  }
  const shareA = a.n / total;
  const variance = (m * shareA * (1 - shareA) * (total - m)) / (total - 1);
  return { z: (a.successes - m * shareA) / Math.sqrt(variance), information, planned };
}

const pairIndexes = (arms: number) => {
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < arms; i++) for (let j = i + 1; j < arms; j++) pairs.push([i, j]);
  return pairs;
};

function freshState(method: SequentialMethod, arms: number): SequentialState {
  return {
    version: 1,
    method,
    arms,
    looks: 0,
    pairs: pairIndexes(arms).map(() => ({ firstWins: false, secondWins: false, track: startTrack(), fraction: 0, z: null, boundary: null })),
    verdict: { kind: 'continue' },
  };
}

const armValue = (metric: AbMetric, arm: CleanArm) => (arm.n === 0 ? null : metric === 'revenue' ? arm.sum / arm.n : arm.successes / arm.n);

function leaderOf(metric: AbMetric, arms: CleanArm[]): number | null {
  let best: number | null = null;
  let bestValue = -Infinity;
  let tied = false;
  arms.forEach((arm, index) => {
    const value = armValue(metric, arm);
    if (value === null) return;
    if (value > bestValue) {
      best = index;
      bestValue = value;
      tied = false;
    } else if (value === bestValue) tied = true;
  });
  return tied ? null : best;
}

/** The overall information fraction, for the report's chart: all arms' outcomes against the plan. */
function overallFraction(arms: CleanArm[], plannedRate: number, final: boolean): number {
  if (final) return 1;
  const total = arms.reduce((sum, arm) => sum + arm.n, 0);
  const m = arms.reduce((sum, arm) => sum + arm.successes, 0);
  const planned = informationOf(Math.min(total - 1, plannedRate * total), total);
  return planned > 0 ? Math.min(1, informationOf(m, total) / planned) : 0;
}

/** One look: tests every comparison with new information, then declares a winner if one arm has beaten all the others. */
export function lookAt(design: TestDesign, state: SequentialState | null, look: LookInput): LookResult {
  const armsCount = design.arms;
  if (!Number.isInteger(armsCount) || armsCount < 2) throw new RangeError('an A/B test needs at least two arms');
  const alpha = design.alpha ?? DEFAULT_ALPHA;
  if (!(alpha > 0 && alpha < 0.5)) throw new RangeError('alpha must be between 0 and 0.5');
  const method = design.method ?? 'group_sequential';
  const plannedRate = design.plannedRate ?? DEFAULT_PLANNED_RATE[design.metric];
  const arms = Array.from({ length: armsCount }, (_, index) => cleanArm(look.arms[index]));
  const leader = leaderOf(design.metric, arms);
  const information = overallFraction(arms, plannedRate, look.final);

  const previous = state && state.version === 1 && state.arms === armsCount && state.method === method ? state : freshState(method, armsCount);
  if (previous.verdict.kind !== 'continue') return { verdict: previous.verdict, state: previous, information, leader, boundaryCrossed: false };

  // Each ordered comparison at alpha/arms (see the header).
  const comparisonAlpha = alpha / armsCount;
  let boundaryCrossed = false;
  const pairList = pairIndexes(armsCount);
  const pairs = pairList.map(([i, j], index): PairState => {
    const pair = previous.pairs[index]!;
    const comparison = compare(design.metric, arms[i]!, arms[j]!, plannedRate);
    if (!comparison) return pair;
    const rawFraction = comparison.information / comparison.planned;
    let boundary: number;
    let next: PairState;
    if (method === 'mixture') {
      // Λ grows with z, so "Λ ≥ 1/α'" is "z ≥ the z where Λ = 1/α'" at this information.
      boundary = mixtureBoundary(rawFraction, comparisonAlpha, mixtureScale(comparisonAlpha));
      next = { ...pair, fraction: rawFraction, z: comparison.z, boundary };
    } else {
      const fraction = look.final ? 1 : Math.min(FRACTION_CAP, rawFraction);
      const target = look.final ? comparisonAlpha : obrienFlemingSpent(fraction, comparisonAlpha);
      const due = look.final || (fraction - pair.fraction >= FRACTION_STEP && target - pair.track.spent >= NEGLIGIBLE_SHARE * comparisonAlpha);
      if (!due) return pair;
      // The walk runs on the information itself (in units of the planned, so only ratios matter);
      // the spending reads the capped fraction.
      const tested = testLook(pair.track, rawFraction, target);
      if (!tested) return pair;
      boundary = tested.boundary;
      next = { ...pair, track: tested.track, fraction, z: comparison.z, boundary: Number.isFinite(boundary) ? boundary : null };
    }
    const firstWins = pair.firstWins || comparison.z >= boundary;
    const secondWins = pair.secondWins || -comparison.z >= boundary;
    if (firstWins !== pair.firstWins || secondWins !== pair.secondWins) boundaryCrossed = true;
    return { ...next, firstWins, secondWins };
  });

  const beats = (i: number, j: number) => {
    const index = pairList.findIndex(([a, b]) => (a === i && b === j) || (a === j && b === i));
    const pair = pairs[index]!;
    return i < j ? pair.firstWins : pair.secondWins;
  };
  // Arms nothing was sent to take no part: they can neither win nor stand in the way.
  const live = arms.map((arm, index) => (arm.n > 0 ? index : -1)).filter((index) => index >= 0);
  const winners = live.length >= 2 ? live.filter((i) => live.every((j) => j === i || beats(i, j))) : [];
  let verdict: Verdict = { kind: 'continue' };
  if (winners.length > 0) {
    // Two arms each having beaten all others needs two opposite crossings of one comparison:
    // vanishingly rare, and then the arm ahead now is taken.
    const best = winners.reduce((a, b) => ((armValue(design.metric, arms[b]!) ?? 0) > (armValue(design.metric, arms[a]!) ?? 0) ? b : a));
    verdict = { kind: 'winner', arm: best };
  } else if (look.final) verdict = { kind: 'no_winner' };

  return {
    verdict,
    state: { ...previous, looks: previous.looks + 1, pairs, verdict },
    information,
    leader,
    boundaryCrossed,
  };
}

/** 95% Wilson score interval for a rate; null when nothing was sent. */
export function rateInterval(successes: number, n: number): AbInterval | null {
  if (!(n > 0) || !Number.isFinite(n) || !Number.isFinite(successes)) return null;
  const rate = Math.min(1, Math.max(0, successes / n));
  const z2 = Z_95 * Z_95;
  const centre = (rate + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z_95 / (1 + z2 / n)) * Math.sqrt((rate * (1 - rate)) / n + z2 / (4 * n * n));
  return { estimate: rate, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** 95% normal interval for a mean per recipient from its sum and sum of squares; null below two recipients. */
export function meanInterval(sum: number, sumSquares: number, n: number): AbInterval | null {
  if (!(n >= 2) || !Number.isFinite(n) || !Number.isFinite(sum) || !Number.isFinite(sumSquares)) return null;
  const mean = sum / n;
  const variance = Math.max(0, (sumSquares - sum * mean) / (n - 1));
  const half = Z_95 * Math.sqrt(variance / n);
  return { estimate: mean, low: mean - half, high: mean + half };
}
