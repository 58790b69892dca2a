import { INSIGHT_MESSAGES } from '@postlark/shared/insights';
import { accountsDue, failRefresh, failStaleRefreshes, insertRefresh } from './insights.repository';
import type { InsightsRequestDeps } from './insights.service';

/** The nightly refresh is due from this hour (UTC) each day: after most shops' day is over. */
export const NIGHTLY_HOUR_UTC = 2;
/** New orders refresh an account at most this often. */
export const ORDERS_REFRESH_MS = 3_600_000;
/** A refresh still pending this long after it was asked for has been given up by its job. */
const STALE_AFTER_MS = 6 * 3_600_000;

/** The latest NIGHTLY_HOUR_UTC at or before `now`. */
export function nightStartOf(now: Date): Date {
  const start = new Date(now);
  start.setUTCHours(NIGHTLY_HOUR_UTC, 0, 0, 0);
  if (start.getTime() > now.getTime()) start.setUTCDate(start.getUTCDate() - 1);
  return start;
}

/**
 * One pass of the schedule: frees accounts whose refresh was abandoned, then queues a refresh for
 * each account due (nightly, or new orders since a refresh over an hour ago). Idempotent: an
 * account with a refresh pending is skipped, and two processes racing insert only one (the
 * one-pending index). Returns how many were queued.
 */
export async function queueDueRefreshes(deps: InsightsRequestDeps): Promise<number> {
  const now = deps.now();
  await failStaleRefreshes(deps.db, new Date(now.getTime() - STALE_AFTER_MS), INSIGHT_MESSAGES.refreshFailed, now);
  let queued = 0;
  for (const { customerId, trigger } of await accountsDue(deps.db, nightStartOf(now), new Date(now.getTime() - ORDERS_REFRESH_MS))) {
    const row = await insertRefresh(deps.db, { customerId, trigger, asOf: null, requestedAt: now });
    if (!row) continue;
    try {
      await deps.queueRefresh(row.id);
      queued++;
    } catch (error) {
      await failRefresh(deps.db, row.id, INSIGHT_MESSAGES.refreshFailed, deps.now());
      throw error;
    }
  }
  return queued;
}
