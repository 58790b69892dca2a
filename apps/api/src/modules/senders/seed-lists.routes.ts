import { SEED_LIST_MESSAGES, seedListCreateSchema, seedListUpdateSchema } from '@postlark/shared/seed-lists';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../http/errors';
import { requireCustomer } from '../auth/session.service';
import { allSeedLists, changeSeedList, createSeedList, removeSeedList } from './seed-lists.service';
import type { SenderDeps } from './senders.service';

type IdParams = { Params: { id: string } };

const SEED_LISTS = '/campaigns/v1/seed-lists';

/** The signed-in customer's seed lists: named sets of their own addresses a test send goes to. */
export function seedListRoutes(deps: SenderDeps) {
  return async (app: FastifyInstance) => {
    app.get(SEED_LISTS, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { seed_lists: await allSeedLists(deps, owner.customerId) } };
    });

    app.post(SEED_LISTS, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      const seedList = await createSeedList(deps, owner.customerId, parseWith(seedListCreateSchema, request.body));
      return reply.code(201).send({ payload: { message: SEED_LIST_MESSAGES.created(seedList.name), seed_list: seedList } });
    });

    app.patch<IdParams>(`${SEED_LISTS}/:id`, async (request) => {
      const owner = await requireCustomer(deps, request);
      const seedList = await changeSeedList(deps, owner.customerId, request.params.id, parseWith(seedListUpdateSchema, request.body));
      return { payload: { message: SEED_LIST_MESSAGES.updated(seedList.name), seed_list: seedList } };
    });

    app.delete<IdParams>(`${SEED_LISTS}/:id`, async (request) => {
      const owner = await requireCustomer(deps, request);
      await removeSeedList(deps, owner.customerId, request.params.id);
      return { payload: { message: SEED_LIST_MESSAGES.deleted } };
    });
  };
}
