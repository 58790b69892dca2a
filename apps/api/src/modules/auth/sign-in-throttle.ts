import { AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { clearFailures, countAttempt, dropForgottenFailures, latestBlock, uncountAttempt, type WaitRule } from './sign-in-failures.repository';

// After 5 failures on one account, each further failure doubles the wait, from 30 s up to an hour.
// One client failing on 20 sign-ins (across any accounts) waits the same way. Failures older than
// an hour are forgotten.
const ACCOUNT_RULE: WaitRule = { freeFailures: 5, firstDelaySeconds: 30, maxDelaySeconds: 60 * 60 };
const CLIENT_RULE: WaitRule = { freeFailures: 20, firstDelaySeconds: 30, maxDelaySeconds: 60 * 60 };
const WINDOW_MS = 60 * 60 * 1000;

export const accountThrottleKey = (email: string) => `account:${email.toLowerCase()}`;
export const clientThrottleKey = (ipHash: string) => `client:${ipHash}`;

export interface ThrottleKeys {
  account: string;
  client: string;
}

/**
 * Counts this password check as a failure BEFORE the password is verified, or answers 429 when the
 * account or the client is waiting. Counting first is what makes the limit hold for parallel
 * guesses: checking the wait and recording the failure afterwards let N guesses in at once.
 * Call passwordAccepted when the password turns out right.
 */
export async function startPasswordCheck(db: Db, keys: ThrottleKeys, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  if (await countAttempt(db, keys.account, now, windowStart, ACCOUNT_RULE)) {
    if (await countAttempt(db, keys.client, now, windowStart, CLIENT_RULE)) return;
    // The client waits: this attempt is no failure of the account's.
    await uncountAttempt(db, keys.account, ACCOUNT_RULE);
  }
  const until = await latestBlock(db, [keys.account, keys.client]);
  const seconds = until ? Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)) : 1;
  throw new HttpError(429, AUTH_API_MESSAGES.tooManyAttempts, undefined, { 'retry-after': String(seconds) });
}

/**
 * The password was right: the account's count ends; the client's attempt is taken back but its
 * earlier failures stay, so one good account cannot launder guesses at others.
 */
export async function passwordAccepted(db: Db, keys: ThrottleKeys): Promise<void> {
  await clearFailures(db, keys.account);
  await uncountAttempt(db, keys.client, CLIENT_RULE);
}

/** Housekeeping: failures older than the window, of keys no longer waiting, are forgotten rows. */
export async function purgeForgottenFailures(deps: { db: Db; now: () => Date }): Promise<number> {
  const now = deps.now();
  return dropForgottenFailures(deps.db, new Date(now.getTime() - WINDOW_MS), now);
}
