import {
  INSIGHT_MESSAGES,
  type InsightRefreshStatus,
  type InsightsRefresh,
  insightsRefreshRequestSchema,
  PURCHASES_NONE,
  PURCHASES_NOT_COMPUTED,
  type PurchaseInsights,
  type SubscriberInsights,
} from '@postlark/shared/insights';
import type { Db } from '../../db/client';
import { HttpError, parseWith } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import { INSIGHTS_FIT_HEAP_MB_DEFAULT } from '../../config/env';
import {
  audienceInsightsOf,
  audienceModelOf,
  clearOtherAudienceInsights,
  ENGAGEMENT_KIND,
  saveAudienceModel,
  SEND_TIME_KIND,
  storeAudienceInsights,
} from './audience-insights.repository';
import type { EngagementModel } from './engagement-features';
import { engagementOf } from './engagement-score';
import { FitWorker, FitWorkerError } from './fit-worker';
import { transferablesOf } from './purchase-columns';
import { readRefreshPages, type RefreshPage } from './refresh-pages';
import { type AudienceSendTime, bestSendTime } from './send-time';
import {
  clearOtherPurchases,
  failRefresh,
  findRefresh,
  finishRefresh,
  insertRefresh,
  modelOf,
  pendingRefresh,
  purchasesOf,
  recordProgress,
  type RefreshRow,
  type RefreshTrigger,
  saveModel,
  startRefresh,
  storePurchases,
} from './insights.repository';

export interface InsightsDeps {
  db: Db;
  now: () => Date;
  /** People per history page (default AUDIENCE_PAGE); tests make it small to cross pages. */
  audiencePage?: number;
  /** The heap of the refresh's worker thread in MB (INSIGHTS_FIT_HEAP_MB). */
  fitHeapMb?: number;
  /** The PostgreSQL (DATABASE_URL) the refresh's worker thread reads from itself; unset (PGlite): this thread reads. */
  databaseUrl?: string;
}

export interface InsightsRequestDeps extends InsightsDeps {
  /** Queues the refresh's job (jobs/refresh-insights.job.ts). */
  queueRefresh(refreshId: string): Promise<void>;
}

/** People stored per statement: big enough to be quick, small enough to report progress. */
export const STORE_BATCH = 1_000;
/** People read per page for send times and engagement: one history query and one write each. */
export const AUDIENCE_PAGE = 5_000;
/** The next answer of the worker asked for now, handled so that it may be awaited later. */
function asked<T>(answer: Promise<T>): Promise<T> {
  answer.catch(() => undefined);
  return answer;
}

// A date (UTC midnight) or a date-time with its offset.
const AS_OF_PATTERN = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

function parseAsOf(value: string | undefined, now: Date): Date | null {
  if (value === undefined) return null;
  const at = AS_OF_PATTERN.test(value) ? new Date(value) : new Date(NaN);
  if (Number.isNaN(at.getTime()) || at.getTime() > now.getTime()) throw new HttpError(400, INSIGHT_MESSAGES.asOfInvalid, { as_of: INSIGHT_MESSAGES.asOfInvalid });
  return at;
}

function stateOf(row: RefreshRow): InsightsRefresh {
  return {
    id: row.id,
    status: row.status as InsightRefreshStatus,
    as_of: row.asOf?.toISOString() ?? row.model?.as_of ?? null,
    requested_at: row.requestedAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    people_total: row.peopleTotal,
    people_done: row.peopleDone,
    error: row.error,
    model: row.model,
  };
}

/**
 * Queues a refresh of the account's insights (POST /api/v1/insights/refresh and the schedule).
 * One runs at a time per account: asking again for the same as-of while one is pending answers
 * with that one; asking for another as-of is refused until it is done.
 */
export async function requestRefresh(deps: InsightsRequestDeps, customerId: string, body: unknown, trigger: RefreshTrigger = 'api'): Promise<InsightsRefresh> {
  const now = deps.now();
  const asOf = parseAsOf(parseWith(insightsRefreshRequestSchema, body ?? {}).as_of, now);
  const row = await insertRefresh(deps.db, { customerId, trigger, asOf, requestedAt: now });
  if (!row) {
    const pending = await pendingRefresh(deps.db, customerId);
    if (pending && (pending.asOf?.getTime() ?? null) === (asOf?.getTime() ?? null)) return stateOf(pending);
    throw new HttpError(409, INSIGHT_MESSAGES.refreshPending(pending?.id ?? ''));
  }
  try {
    await deps.queueRefresh(row.id);
  } catch (error) {
    await failRefresh(deps.db, row.id, INSIGHT_MESSAGES.refreshFailed, deps.now());
    throw error;
  }
  return stateOf(row);
}

export async function refreshState(deps: InsightsDeps, customerId: string, id: string): Promise<InsightsRefresh> {
  const row = isUuid(id) ? await findRefresh(deps.db, customerId, id) : undefined;
  if (!row) throw new HttpError(404, INSIGHT_MESSAGES.refreshNotFound);
  return stateOf(row);
}

