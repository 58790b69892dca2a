import { WEBHOOK_EVENT_TYPES, WEBHOOK_MESSAGES, webhookEndpointCreateSchema, webhookEndpointUpdateSchema } from '@postlark/shared/outgoing-webhooks';
import type { FastifyInstance } from 'fastify';
import { FORM_BODY_LIMIT } from '../../http/body-limits';
import { parseWith } from '../../http/errors';
import { requireCustomer } from '../auth/session.service';
import { changeEndpoint, createEndpoint, deliveryLog, listEndpoints, removeEndpoint, rollSecret, sendTestEvent, type WebhookDeps } from './endpoints.service';

const BASE = '/home/v1/webhooks';

type ById = { Params: { id: string } };

/** The profile's Integrations tab: the signed-in customer's webhook endpoints and their delivery log. */
export function outgoingWebhookRoutes(deps: WebhookDeps) {
  return async (app: FastifyInstance) => {
    app.get(BASE, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { endpoints: await listEndpoints(deps, owner.customerId), event_types: WEBHOOK_EVENT_TYPES } };
    });

    app.post(BASE, { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      const created = await createEndpoint(deps, owner.customerId, parseWith(webhookEndpointCreateSchema, request.body));
      // The secret is in this answer only: nothing may keep a copy on the way.
      return reply.code(201).header('cache-control', 'no-store').send({ payload: { message: WEBHOOK_MESSAGES.created, ...created } });
    });

    app.patch<ById>(`${BASE}/:id`, { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
      const owner = await requireCustomer(deps, request);
      const endpoint = await changeEndpoint(deps, owner.customerId, request.params.id, parseWith(webhookEndpointUpdateSchema, request.body));
      return { payload: { message: WEBHOOK_MESSAGES.updated, endpoint } };
    });

    app.delete<ById>(`${BASE}/:id`, async (request) => {
      const owner = await requireCustomer(deps, request);
      await removeEndpoint(deps, owner.customerId, request.params.id);
      return { payload: { message: WEBHOOK_MESSAGES.deleted } };
    });

    app.post<ById>(`${BASE}/:id/secret`, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      const secret = await rollSecret(deps, owner.customerId, request.params.id);
      return reply.header('cache-control', 'no-store').send({ payload: { message: WEBHOOK_MESSAGES.rolled, secret } });
    });

    app.post<ById>(`${BASE}/:id/test`, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      const eventId = await sendTestEvent(deps, owner.customerId, request.params.id);
      return reply.code(202).send({ payload: { message: WEBHOOK_MESSAGES.testQueued, event_id: eventId } });
    });

    app.get<ById>(`${BASE}/:id/deliveries`, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { attempts: await deliveryLog(deps, owner.customerId, request.params.id) } };
    });
  };
}
