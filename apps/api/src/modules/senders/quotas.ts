import { QUOTA_MESSAGES, type QuotaKind } from '@postlark/shared/senders';
import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { dropUsageBefore, type Reservation, reserveUsage, reserveUsageUpTo } from './usage.repository';

/** Per-account quotas (the settings CAMPAIGN_MESSAGES_PER_DAY, TEST_SENDS_PER_HOUR, SENDER_CONFIRMATIONS_PER_HOUR). */
export interface Quotas {
  campaignMessagesPerDay: number;
  testSendsPerHour: number;
  senderConfirmationsPerHour: number;
}

export function quotasFrom(config: AppConfig): Quotas {
  return {
    campaignMessagesPerDay: config.CAMPAIGN_MESSAGES_PER_DAY,
    testSendsPerHour: config.TEST_SENDS_PER_HOUR,
    senderConfirmationsPerHour: config.SENDER_CONFIRMATIONS_PER_HOUR,
  };
}

const HOUR_MS = 3_600_000;

const QUOTAS: Record<QuotaKind, { windowMs: number; limit: (quotas: Quotas) => number; message: (limit: number, left: number) => string }> = {
  'campaign-messages': { windowMs: 24 * HOUR_MS, limit: (quotas) => quotas.campaignMessagesPerDay, message: QUOTA_MESSAGES.campaignMessages },
  'test-sends': { windowMs: HOUR_MS, limit: (quotas) => quotas.testSendsPerHour, message: QUOTA_MESSAGES.testSends },
  'sender-confirmations': { windowMs: HOUR_MS, limit: (quotas) => quotas.senderConfirmationsPerHour, message: QUOTA_MESSAGES.senderConfirmations },
};

export interface QuotaDeps {
  db: Db;
  now: () => Date;
  quotas: Quotas;
}

/** Reserves `amount` of the account's quota and runs `then` with it; the outcome, for callers that do not answer HTTP (the engine). */
export function reserveQuota<T>(deps: QuotaDeps, customerId: string, kind: QuotaKind, amount: number, then: (tx: Db) => Promise<T>): Promise<Reservation<T>> {
  const quota = QUOTAS[kind];
  return reserveUsage(deps.db, { customerId, kind, amount, limit: quota.limit(deps.quotas), windowMs: quota.windowMs, now: deps.now() }, then);
}

/** Takes up to what `then` needs of the account's quota, in its transaction (see reserveUsageUpTo). */
export function reserveQuotaUpTo<T>(
  deps: QuotaDeps,
  customerId: string,
  kind: QuotaKind,
  then: (tx: Db, free: number, retryAfterSeconds: (taken: number) => number) => Promise<{ taken: number; value: T }>,
): Promise<T> {
  const quota = QUOTAS[kind];
  return reserveUsageUpTo(deps.db, { customerId, kind, limit: quota.limit(deps.quotas), windowMs: quota.windowMs, now: deps.now() }, then);
}

/** As reserveQuota, answering a 429 with the quota's message and Retry-After when it is used up. */
export async function withinQuota<T>(deps: QuotaDeps, customerId: string, kind: QuotaKind, amount: number, then: (tx: Db) => Promise<T>): Promise<T> {
  const outcome = await reserveQuota(deps, customerId, kind, amount, then);
  if (outcome.granted) return outcome.value;
  const quota = QUOTAS[kind];
  throw new HttpError(429, quota.message(quota.limit(deps.quotas), outcome.left), undefined, { 'retry-after': String(outcome.retryAfterSeconds) });
}

const LONGEST_WINDOW_MS = Math.max(...Object.values(QUOTAS).map((quota) => quota.windowMs));

/** The hourly clean-up's part: usage older than the longest window, of accounts that never reserved again. */
export function purgeSpentUsage(deps: { db: Db; now: () => Date }): Promise<number> {
  return dropUsageBefore(deps.db, new Date(deps.now().getTime() - LONGEST_WINDOW_MS));
}
