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
import { AudienceHistory, type AudienceHistoryPage } from './audience-history';
import {
  audienceInsightsOf,
  audienceModelOf,
  clearOtherAudienceInsights,
  ENGAGEMENT_KIND,
  historiesOf,
  pageStarts,
  type PeopleRange,
  peopleIn,
  saveAudienceModel,
  SEND_TIME_KIND,
  storeAudienceInsights,
} from './audience-insights.repository';
import type { EngagementModel } from './engagement-features';
import { engagementOf } from './engagement-score';
import { computePurchaseInsights } from './purchase-insights';
import { type AudienceSendTime, bestSendTime } from './send-time';
import {
  clearOtherPurchases,
  failRefresh,
  findRefresh,
  finishRefresh,
  insertRefresh,
  modelOf,
  ordersBefore,
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
}

export interface InsightsRequestDeps extends InsightsDeps {
  /** Queues the refresh's job (jobs/refresh-insights.job.ts). */
  queueRefresh(refreshId: string): Promise<void>;
}

/** People stored per statement: big enough to be quick, small enough to report progress. */
export const STORE_BATCH = 1_000;
/** People read per page for send times and engagement: one history query and one write each. */
export const AUDIENCE_PAGE = 5_000;
/**
 * History pages read at once: PostgreSQL works on the next while this process packs the last, and
 * a server with cores to spare reads two side by side. More only queue behind each other.
 */
const PAGES_IN_FLIGHT = 2;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Everyone's email history before `asOf`, read in pages of id ranges (never one query per person), a few at once. */
async function loadAudienceHistory(db: Db, customerId: string, asOf: Date, pageSize: number): Promise<AudienceHistory> {
  const history = new AudienceHistory(asOf);
  const starts = await pageStarts(db, customerId, pageSize);
  const read = async (range: PeopleRange): Promise<AudienceHistoryPage> => {
    const [people, rows] = await Promise.all([peopleIn(db, customerId, range), historiesOf(db, customerId, range, asOf)]);
    return { ids: people.map((person) => person.id), timezones: people.map((person) => person.timezone), rows };
  };
  const reading: Promise<AudienceHistoryPage>[] = [];
  for (let k = 0; k < starts.length || reading.length > 0; ) {
    while (k < starts.length && reading.length < PAGES_IN_FLIGHT) {
      const page = read({ from: starts[k]!, to: starts[k + 1] ?? null });
      // Handled now, awaited in turn: a failing page must not count as an unhandled rejection meanwhile.
      page.catch(() => undefined);
      reading.push(page);
      k += 1;
    }
    history.add(await reading.shift()!);
  }
  return history;
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
 * Runs one refresh (the job): the account's orders before its as-of time, the models fitted,
 * each buyer's figures stored in batches with the progress recorded, then everyone else's cleared
 * and the model saved. A failure marks the refresh failed and leaves the earlier figures of the
 * people not yet rewritten in place.
 */
export async function runRefresh(deps: InsightsDeps, refreshId: string): Promise<void> {
  const refresh = await startRefresh(deps.db, refreshId, deps.now());
  if (!refresh) return;
  try {
    const asOf = refresh.asOf ?? deps.now();
    const { customerId } = refresh;
    const orders = await ordersBefore(deps.db, customerId, asOf);
    const { model, people } = computePurchaseInsights(orders, asOf, deps.now());
    // Send times and engagement (issue 21): everyone's history held compactly, the audience
    // models fitted on it, then each person's figures stored a page at a time.
    const audience = await loadAudienceHistory(deps.db, customerId, asOf, deps.audiencePage ?? AUDIENCE_PAGE);
    const audienceModels = audience.fit();
    // Progress counts the account's people: each gets a send time and a score, buyers also their
    // purchases (stored first, in batches).
    const total = audience.people;
    await recordProgress(deps.db, refreshId, 0, total);
    for (let start = 0; start < people.length; start += STORE_BATCH) {
      await storePurchases(deps.db, customerId, refreshId, people.slice(start, start + STORE_BATCH), deps.now());
    }
    // Each page is stored while the next is worked out: the write is sent, this process yields
    // once (the write goes out, and the server answers whoever else is waiting), then computes.
    let done = 0;
    let storing: Promise<void> = Promise.resolve();
    for (const page of audience.results(audienceModels)) {
      await storing;
      storing = storeAudienceInsights(deps.db, customerId, refreshId, page.ids, page.sendTimes, page.engagement, deps.now()).then(async () => {
        done += page.ids.length;
        await recordProgress(deps.db, refreshId, done, total);
      });
      storing.catch(() => undefined);
      await nextTurn();
    }
    await storing;
    await clearOtherPurchases(deps.db, customerId, refreshId, deps.now());
    await clearOtherAudienceInsights(deps.db, customerId, refreshId, deps.now());
    await saveModel(deps.db, customerId, refreshId, model);
    await saveAudienceModel(deps.db, customerId, refreshId, SEND_TIME_KIND, audienceModels.sendTime, asOf, deps.now());
    await saveAudienceModel(deps.db, customerId, refreshId, ENGAGEMENT_KIND, audienceModels.engagement, asOf, deps.now());
    await finishRefresh(deps.db, refreshId, model, deps.now());
  } catch (error) {
    await failRefresh(deps.db, refreshId, INSIGHT_MESSAGES.refreshFailed, deps.now());
    throw error;
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
