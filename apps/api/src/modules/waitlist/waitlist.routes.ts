import { WAITLIST_MESSAGES } from '@postlark/shared/messages';
import { HELP_MESSAGES, helpMessageSchema, waitlistSubmissionSchema } from '@postlark/shared/waitlist';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { parseWith } from '../../http/errors';
import { limitPerClient } from '../../http/rate-limit';
import type { KeyedHash } from '../../lib/keyed-hash';
import { createRateLimiter } from '../../lib/rate-limiter';
import { requireOwnCustomer } from '../auth/session.service';
import { createWaitlistService } from './waitlist.service';

// A 5,000-character message in four-byte characters is 20 KB; 64 KB leaves room and refuses floods.
const WAITLIST_BODY_LIMIT = 64 * 1024;

export function waitlistRoutes(deps: { db: Db; now: () => Date; hashIp: KeyedHash; limitPerMinute: number }) {
  const limiter = createRateLimiter({ limit: deps.limitPerMinute, windowMs: 60_000 });
  // The Help panel's messages count apart from the public forms': a busy office behind one address
  // joining the waitlist does not stop a customer asking for help.
  const helpLimiter = createRateLimiter({ limit: deps.limitPerMinute, windowMs: 60_000 });
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

    // The dashboard's Help panel: a Contact submission from the signed-in customer, for their own id only.
    app.post<{ Params: { customerId: string } }>(
      '/home/v1/user/:customerId/contact-message',
      { bodyLimit: WAITLIST_BODY_LIMIT, onRequest: limitPerClient(helpLimiter) },
      async (request, reply) => {
        const customer = await requireOwnCustomer(deps, request);
        const help = parseWith(helpMessageSchema, request.body);
        await waitlist.contactFromCustomer(customer, help, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
        return reply.code(201).send({ payload: { message: HELP_MESSAGES.sent(customer.email) } });
      },
    );
  };
}
