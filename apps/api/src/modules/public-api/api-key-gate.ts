import { API_KEY_MESSAGES } from '@postlark/shared/api-keys';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors';
import { createRateLimiter } from '../../lib/rate-limiter';
import { type ApiKeyDeps, requireApiKey } from './api-keys.service';

/** The customer a public API request acts for, or a 401 / 429. */
export type ApiCustomerOf = (request: FastifyRequest) => Promise<string>;

/**
 * The one gate of every /api/v1 route: a valid key, within its calls per minute. Made once per app
 * and handed to each route plugin, so a key's budget is shared by every call it makes.
 */
export function apiKeyGate(deps: ApiKeyDeps & { requestsPerMinute: number }): ApiCustomerOf {
  const limiter = createRateLimiter({ limit: deps.requestsPerMinute, windowMs: 60_000 });
  return async (request) => {
    const { customerId, keyHash } = await requireApiKey(deps, request);
    const verdict = limiter.hit(keyHash);
    if (!verdict.allowed) throw new HttpError(429, API_KEY_MESSAGES.tooMany, undefined, { 'retry-after': String(verdict.retryAfterSeconds) });
    return customerId;
  };
}
