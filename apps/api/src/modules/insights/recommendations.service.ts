import { RECOMMENDATION_MESSAGES, RECOMMENDATION_REASONS, recommendationQuerySchema, type RecommendationsAnswer, type RecommendedProduct } from '@postlark/shared/recommendations';
import type { Db } from '../../db/client';
import { HttpError, parseWith } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import { subscribersByIds } from '../events/events.repository';
import { productsAmong, type ProductRow } from '../events/products.repository';
import { fitRecommendations, recommend, type RecommendationModel } from './recommendations';
import { accountSignals, signalsOf } from './recommendations.repository';

// The account's model is fitted lazily and kept in memory for a while: fitting reads every order
// and view of the last two years (a few seconds for a million events), so it must not happen per
// request or per sending batch. Concurrent callers share one fit. New orders show in a person's
// own history (and so in what they are never offered again) at once; in the similarities and the
// popularity after MODEL_TTL_MS. Stock and the catalogue are read live on every call.

/** How long a fitted model serves its account. */
export const MODEL_TTL_MS = 15 * 60_000;
/** Accounts whose models are kept at once (the least recently fitted goes first). */
const MAX_CACHED_ACCOUNTS = 100;
/** Popular products looked up per call: enough to fill 20 places past bought and out-of-stock ones. */
const POPULAR_CANDIDATES = 200;

const models = new Map<string, { fittedAt: number; model: Promise<RecommendationModel> }>();

async function modelFor(db: Db, customerId: string, now: Date): Promise<RecommendationModel> {
  const cached = models.get(customerId);
  if (cached && now.getTime() - cached.fittedAt < MODEL_TTL_MS && now.getTime() >= cached.fittedAt) return cached.model;
  const model = accountSignals(db, customerId, now).then((people) => fitRecommendations(people, now));
  models.delete(customerId);
  models.set(customerId, { fittedAt: now.getTime(), model });
  if (models.size > MAX_CACHED_ACCOUNTS) models.delete(models.keys().next().value!);
  // A failed fit is not kept: the next call tries again.
  model.catch(() => models.get(customerId)?.model === model && models.delete(customerId));
  return model;
}

/** Forgets the account's fitted model (the next call fits it again). */
export function forgetRecommendationModel(customerId: string): void {
  models.delete(customerId);
}

/** A person's recommendations, best first (at most `limit`). */
export async function recommendationsFor(db: Db, customerId: string, subscriberId: string, limit: number, now: Date): Promise<RecommendedProduct[]> {
  return (await recommendationsForMany(db, customerId, [subscriberId], limit, now)).get(subscriberId) ?? [];
}

/**
 * Many people's recommendations in a few queries whatever their number (a sending batch): the
 * model (cached), their signals, and the catalogue rows of every product that could be shown or
 * named. Every id given has an entry; an id that is not the customer's subscriber gets none.
 */
export async function recommendationsForMany(db: Db, customerId: string, subscriberIds: readonly string[], limit: number, now: Date): Promise<Map<string, RecommendedProduct[]>> {
  const answer = new Map<string, RecommendedProduct[]>(subscriberIds.map((id) => [id, []]));
  const ids = (await subscribersByIds(db, customerId, [...new Set(subscriberIds.filter(isUuid))])).map((row) => row.id);
  if (ids.length === 0) return answer;
  const model = await modelFor(db, customerId, now);
  const signals = await signalsOf(db, customerId, ids, now);
  const wanted = new Set(model.popular.slice(0, POPULAR_CANDIDATES).map((item) => item.productId));
  for (const list of signals.values()) {
    for (const { productId } of list) {
      wanted.add(productId);
      for (const neighbour of model.neighbours.get(productId) ?? []) wanted.add(neighbour.productId);
    }
  }
  const catalogue = new Map<string, ProductRow>((await productsAmong(db, customerId, [...wanted])).map((row) => [row.id, row]));
  const available = (productId: string) => catalogue.get(productId)?.inStock === true;
  for (const [subscriberId, own] of signals) {
    const chosen = recommend(model, own, available, limit, now);
    answer.set(
      subscriberId,
      chosen.map(({ productId, score, reason }) => {
        const row = catalogue.get(productId)!;
        const text = reason.kind === 'popular' ? RECOMMENDATION_REASONS.popular : RECOMMENDATION_REASONS.boughtWith(catalogue.get(reason.productId)?.title ?? reason.productId);
        return { id: row.id, title: row.title, url: row.url, image_url: row.imageUrl, price: row.price === null ? null : Number(row.price), currency: row.currency, score: Number(score.toFixed(6)), reason: text };
      }),
    );
  }
  return answer;
}

/** GET /api/v1/subscribers/{id}/recommendations: the customer's own subscriber only (another's is a 404, as if absent). */
export async function subscriberRecommendations(deps: { db: Db; now: () => Date }, customerId: string, subscriberId: string, query: unknown): Promise<RecommendationsAnswer> {
  const { limit } = parseWith(recommendationQuerySchema, query);
  if (!isUuid(subscriberId) || (await subscribersByIds(deps.db, customerId, [subscriberId])).length === 0) throw new HttpError(404, RECOMMENDATION_MESSAGES.subscriberNotFound);
  return { products: await recommendationsFor(deps.db, customerId, subscriberId, limit, deps.now()) };
}
