import { abTestListQuerySchema } from '@postlark/shared/ab-tests';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { parseWith } from '../../http/errors';
import { requireCustomer } from '../auth/session.service';
import { testSummaries } from './ab-tests.service';

export interface AbTestDeps {
  db: Db;
  now: () => Date;
}

/** The A/B tests page: every test of the signed-in customer's (campaigns' and automation steps'), newest first. */
export function abTestRoutes(deps: AbTestDeps) {
  return async (app: FastifyInstance) => {
    app.get('/ab-tests/v1/tests', async (request) => {
      const owner = await requireCustomer(deps, request);
      const query = parseWith(abTestListQuerySchema, request.query);
      return { payload: { tests: await testSummaries(deps.db, owner.customerId, query.status, query.platform) } };
    });
  };
}
