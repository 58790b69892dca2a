import { API_KEY_MESSAGES } from '@postlark/shared/api-keys';
import type { FastifyRequest } from 'fastify';
import { accountLimit } from '../../http/account-limit';
import { HttpError } from '../../http/errors';
import { type ApiKeyDeps, requireApiKey } from './api-keys.service';

/** The customer a public API request acts for, or a 401 / 429. */
export type ApiCustomerOf = (request: FastifyRequest) => Promise<string>;

/**
 * The one gate of every /api/v1 route: a valid key, within its account's calls per minute. The
 * budget is the account's, not the key's: all its keys, in every API process, draw on one count
 * in the database (http/account-limit.ts), so more keys or more processes do not raise it. The
 * API's onRequest hook asks the gate before the body is read (http/early-authentication.ts); the
 * handler's own call then gets the same answer, so a request is looked up and counted once.
 */
export function apiKeyGate(deps: ApiKeyDeps & { requestsPerMinute: number }): ApiCustomerOf {
  const limit = accountLimit(deps, { kind: 'api', limit: deps.requestsPerMinute, windowMs: 60_000 });
  const answers = new WeakMap<FastifyRequest, Promise<string>>();
  async function gate(request: FastifyRequest): Promise<string> {
    const { customerId } = await requireApiKey(deps, request);
    const verdict = await limit.hit(customerId);
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
