import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { RateLimitVerdict } from '../lib/rate-limiter';
import { HttpError } from './errors';
import { countCall } from './request-limits.repository';

// Limits per account, counted in PostgreSQL (request_limits) so that every API process draws on
// the same budget: N processes allow an account what one does, not N times it. One statement per
// call; on PGlite (one process) the same code runs.

/** What is counted, each in its own window per account. */
export type AccountLimitKind = 'api' | 'search' | 'home-overview' | 'campaign-preview' | 'platform-audiences' | 'insights-summary' | 'insights-refresh' | 'attribute-keys' | 'media-upload' | 'brand-website';

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

/**
 * An onRequest hook for one route: the caller's account (its session or key, found by `customerOf`)
 * within its calls of this kind, else a 429 with `message` (the wait in words) and Retry-After,
 * before the route's work starts.
 */
export function limitPerAccount(limit: AccountLimit, customerOf: (request: FastifyRequest) => Promise<string>, message: (seconds: number) => string) {
  return async (request: FastifyRequest) => {
    const verdict = await limit.hit(await customerOf(request));
    if (!verdict.allowed) throw new HttpError(429, message(verdict.retryAfterSeconds), undefined, { 'retry-after': String(verdict.retryAfterSeconds) });
  };
}
