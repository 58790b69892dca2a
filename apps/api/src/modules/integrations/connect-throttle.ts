import { INTEGRATION_MESSAGES } from '@postlark/shared/integrations';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { countAttempt, latestBlock, uncountAttempt, type WaitRule } from '../auth/sign-in-failures.repository';
import type { PlatformSettings } from './platform-clients';

// Connecting a platform checks the key with the platform and says whether it was taken: without a
// limit, the Connect form is a stolen-key checker. Each key that goes to a platform is counted
// first, for the account and for the client address (in the sign-in failures' table, so every API
// process counts together); past the setting's attempts an hour each further one waits, from a
// minute doubling to an hour (429 saying how long). A key that connects is taken back.

const WINDOW_MS = 60 * 60_000;

export interface ConnectAttempt {
  customerId: string;
  /** The client address's keyed hash (the sign-in throttle's). */
  ipHash: string;
}

const accountKey = (customerId: string) => `connect-account:${customerId}`;
const clientKey = (ipHash: string) => `connect-client:${ipHash}`;

function rules(limits: PlatformSettings['limits']): { account: WaitRule; client: WaitRule } {
  return {
    account: { freeFailures: limits.connectAttemptsPerHour, firstDelaySeconds: 60, maxDelaySeconds: 60 * 60 },
    client: { freeFailures: limits.connectAttemptsPerClientPerHour, firstDelaySeconds: 60, maxDelaySeconds: 60 * 60 },
  };
}

/**
 * Counts this attempt before the platform is asked, or answers 429 when the account or the client
 * waits. Answers what to call when the key connected (the attempt is taken back).
 */
export async function startConnectAttempt(db: Db, limits: PlatformSettings['limits'], attempt: ConnectAttempt, now: Date): Promise<() => Promise<void>> {
  const rule = rules(limits);
  const keys = { account: accountKey(attempt.customerId), client: clientKey(attempt.ipHash) };
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  if (await countAttempt(db, keys.account, now, windowStart, rule.account)) {
    if (await countAttempt(db, keys.client, now, windowStart, rule.client)) {
      return async () => {
        await uncountAttempt(db, keys.account, rule.account);
        await uncountAttempt(db, keys.client, rule.client);
      };
    }
    // The client waits: this is no attempt of the account's.
    await uncountAttempt(db, keys.account, rule.account);
  }
  const until = await latestBlock(db, [keys.account, keys.client]);
  const seconds = until ? Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)) : 60;
  throw new HttpError(429, INTEGRATION_MESSAGES.tooManyAttempts(Math.ceil(seconds / 60)), undefined, { 'retry-after': String(seconds) });
}
