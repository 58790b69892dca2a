import { campaignPath } from '@postlark/shared/routes';
import { SENDING_BREAKER, SENDING_REFUSAL_TEXTS } from '@postlark/shared/sending-refusals';
import type { Db } from '../../db/client';
import { refusalKey, type SmtpReplyVerdict } from '../../mail/smtp-reply';
import { notify } from '../notifications/notify';
import type { SendFailure } from './campaign-transport';
import { type ClaimedMessage, markDeferred, markFailed, markRelayWait, markRetry, pauseForRelay, refundAttempts } from './sending.repository';

// What the sender remembers between answers about refusals that are not the readers': the run of
// identical sender-side refusals per campaign (the circuit breaker) and the relay's requests to
// slow down (the claims' pause). Kept per process, shared by its lanes; the rows themselves carry
// everything a crash must not lose.

/** The same sender-side refusal, message after message of one campaign. */
export interface RefusalStreak {
  key: string;
  count: number;
  /** Rows of earlier batches it settled as retries (counted): given their attempts back when it trips. */
  earlierRows: number[];
}

/** While a relay throttles: no claims until `until`; the pause doubles while its answers keep asking. */
export interface ThrottleState {
  until: number;
  delayMs: number;
  /** A message was accepted since the last throttling answer: the next one starts from the base again. */
  acceptedSince: boolean;
}

const DEFAULT_RETRY_BASE_MS = 30_000;
const HOUR_MS = 3_600_000;
const DEFAULT_RETRY_WINDOW_MS = 48 * HOUR_MS;

/** Temporary failures wait 30 s, 2 min, 8 min, 32 min, then an hour each time (by default) before the next attempt. */
export function retryDelayMs(attempts: number, baseMs = DEFAULT_RETRY_BASE_MS): number {
  return Math.min(baseMs * 4 ** Math.max(0, attempts - 1), Math.max(HOUR_MS, baseMs));
}

/**
 * A temporary failure's next attempt: backoff from the retry base, capped at an hour, until the
 * retry window from the first failure (`since`) is over; then `giveUp` says so.
 */
export function temporaryRetry(now: Date, attempts: number, since: Date | null, settings: { retryBaseMs?: number; retryWindowMs?: number }): { at: Date; giveUp: string | null } {
  const windowMs = settings.retryWindowMs ?? DEFAULT_RETRY_WINDOW_MS;
  if (since && now.getTime() - since.getTime() >= windowMs) return { at: now, giveUp: `Gave up after retrying for ${Math.round((windowMs / HOUR_MS) * 10) / 10} hours.` };
  return { at: new Date(now.getTime() + retryDelayMs(attempts, settings.retryBaseMs)), giveUp: null };
}

/** What settling a batch's unsent rows needs of the sender's deps (SenderDeps has it all). */
export interface UnsentDeps {
  db: Db;
  now: () => Date;
  settings: { maxAttempts: number; retryBaseMs?: number; retryWindowMs?: number };
  log: { warn(object: object, message: string): void };
  onThrottle?: (throttle: { verdict: SmtpReplyVerdict; words: string; pauseMs: number; at: Date }) => void | Promise<void>;
}

// "A few minutes" at the default 30 s base: 30 s, 1, 2, 4 minutes.
const THROTTLE_MAX_FACTOR = 8;

/** The pause after a throttling answer at `now`. */
export function throttleAfter(state: ThrottleState | undefined, now: number, baseMs: number): ThrottleState {
  const delayMs = state && !state.acceptedSince ? Math.min(state.delayMs * 2, baseMs * THROTTLE_MAX_FACTOR) : baseMs;
  return { until: now + delayMs, delayMs, acceptedSince: false };
}

/**
 * One batch's view of its campaign's breaker. Only refusals about the send as a whole count (a
 * reader's full mailbox does not); an accepted message ends the run.
 */
