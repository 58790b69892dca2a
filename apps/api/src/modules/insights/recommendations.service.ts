import { RECOMMENDATION_MESSAGES, RECOMMENDATION_REASONS, recommendationQuerySchema, type RecommendationsAnswer, type RecommendedProduct } from '@postlark/shared/recommendations';
import type { Db } from '../../db/client';
import { HttpError, parseWith } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import { subscribersByIds } from '../events/events.repository';
import { productsAmong, type ProductRow } from '../events/products.repository';
import { INSIGHTS_FIT_HEAP_MB_DEFAULT } from '../../config/env';
import { pageStarts, rangesOf } from './audience-insights.repository';
import { FitWorker, FitWorkerError } from './fit-worker';
import { packSignals, signalTransferables } from './recommendation-signals';
import { recommend, type RecommendationModel } from './recommendations';
import { signalsIn, signalsOf } from './recommendations.repository';

// The account's model is fitted in a worker thread (insights-worker.ts, its heap capped by
// INSIGHTS_FIT_HEAP_MB) from its signals read a page at a time, and kept in this process: a
// request or a sending batch reads the kept model and never waits for a fit, except the very
// first one an account asks for here (nothing to show before it). Once a model is MODEL_TTL_MS
// old, the next reader still gets it, and starts one new fit in the background that replaces it
// when done; a fit that fails leaves the old one in place for another TTL, and one that outgrows
// its heap gives an empty model (nothing recommended) for a TTL. New orders show in a
// person's own history (and so in what they are never offered again) at once; in the
// similarities and the popularity after the TTL. Stock and the catalogue are read live.

/** How long a fitted model serves its account before a new one is fitted in the background. */
export const MODEL_TTL_MS = 15 * 60_000;
/** Accounts whose models are kept at once (the least recently fitted goes first). */
const MAX_CACHED_ACCOUNTS = 100;
/** Popular products looked up per call: enough to fill 20 places past bought and out-of-stock ones. */
const POPULAR_CANDIDATES = 200;
/** People per page of signals read for a fit. */
const SIGNAL_PAGE = 5_000;

interface Kept {
  model: RecommendationModel | null;
  fittedAt: number;
  /** The fit under way, if any (the only one for this account: callers share it). */
  fitting: Promise<RecommendationModel> | null;
}

const models = new Map<string, Kept>();
// One fit at a time per process: each holds a worker and its heap.
let fitSlot: Promise<unknown> = Promise.resolve();
let fitHeapMb = INSIGHTS_FIT_HEAP_MB_DEFAULT;

/** The heap cap of this process's recommendation fits (INSIGHTS_FIT_HEAP_MB; set at start). */
export function setRecommendationFitHeap(heapMb: number): void {
  fitHeapMb = heapMb;
}

async function fitInWorker(db: Db, customerId: string, now: Date): Promise<RecommendationModel> {
  const worker = new FitWorker(fitHeapMb);
  try {
    for (const range of rangesOf(await pageStarts(db, customerId, SIGNAL_PAGE))) {
      const page = packSignals(await signalsIn(db, customerId, range, now));
      if (page.starts.length > 1) await worker.call('recommendations-page', { page }, signalTransferables(page));
    }
    return await worker.call('recommendations-fit', { now: now.getTime() });
  } catch (error) {
    // An account whose signals outgrow the fit's heap is shown nothing to recommend (as a shop that
    // sold nothing yet) until a later fit succeeds: its emails still go out, and no request fails.
    if (error instanceof FitWorkerError && error.outOfMemory) return { neighbours: new Map(), popular: [], fittedAt: now };
    throw error;
  } finally {
    await worker.close();
  }
}

function startFit(db: Db, customerId: string, now: Date, kept: Kept): Promise<RecommendationModel> {
  const run = fitSlot.then(() => fitInWorker(db, customerId, now));
  fitSlot = run.catch(() => undefined);
  kept.fitting = run;
  run.then(
    (model) => {
      Object.assign(kept, { model, fittedAt: now.getTime(), fitting: null });
      // Kept in order of fitting: the least recently fitted account goes first.
      if (models.get(customerId) === kept) {
        models.delete(customerId);
        models.set(customerId, kept);
      }
    },
    () => {
      kept.fitting = null;
      // The old model serves another TTL rather than a failing fit being retried on every read.
      if (kept.model) kept.fittedAt = now.getTime();
      else if (models.get(customerId) === kept) models.delete(customerId);
    },
  );
  return run;
}

async function modelFor(db: Db, customerId: string, now: Date): Promise<RecommendationModel> {
  let kept = models.get(customerId);
  if (!kept) {
    kept = { model: null, fittedAt: now.getTime(), fitting: null };
    models.set(customerId, kept);
    if (models.size > MAX_CACHED_ACCOUNTS) models.delete(models.keys().next().value!);
  }
  const fresh = now.getTime() - kept.fittedAt < MODEL_TTL_MS && now.getTime() >= kept.fittedAt;
  if (kept.model) {
    if (!fresh && !kept.fitting) startFit(db, customerId, now, kept).catch(() => undefined);
    return kept.model;
  }
  return kept.fitting ?? startFit(db, customerId, now, kept);
}

/** Forgets the account's fitted model (the next call fits it again). */
export function forgetRecommendationModel(customerId: string): void {
  models.delete(customerId);
}

/** Settles once the fits under way in this process have ended (tests; a fit in the background replaces its model then). */
export async function recommendationFitsSettled(): Promise<void> {
  await Promise.allSettled([...models.values()].map((kept) => kept.fitting));
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
