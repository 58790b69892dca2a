// Product recommendations (issue 21): item-to-item similarity of what people buy together,
// time-decayed, with "popular this month" to fill up. Pure: the service hands in each person's
// product signals (orders and views) and the catalogue's availability.
//
// The similarity is the confidence of association rules, P(j | i) = C(i,j) / N(i) (Aiolli's
// asymmetric cosine at α = 1): C(i,j) sums, over people, the product of their decayed weights for
// i and j divided by their number of items less one; N(i) sums their weights for i. A person's
// candidate j scores Σ over their items i of weight(i) · P(j | i) · N(j)^0.3: a mild popularity
// prior, because on grocery baskets "what sells" is the strongest single signal, and the plain
// cosine (α = ½) favours rare items that co-occurred by chance (bench/groceries.ts: the cosine
// scored 1.5 % below popularity, the confidence 3.6 % above, with the prior and the basket-size
// spread 5.8 % above, 5.4–7.3 % over eight hold-out seeds).

export const RECOMMENDATION_MODEL = {
  /** A purchase's weight halves every this many days (co-occurrence). */
  purchaseHalfLifeDays: 180,
  /** "popular this month": the popularity's half-life. */
  popularityHalfLifeDays: 30,
  /** A view counts this much of a purchase. */
  viewWeight: 0.3,
  /** The exponent of the candidate's own mass N(j) in its score: a mild pull toward what sells. */
  popularityPrior: 0.3,
  /** The neighbours kept per item: enough for a person's top 20 from a few of their items. */
  neighbours: 60,
  /** A person's most weighty items that pair with each other (a heavy buyer would be quadratic). */
  itemsPerPerson: 100,
} as const;

export type SignalKind = 'order' | 'view';

/** One product a person bought (in an order's items) or viewed, and when. */
export interface ProductSignal {
  productId: string;
  at: Date;
  kind: SignalKind;
}

export interface Neighbour {
  productId: string;
  similarity: number;
}

export interface RecommendationModel {
  /** Each product's most similar products, best first. */
  neighbours: Map<string, Neighbour[]>;
  /** Products by decayed popularity, most popular first (a share of the recent purchases, 0..1). */
  popular: { productId: string; share: number }[];
  fittedAt: Date;
}

export type RecommendationReason = { kind: 'bought_with'; productId: string } | { kind: 'popular' };

export interface Recommendation {
  productId: string;
  score: number;
  reason: RecommendationReason;
}

const DAY_MS = 86_400_000;
const decay = (at: Date, now: Date, halfLifeDays: number) => 0.5 ** (Math.max(0, now.getTime() - at.getTime()) / (halfLifeDays * DAY_MS));

/** A person's weight for each product: the heaviest of their signals for it (a repeat buy is no stronger tie). */
export function weightsOf(signals: readonly ProductSignal[], now: Date, halfLifeDays: number = RECOMMENDATION_MODEL.purchaseHalfLifeDays): Map<string, number> {
  const weights = new Map<string, number>();
  for (const signal of signals) {
    const weight = (signal.kind === 'order' ? 1 : RECOMMENDATION_MODEL.viewWeight) * decay(signal.at, now, halfLifeDays);
    if (weight > (weights.get(signal.productId) ?? 0)) weights.set(signal.productId, weight);
  }
  return weights;
}

/**
 * Fits the model on everybody's signals (one entry per person): co-occurrence within a person's
 * history, orders and views, decayed by age; each product's neighbours by asymmetric cosine; and
 * the popularity of purchases (views at their weight) decayed over a month.
 */
