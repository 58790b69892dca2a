import { apiListSubscribeSchema } from '@postlark/shared/api-keys';
import { AUDIENCE_MESSAGES, listCreateSchema, listUpdateSchema, subscriberCreateSchema, subscriberQuerySchema, subscriberUpdateSchema } from '@postlark/shared/audience';
import { FORM_MESSAGES } from '@postlark/shared/forms';
import type { FastifyInstance } from 'fastify';
import { FORM_BODY_LIMIT, SUBSCRIBER_BODY_LIMIT } from '../../http/body-limits';
import { HttpError, parseWith } from '../../http/errors';
import { allLists, changeList, createList, getList, removeList } from '../audience/lists.service';
import { createSubscriber, eraseSubscriber, getSubscriber, listSubscribers, type SubscriberDeps, updateSubscriber } from '../audience/subscribers.service';
import { publicListTarget } from '../forms/forms.repository';
import { type SubscriptionDeps, subscribeToList } from '../forms/subscriptions.service';
import type { ApiCustomerOf } from './api-key-gate';

type IdParams = { Params: { id: string } };

export interface PublicApiDeps extends SubscriberDeps, SubscriptionDeps {
  customerOf: ApiCustomerOf;
}

/**
 * The public API for other apps (/api/v1): subscribers and lists of the key's customer, with the
 * same rules and answers as the dashboard, and a call that asks a person to confirm (double opt-in).
 */
export function publicApiRoutes(deps: PublicApiDeps) {
  const { customerOf } = deps;

  return async (app: FastifyInstance) => {
    app.get('/v1/subscribers', async (request) => ({
      payload: await listSubscribers(deps, await customerOf(request), parseWith(subscriberQuerySchema, request.query)),
    }));

    app.post('/v1/subscribers', { bodyLimit: SUBSCRIBER_BODY_LIMIT }, async (request, reply) => {
      const subscriber = await createSubscriber(deps, await customerOf(request), parseWith(subscriberCreateSchema, request.body), 'api');
      return reply.code(201).send({ payload: { message: AUDIENCE_MESSAGES.subscriberAdded, subscriber } });
    });

    app.get<IdParams>('/v1/subscribers/:id', async (request) => ({ payload: await getSubscriber(deps, await customerOf(request), request.params.id) }));

    app.patch<IdParams>('/v1/subscribers/:id', { bodyLimit: SUBSCRIBER_BODY_LIMIT }, async (request) => {
      const subscriber = await updateSubscriber(deps, await customerOf(request), request.params.id, parseWith(subscriberUpdateSchema, request.body));
      return { payload: { message: AUDIENCE_MESSAGES.subscriberSaved, subscriber } };
    });

    app.delete<IdParams>('/v1/subscribers/:id', async (request) => {
      await eraseSubscriber(deps, await customerOf(request), request.params.id);
      return { payload: { message: AUDIENCE_MESSAGES.subscriberDeleted } };
    });

    app.get('/v1/lists', async (request) => ({ payload: { lists: await allLists(deps, await customerOf(request)) } }));

    app.post('/v1/lists', { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      const list = await createList(deps, await customerOf(request), parseWith(listCreateSchema, request.body));
      return reply.code(201).send({ payload: { message: AUDIENCE_MESSAGES.listCreated, list } });
    });

    app.get<IdParams>('/v1/lists/:id', async (request) => ({ payload: await getList(deps, await customerOf(request), request.params.id) }));

    app.patch<IdParams>('/v1/lists/:id', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
      const list = await changeList(deps, await customerOf(request), request.params.id, parseWith(listUpdateSchema, request.body));
      return { payload: { message: AUDIENCE_MESSAGES.listSaved, list } };
    });

    app.delete<IdParams>('/v1/lists/:id', async (request) => {
      await removeList(deps, await customerOf(request), request.params.id);
      return { payload: { message: AUDIENCE_MESSAGES.listDeleted } };
    });

    // Double opt-in from another app: the person gets the confirmation email a form would send.
    app.post<IdParams>('/v1/lists/:id/subscribe', { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      const customerId = await customerOf(request);
      const person = parseWith(apiListSubscribeSchema, request.body);
      const target = await publicListTarget(deps.db, customerId, request.params.id);
      if (!target) throw new HttpError(404, AUDIENCE_MESSAGES.listNotFound);
      const confirmationSent = await subscribeToList(deps, target, person, { source: 'api' });
      const message = target.doubleOptIn ? FORM_MESSAGES.thanksConfirm : FORM_MESSAGES.thanksSubscribed;
      return reply.code(202).send({ payload: { message, confirmation_sent: confirmationSent } });
    });
  };
}
