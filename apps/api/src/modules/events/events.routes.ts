import { personEventsQuerySchema } from '@postlark/shared/events';
import type { FastifyInstance } from 'fastify';
import { EVENTS_BODY_LIMIT } from '../../http/body-limits';
import { parseWith } from '../../http/errors';
import { requireCustomer } from '../auth/session.service';
import type { ApiCustomerOf } from '../public-api/api-key-gate';
import { type EventDeps, ingestEvents, personEvents } from './events.service';

type IdParams = { Params: { id: string } };

/** Events through the public API: a batch in, a person's stream out. */
export function eventApiRoutes(deps: EventDeps & { customerOf: ApiCustomerOf }) {
  return async (app: FastifyInstance) => {
    app.post('/v1/events', { bodyLimit: EVENTS_BODY_LIMIT }, async (request, reply) => {
      const result = await ingestEvents(deps, await deps.customerOf(request), request.body, 'api');
      return reply.code(202).send({ payload: result });
    });

    app.get<IdParams>('/v1/subscribers/:id/events', async (request) => {
      const customerId = await deps.customerOf(request);
      return { payload: await personEvents(deps, customerId, request.params.id, parseWith(personEventsQuerySchema, request.query)) };
    });
  };
}

/** A person's stream for the dashboard's subscriber page (the signed-in customer's own only). */
export function eventDashboardRoutes(deps: { db: EventDeps['db']; now: () => Date }) {
  return async (app: FastifyInstance) => {
    app.get<IdParams>('/audience/v1/subscribers/:id/events', async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: await personEvents(deps, owner.customerId, request.params.id, parseWith(personEventsQuerySchema, request.query)) };
    });
  };
}