export function fitRecommendations(people: Iterable<readonly ProductSignal[]>, now: Date): RecommendationModel {
  const mass = new Map<string, number>();
  const together = new Map<string, Map<string, number>>();
  const popularity = new Map<string, number>();
  for (const signals of people) {
    for (const signal of signals) {
      const weight = (signal.kind === 'order' ? 1 : RECOMMENDATION_MODEL.viewWeight) * decay(signal.at, now, RECOMMENDATION_MODEL.popularityHalfLifeDays);
      popularity.set(signal.productId, (popularity.get(signal.productId) ?? 0) + weight);
    }
    const items = [...weightsOf(signals, now)].sort((a, b) => b[1] - a[1]).slice(0, RECOMMENDATION_MODEL.itemsPerPerson);
    for (const [productId, weight] of items) mass.set(productId, (mass.get(productId) ?? 0) + weight);
    // Each person spreads one unit of co-occurrence per item over their other items: a big
    // basket says less about each of its pairs than a small one (Deshpande and Karypis 2004
    // normalise people's rows likewise); on the Groceries baskets it adds about 2 points of lift.
    const spread = Math.max(1, items.length - 1);
    for (let a = 0; a < items.length; a++) {
      const [first, firstWeight] = items[a]!;
      let row = together.get(first);
      if (!row) together.set(first, (row = new Map()));
      for (let b = 0; b < items.length; b++) {
        if (a === b) continue;
        const [second, secondWeight] = items[b]!;
        row.set(second, (row.get(second) ?? 0) + (firstWeight * secondWeight) / spread);
      }
    }
  }
  const { popularityPrior, neighbours: keep } = RECOMMENDATION_MODEL;
  const neighbours = new Map<string, Neighbour[]>();
  for (const [first, row] of together) {
    const firstMass = mass.get(first)!;
    const similar = [...row].map(([productId, both]) => ({ productId, similarity: (both / firstMass) * mass.get(productId)! ** popularityPrior }));
    similar.sort((a, b) => b.similarity - a.similarity || a.productId.localeCompare(b.productId));
    neighbours.set(first, similar.slice(0, keep));
  }
  const total = [...popularity.values()].reduce((sum, value) => sum + value, 0);
  const popular = [...popularity]
    .map(([productId, value]) => ({ productId, share: total > 0 ? value / total : 0 }))
    .sort((a, b) => b.share - a.share || a.productId.localeCompare(b.productId));
  return { neighbours, popular, fittedAt: now };
}

/**
 * A person's recommendations, best first: products similar to their own (each of their items
 * weighted by its decayed signal, the reason naming the one that adds most), then the popular
 * products to fill up to `limit`. Never a product they bought, nor one `available` refuses (out
 * of stock or not in the catalogue).
 */
export function recommend(model: RecommendationModel, signals: readonly ProductSignal[], available: (productId: string) => boolean, limit: number, now: Date): Recommendation[] {
  const bought = new Set(signals.filter((signal) => signal.kind === 'order').map((signal) => signal.productId));
  const allowed = (productId: string) => !bought.has(productId) && available(productId);
  const scores = new Map<string, { score: number; best: number; because: string }>();
  for (const [own, weight] of weightsOf(signals, now)) {
    for (const { productId, similarity } of model.neighbours.get(own) ?? []) {
      if (productId === own || !allowed(productId)) continue;
      const contribution = weight * similarity;
      const entry = scores.get(productId);
      if (!entry) scores.set(productId, { score: contribution, best: contribution, because: own });
      else {
        entry.score += contribution;
        if (contribution > entry.best || (contribution === entry.best && own < entry.because)) Object.assign(entry, { best: contribution, because: own });
      }
    }
  }
  const ranked: Recommendation[] = [...scores]
    .sort((a, b) => b[1].score - a[1].score || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([productId, entry]) => ({ productId, score: entry.score, reason: { kind: 'bought_with', productId: entry.because } }));
  const chosen = new Set(ranked.map((item) => item.productId));
  for (const { productId, share } of model.popular) {
    if (ranked.length >= limit) break;
    if (chosen.has(productId) || !allowed(productId)) continue;
    // Below every similar product: the list stays in the order it is shown.
    const floor = ranked.at(-1)?.score ?? Infinity;
    ranked.push({ productId, score: Math.min(share, floor), reason: { kind: 'popular' } });
    chosen.add(productId);
  }
  return ranked;
}
