import { API_KEY_MESSAGES } from '@postlark/shared/api-keys';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors';
import { createRateLimiter } from '../../lib/rate-limiter';
import { type ApiKeyDeps, requireApiKey } from './api-keys.service';

/** The customer a public API request acts for, or a 401 / 429. */
export type ApiCustomerOf = (request: FastifyRequest) => Promise<string>;

/**
 * The one gate of every /api/v1 route: a valid key, within its calls per minute. Made once per app
 * and handed to each route plugin, so a key's budget is shared by every call it makes. The API's
 * onRequest hook asks it before the body is read (http/early-authentication.ts); the handler's
 * own call then gets the same answer, so a request is looked up and counted once.
 */
export function apiKeyGate(deps: ApiKeyDeps & { requestsPerMinute: number }): ApiCustomerOf {
  const limiter = createRateLimiter({ limit: deps.requestsPerMinute, windowMs: 60_000 });
  const answers = new WeakMap<FastifyRequest, Promise<string>>();
  async function gate(request: FastifyRequest): Promise<string> {
    const { customerId, keyHash } = await requireApiKey(deps, request);
    const verdict = limiter.hit(keyHash);
    if (!verdict.allowed) throw new HttpError(429, API_KEY_MESSAGES.tooMany, undefined, { 'retry-after': String(verdict.retryAfterSeconds) });
    return customerId;
  }
  return (request) => {
    let answer = answers.get(request);
    if (!answer) {
      answer = gate(request);
      answers.set(request, answer);
    }
    return answer;
  };
}
