// RFM scores 1–5 by quintile among an account's buyers, and the groups the Insights page shows.
import type { RfmGroup } from '@postlark/shared/insights';

export interface RfmInput {
  daysSinceLastOrder: number;
  orders: number;
  revenue: number;
}

export interface RfmScores {
  recency: number;
  frequency: number;
  monetary: number;
  group: RfmGroup;
}

/** How many sorted values are strictly below v (binary search). */
function countBelow(sorted: readonly number[], v: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < v) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * A quintile score where higher values are better: 1 + ⌊5 × (share of people strictly below)⌋.
 * Ties share a score (the lower quintile they straddle), so the many one-order people of a typical
 * shop all score frequency 1 instead of being split arbitrarily across quintiles.
 */
const quintile = (sorted: readonly number[], v: number) => 1 + Math.floor((5 * countBelow(sorted, v)) / sorted.length);

/**
 * The group from recency R and frequency F (monetary does not decide it; spend shows in the value
 * predictions), first match wins, so every buyer is in exactly one:
 * Champions R ≥ 4 and F ≥ 4 · Loyal R ≥ 3 and F ≥ 3 · At risk R ≤ 2 and F ≥ 3 · New R ≥ 4 (few
 * orders, recent) · Hibernating: the rest (few orders, not recent).
 */
export function rfmGroup(recency: number, frequency: number): RfmGroup {
  if (recency >= 4 && frequency >= 4) return 'Champions';
  if (recency >= 3 && frequency >= 3) return 'Loyal';
  if (frequency >= 3) return 'At risk';
  if (recency >= 4) return 'New';
  return 'Hibernating';
}

/** The buyers' values sorted, which each buyer's scores are read against. */
export interface RfmScale {
  recency: number[];
  frequency: number[];
  monetary: number[];
}

export function rfmScale(people: Iterable<RfmInput>): RfmScale {
  const scale: RfmScale = { recency: [], frequency: [], monetary: [] };
  for (const person of people) {
    // Recency is better when smaller: score the negated days.
    scale.recency.push(-person.daysSinceLastOrder);
    scale.frequency.push(person.orders);
    scale.monetary.push(person.revenue);
  }
  for (const values of [scale.recency, scale.frequency, scale.monetary]) values.sort((one, two) => one - two);
  return scale;
}

/** One buyer's scores among those of the scale. */
export function rfmScoreOf(scale: RfmScale, person: RfmInput): RfmScores {
  const r = quintile(scale.recency, -person.daysSinceLastOrder);
  const f = quintile(scale.frequency, person.orders);
  return { recency: r, frequency: f, monetary: quintile(scale.monetary, person.revenue), group: rfmGroup(r, f) };
}

/** Scores for each buyer, in the order given. */
export function rfmScores(people: readonly RfmInput[]): RfmScores[] {
  const scale = rfmScale(people);
  return people.map((person) => rfmScoreOf(scale, person));
}
