import type { Db } from '../../db/client';
import { blockUntil, clearFailures, countFailure, latestBlock } from './sign-in-failures.repository';

// After 5 failures on one account, each further failure doubles the wait, from 30 s up to an hour.
// One client failing on 20 sign-ins (across any accounts) waits the same way. Failures older than
// an hour are forgotten.
const ACCOUNT_FREE_FAILURES = 5;
const CLIENT_FREE_FAILURES = 20;
const FIRST_DELAY_MS = 30_000;
const MAX_DELAY_MS = 60 * 60 * 1000;
const WINDOW_MS = 60 * 60 * 1000;

export const accountThrottleKey = (email: string) => `account:${email.toLowerCase()}`;
export const clientThrottleKey = (ipHash: string) => `client:${ipHash}`;

function delayAfter(failures: number, freeFailures: number): number {
  if (failures < freeFailures) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - freeFailures));
}

/** Seconds to wait before this sign-in may be tried, or 0. */
export async function secondsToWait(db: Db, keys: { account: string; client: string }, now: Date): Promise<number> {
  const until = await latestBlock(db, [keys.account, keys.client]);
  return until && until > now ? Math.ceil((until.getTime() - now.getTime()) / 1000) : 0;
}

export async function recordSignInFailure(db: Db, keys: { account: string; client: string }, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  for (const [key, free] of [
    [keys.account, ACCOUNT_FREE_FAILURES],
    [keys.client, CLIENT_FREE_FAILURES],
  ] as const) {
    const delay = delayAfter(await countFailure(db, key, now, windowStart), free);
    if (delay > 0) await blockUntil(db, key, new Date(now.getTime() + delay));
  }
}

/** A successful sign-in clears its account's count; the client's stays, so one good account cannot launder guesses at others. */
export async function recordSignInSuccess(db: Db, keys: { account: string }): Promise<void> {
  await clearFailures(db, keys.account);
}
