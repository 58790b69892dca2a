import { searchQuerySchema } from '@postlark/shared/search';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { parseWith } from '../../http/errors';
import type { RouteLimit } from '../../http/read-limits';
import { requireCustomer } from '../auth/session.service';
import { searchEverything } from './search.service';

/** The top bar's search across the signed-in customer's own campaigns, subscribers, lists and segments. */
export function searchRoutes(deps: { db: Db; now: () => Date; limit: RouteLimit }) {
  return async (app: FastifyInstance) => {
    // Each search reads four tables by trigram: a few an account a second at most (SEARCHES_PER_MINUTE).
    app.get('/home/v1/search', { onRequest: deps.limit }, async (request) => {
      const owner = await requireCustomer(deps, request);
      const { q } = parseWith(searchQuerySchema, request.query);
      return { payload: await searchEverything(deps.db, owner.customerId, q) };
    });
  };
}