/**
 * Runs one refresh (the job): every person's email history and every buyer's purchase summary
 * before the as-of time go to a worker thread with a capped heap (fit-worker.ts; refresh-pages.ts
 * reads them, in that thread on PostgreSQL), which fits the
 * models and works out each person's figures; they come back in batches, stored with the
 * progress recorded, then everyone else's are cleared and the models saved. A failure (a worker
 * that ran out of its heap among them) marks the refresh failed, saying why, and leaves the
 * earlier figures of the people not yet rewritten in place.
 */
export async function runRefresh(deps: InsightsDeps, refreshId: string): Promise<void> {
  const refresh = await startRefresh(deps.db, refreshId, deps.now());
  if (!refresh) return;
  const heapMb = deps.fitHeapMb ?? INSIGHTS_FIT_HEAP_MB_DEFAULT;
  let opened: FitWorker | undefined;
  try {
    const worker = new FitWorker(heapMb);
    opened = worker;
    const asOf = refresh.asOf ?? deps.now();
    const { customerId } = refresh;
    await worker.call('refresh-start', { asOf: asOf.getTime() });
    const pageSize = deps.audiencePage ?? AUDIENCE_PAGE;
    // On PostgreSQL the worker reads its own pages; the embedded database lives in this thread.
    const post = async (page: RefreshPage) => {
      await worker.call('refresh-page', page, transferablesOf(page.purchases));
    };
    if (deps.databaseUrl) await worker.call('refresh-read', { databaseUrl: deps.databaseUrl, customerId, pageSize });
    else await readRefreshPages(deps.db, customerId, asOf, pageSize, post);
    const fitted = await worker.call('refresh-fit', { fittedAt: deps.now().getTime() });
    // Progress counts the account's people: each gets a send time and a score, buyers also their
    // purchases (stored first, in batches).
    const total = fitted.people;
    await recordProgress(deps.db, refreshId, 0, total);
    // Each batch is stored while the worker works out the next.
    let buyers = await worker.call('refresh-purchases', { size: STORE_BATCH });
    while (buyers) {
      const next = asked(worker.call('refresh-purchases', { size: STORE_BATCH }));
      await storePurchases(deps.db, customerId, refreshId, buyers, deps.now());
      buyers = await next;
    }
    let done = 0;
    let page = await worker.call('refresh-audience', {});
    while (page) {
      const next = asked(worker.call('refresh-audience', {}));
      await storeAudienceInsights(deps.db, customerId, refreshId, page, deps.now());
      done += page.people;
      await recordProgress(deps.db, refreshId, done, total);
      page = await next;
    }
    await clearOtherPurchases(deps.db, customerId, refreshId, deps.now());
    await clearOtherAudienceInsights(deps.db, customerId, refreshId, deps.now());
    await saveModel(deps.db, customerId, refreshId, fitted.purchases);
    await saveAudienceModel(deps.db, customerId, refreshId, SEND_TIME_KIND, fitted.audience.sendTime, asOf, deps.now());
    await saveAudienceModel(deps.db, customerId, refreshId, ENGAGEMENT_KIND, fitted.audience.engagement, asOf, deps.now());
    await finishRefresh(deps.db, refreshId, fitted.purchases, deps.now());
  } catch (error) {
    const reason = error instanceof FitWorkerError && error.outOfMemory ? INSIGHT_MESSAGES.refreshOutOfMemory(heapMb) : INSIGHT_MESSAGES.refreshFailed;
    await failRefresh(deps.db, refreshId, reason, deps.now());
    throw error;
  } finally {
    await opened?.close();
  }
}

/** `insights.purchases` of a subscriber (already checked to be the customer's). */
export async function purchaseInsightsOf(db: Db, customerId: string, subscriberId: string): Promise<PurchaseInsights> {
  const stored = await purchasesOf(db, customerId, subscriberId);
  if (stored) return stored;
  // No figures: either this person had no order as of the last refresh, or none has run yet.
  return (await modelOf(db, customerId)) ? PURCHASES_NONE : PURCHASES_NOT_COMPUTED;
}

/**
 * A subscriber's insights (already checked to be the customer's): purchases, best send time and
 * engagement. Someone who joined after the last refresh gets the audience's send time and rate, as
 * the refresh would give them; an account never refreshed gets nulls.
 */
export async function subscriberInsightsOf(db: Db, customerId: string, subscriberId: string, now: Date): Promise<SubscriberInsights> {
  const [purchases, stored] = await Promise.all([purchaseInsightsOf(db, customerId, subscriberId), audienceInsightsOf(db, customerId, subscriberId)]);
  let bestTime = stored?.sendTime ?? null;
  let engagement = stored?.engagement ?? null;
  if (!bestTime) {
    const model = await audienceModelOf<AudienceSendTime>(db, customerId, SEND_TIME_KIND);
    if (model) bestTime = bestSendTime({ deliveries: [], signals: [] }, model);
  }
  if (!engagement) {
    const model = await audienceModelOf<EngagementModel>(db, customerId, ENGAGEMENT_KIND);
    if (model) engagement = engagementOf([], model, now);
  }
  return { purchases, best_send_time: bestTime, engagement };
}
