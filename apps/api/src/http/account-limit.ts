import type { Db } from '../db/client';
import type { RateLimitVerdict } from '../lib/rate-limiter';
import { countCall } from './request-limits.repository';

// Limits per account, counted in PostgreSQL (request_limits) so that every API process draws on
// the same budget: N processes allow an account what one does, not N times it. One statement per
// call; on PGlite (one process) the same code runs.

/** What is counted, each in its own window per account. */
export type AccountLimitKind = 'api';

export interface AccountLimit {
  hit(customerId: string): Promise<RateLimitVerdict>;
}

export function accountLimit(deps: { db: Db; now: () => Date }, options: { kind: AccountLimitKind; limit: number; windowMs: number }): AccountLimit {
  const { kind, limit, windowMs } = options;
  return {
    async hit(customerId) {
      const at = deps.now();
      const { hits, windowStartedAt } = await countCall(deps.db, customerId, kind, at, windowMs);
      const retryAfterSeconds = Math.max(1, Math.ceil((windowStartedAt.getTime() + windowMs - at.getTime()) / 1000));
      return { allowed: hits <= limit, retryAfterSeconds };
    },
  };
}
