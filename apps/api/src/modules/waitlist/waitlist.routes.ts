import { WAITLIST_MESSAGES } from '@postlark/shared/messages';
import { waitlistSubmissionSchema } from '@postlark/shared/waitlist';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { parseWith } from '../../http/errors';
import { limitPerClient } from '../../http/rate-limit';
import type { KeyedHash } from '../../lib/keyed-hash';
import { createRateLimiter } from '../../lib/rate-limiter';
import { createWaitlistService } from './waitlist.service';

// A 5,000-character message in four-byte characters is 20 KB; 64 KB leaves room and refuses floods.
const WAITLIST_BODY_LIMIT = 64 * 1024;

export function waitlistRoutes(deps: { db: Db; hashIp: KeyedHash; limitPerMinute: number }) {
  const limiter = createRateLimiter({ limit: deps.limitPerMinute, windowMs: 60_000 });
  const waitlist = createWaitlistService(deps);

  return async (app: FastifyInstance) => {
    app.post(
      '/landing/v1/waitlist/',
      { bodyLimit: WAITLIST_BODY_LIMIT, onRequest: limitPerClient(limiter) },
      async (request, reply) => {
        const submission = parseWith(waitlistSubmissionSchema, request.body);
        const outcome = await waitlist.submit(submission, {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
        });
        return reply.code(outcome === 'created' ? 201 : 200).send({ payload: { message: WAITLIST_MESSAGES.added } });
      },
    );
  };
}
