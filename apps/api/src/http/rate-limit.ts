import { GENERIC_MESSAGES } from '@postlark/shared/messages';
import type { FastifyRequest } from 'fastify';
import type { RateLimiter } from '../lib/rate-limiter';
import { clientKey } from './client-address';
import { HttpError } from './errors';

/** An onRequest hook: counts before the body is read, so a flood costs no parsing. */
export function limitPerClient(limiter: RateLimiter) {
  return async (request: FastifyRequest) => {
    const verdict = limiter.hit(clientKey(request));
    if (!verdict.allowed) {
      throw new HttpError(429, GENERIC_MESSAGES.tooManyRequests, undefined, {
        'retry-after': String(verdict.retryAfterSeconds),
      });
    }
  };
}
