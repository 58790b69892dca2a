import {
  AUDIENCE_LIMITS,
  AUDIENCE_MESSAGES,
  bulkActionSchema,
  listCreateSchema,
  listUpdateSchema,
  subscriberCreateSchema,
  subscriberFilterSchema,
  subscriberQuerySchema,
  subscriberUpdateSchema,
} from '@postlark/shared/audience';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { BULK_BODY_LIMIT, FORM_BODY_LIMIT, SUBSCRIBER_BODY_LIMIT } from '../../http/body-limits';
import { parseWith } from '../../http/errors';
import type { RouteLimit } from '../../http/read-limits';
import { requireCustomer } from '../auth/session.service';
import { withUtf8Bom } from '../../lib/csv';
import { attributeKeyCounts } from './attribute-keys.repository';
import { applyBulkAction } from './bulk.service';
import { resolveFilter } from './segments.service';
import { subscriberCsv } from './subscriber-export.service';
import { allLists, changeList, createList, getList, removeList } from './lists.service';
import { createSubscriber, eraseSubscriber, getSubscriber, listSubscribers, type SubscriberDeps, updateSubscriber } from './subscribers.service';

type IdParams = { Params: { id: string } };

const BASE = '/audience/v1';

/** The signed-in customer's audience: subscribers and lists, their own only (any other id is a 404). */
export function audienceRoutes(deps: SubscriberDeps & { attributeKeysLimit: RouteLimit }) {
  return async (app: FastifyInstance) => {
    app.get(`${BASE}/subscribers`, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: await listSubscribers(deps, owner.customerId, parseWith(subscriberQuerySchema, request.query)) };
    });

    app.post(`${BASE}/subscribers`, { bodyLimit: SUBSCRIBER_BODY_LIMIT }, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      const subscriber = await createSubscriber(deps, owner.customerId, parseWith(subscriberCreateSchema, request.body));
      return reply.code(201).send({ payload: { message: AUDIENCE_MESSAGES.subscriberAdded, subscriber } });
    });

    // Streamed: a million subscribers never sit in memory at once.
    app.get(`${BASE}/subscribers/export.csv`, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      const filter = await resolveFilter(deps, owner.customerId, parseWith(subscriberFilterSchema, request.query));
      const day = deps.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="subscribers-${day}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(Readable.from(withUtf8Bom(subscriberCsv(deps, owner.customerId, filter))));
    });

    // The segment builder's attribute picker: the keys the customer's subscribers really have, as
    // data (they are the customer's own text), so a condition cannot name a key nobody has.
    app.get(`${BASE}/subscribers/attribute-keys`, { onRequest: deps.attributeKeysLimit }, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { keys: await attributeKeyCounts(deps.db, owner.customerId, AUDIENCE_LIMITS.attributeKeysListed) } };
    });

    app.post(`${BASE}/subscribers/bulk`, { bodyLimit: BULK_BODY_LIMIT }, async (request) => {
      const owner = await requireCustomer(deps, request);
      const affected = await applyBulkAction(deps, owner.customerId, parseWith(bulkActionSchema, request.body));
      return { payload: { message: AUDIENCE_MESSAGES.bulkDone(affected), affected } };
    });

    app.get<IdParams>(`${BASE}/subscribers/:id`, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: await getSubscriber(deps, owner.customerId, request.params.id) };
    });

    app.patch<IdParams>(`${BASE}/subscribers/:id`, { bodyLimit: SUBSCRIBER_BODY_LIMIT }, async (request) => {
      const owner = await requireCustomer(deps, request);
      const subscriber = await updateSubscriber(deps, owner.customerId, request.params.id, parseWith(subscriberUpdateSchema, request.body));
      return { payload: { message: AUDIENCE_MESSAGES.subscriberSaved, subscriber } };
    });

    app.delete<IdParams>(`${BASE}/subscribers/:id`, async (request) => {
      const owner = await requireCustomer(deps, request);
      await eraseSubscriber(deps, owner.customerId, request.params.id);
      return { payload: { message: AUDIENCE_MESSAGES.subscriberDeleted } };
    });

    app.get(`${BASE}/lists`, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { lists: await allLists(deps, owner.customerId) } };
    });

    app.post(`${BASE}/lists`, { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      const list = await createList(deps, owner.customerId, parseWith(listCreateSchema, request.body));
      return reply.code(201).send({ payload: { message: AUDIENCE_MESSAGES.listCreated, list } });
    });

    app.get<IdParams>(`${BASE}/lists/:id`, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: await getList(deps, owner.customerId, request.params.id) };
    });

    app.patch<IdParams>(`${BASE}/lists/:id`, { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
      const owner = await requireCustomer(deps, request);
      const list = await changeList(deps, owner.customerId, request.params.id, parseWith(listUpdateSchema, request.body));
      return { payload: { message: AUDIENCE_MESSAGES.listSaved, list } };
    });

    app.delete<IdParams>(`${BASE}/lists/:id`, async (request) => {
      const owner = await requireCustomer(deps, request);
      await removeList(deps, owner.customerId, request.params.id);
      return { payload: { message: AUDIENCE_MESSAGES.listDeleted } };
    });
  };
}
