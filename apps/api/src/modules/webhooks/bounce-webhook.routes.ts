import { bounceEventSchema, WEBHOOK_MESSAGES } from '@postlark/shared/webhooks';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError, parseWith } from '../../http/errors';
import { bounceTargets, firstDelivery, recordBounce, type SoftBounceRule } from '../campaigns/bounces.repository';
import { SIGNATURE_HEADER, validWebhookSignature } from './webhook-signature';

export interface BounceWebhookDeps {
  db: Db;
  now: () => Date;
  /** BOUNCE_WEBHOOK_SECRET; without it the route answers 404. */
  secret: string | undefined;
  softBounces: SoftBounceRule;
}

const WEBHOOK_BODY_LIMIT = 64 * 1024;

/** POST /webhooks/bounces: a relay tells us of a bounce or complaint, signed (webhook-signature.ts). */
export function bounceWebhookRoutes(deps: BounceWebhookDeps) {
  return async (app: FastifyInstance) => {
    // The signature covers the bytes as sent: the body is kept as text and parsed after the check.
    app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

    app.post('/webhooks/bounces', async (request) => {
      if (!deps.secret) throw new HttpError(404, WEBHOOK_MESSAGES.notConfigured);
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers[SIGNATURE_HEADER];
      if (!validWebhookSignature(deps.secret, typeof signature === 'string' ? signature : undefined, raw, deps.now())) {
        throw new HttpError(401, WEBHOOK_MESSAGES.badSignature);
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        parsed = undefined;
      }
      const event = parseWith(bounceEventSchema, parsed);
      const at = deps.now();
      // One transaction: a delivery whose recording failed is not remembered as done, so the
      // relay's retry of it still counts.
      const recorded = await deps.db.transaction(async (tx) => {
        if (!(await firstDelivery(tx, event.id, at))) return false;
        for (const target of await bounceTargets(tx, event.email, event.message_id)) {
          await recordBounce(tx, { ...target, kind: event.type, source: 'webhook', detail: event.detail ?? '', at }, deps.softBounces);
        }
        return true;
      });
      return { payload: { message: recorded ? WEBHOOK_MESSAGES.recorded : WEBHOOK_MESSAGES.alreadyRecorded } };
    });
  };
}