export function batchBreaker(streaks: Map<string, RefusalStreak>, campaignId: string, batchSize: number) {
  const inBatch = new Map<string, number>();
  let trippedBy: SendFailure | undefined;
  return {
    get trippedBy() {
      return trippedBy;
    },
    accepted() {
      streaks.delete(campaignId);
    },
    /** Counts a sender-side refusal; answers true when it trips the breaker (this one or an earlier one of the batch). */
    refused(failure: SendFailure): boolean {
      if (trippedBy) return true;
      if (!failure.verdict.sendWide) return false;
      const key = refusalKey(failure.verdict);
      const current = streaks.get(campaignId);
      const streak = current?.key === key ? current : { key, count: 0, earlierRows: [] };
      streak.count += 1;
      streaks.set(campaignId, streak);
      const seen = (inBatch.get(key) ?? 0) + 1;
      inBatch.set(key, seen);
      const share = seen >= SENDING_BREAKER.minRefusals && seen > batchSize * SENDING_BREAKER.batchShare;
      if (streak.count >= SENDING_BREAKER.inARow || share) trippedBy = failure;
      return trippedBy !== undefined;
    },
    /** Rows this batch settled as retries while the run went on: a later batch's trip gives their attempts back. */
    remember(rowIds: readonly number[]) {
      const streak = streaks.get(campaignId);
      if (streak && !trippedBy) streak.earlierRows.push(...rowIds);
    },
    /** The tripped run's rows from earlier batches; the run starts again from nothing. */
    takeEarlierRows(): number[] {
      const rows = streaks.get(campaignId)?.earlierRows ?? [];
      streaks.delete(campaignId);
      return rows;
    },
  };
}

/** A 4xx: tried again with backoff until SEND_RETRY_HOURS from the first have passed, then failed (never a bounce). */
export async function deferTemporary(deps: UnsentDeps, row: ClaimedMessage, failure: SendFailure) {
  const now = deps.now();
  const next = temporaryRetry(now, row.attempts, row.firstDeferredAt ?? now, deps.settings);
  if (next.giveUp) return markFailed(deps.db, row.id, `${next.giveUp} ${failure.message}`);
  await markDeferred(deps.db, row.id, failure.message, next.at, now);
}

/**
 * The rows a batch did not get taken: the sender's refusals (back, uncounted, when they paused the
 * campaign; else retried and, after their attempts, failed with the relay's words, never bounced)
 * and the rows a stop left unoffered.
 */
export async function settleUnsent(
  deps: UnsentDeps,
  campaignId: string,
  state: { relayDownUntil: number; throttle?: ThrottleState },
  batch: { breaker: ReturnType<typeof batchBreaker>; stoppedBy: SendFailure | undefined; refusedBySender: { row: ClaimedMessage; failure: SendFailure }[]; waiting: number[] },
) {
  const { db, settings } = deps;
  const now = deps.now();
  const paused = batch.breaker.trippedBy;
  const { waiting } = batch;
  const retried: number[] = [];
  for (const { row, failure } of batch.refusedBySender) {
    if (paused && failure.verdict.sendWide) waiting.push(row.id);
    else if (row.attempts >= settings.maxAttempts) await markFailed(db, row.id, failure.message);
    else {
      await markRetry(db, row.id, failure.message, new Date(now.getTime() + retryDelayMs(row.attempts, settings.retryBaseMs)));
      if (failure.verdict.sendWide) retried.push(row.id);
    }
  }
  batch.breaker.remember(retried);
  if (paused) {
    // Nothing more is offered until the customer resumes: every message it held back goes then.
    await markRelayWait(db, waiting, paused.message, now);
    await refundAttempts(db, batch.breaker.takeEarlierRows(), now);
    const customerId = await pauseForRelay(db, campaignId, SENDING_REFUSAL_TEXTS.pausedReason(paused.message), now);
    if (customerId) await notify(db, customerId, 'campaign-paused-by-relay', now, campaignPath(campaignId));
    deps.log.warn({ campaignId, waiting: waiting.length, reply: paused.message }, 'the relay refused the sender again and again; the campaign is paused');
    return;
  }
  const stop = batch.stoppedBy;
  if (!stop) return;
  if (stop.relayUnreachable) {
    // An outage is the relay's, not the messages': they wait, uncounted, and the relay is tried again later.
    const retryAt = new Date(now.getTime() + (settings.retryBaseMs ?? DEFAULT_RETRY_BASE_MS));
    await markRelayWait(db, waiting, stop.message, retryAt);
    state.relayDownUntil = retryAt.getTime();
    deps.log.warn({ campaignId, waiting: waiting.length, retryAt }, 'the relay could not be reached; the batch waits and is tried again');
    return;
  }
  // The relay asks to slow down: nothing failed; the batch waits, and this process claims nothing for a while.
  state.throttle = throttleAfter(state.throttle, now.getTime(), settings.retryBaseMs ?? DEFAULT_RETRY_BASE_MS);
  const retryAt = new Date(state.throttle.until);
  await markRelayWait(db, waiting, stop.message, retryAt);
  deps.log.warn({ campaignId, waiting: waiting.length, retryAt, reply: stop.message }, 'the relay asked to slow down; the batch waits');
  await deps.onThrottle?.({ verdict: stop.verdict, words: stop.message, pauseMs: state.throttle.delayMs, at: now });
}
