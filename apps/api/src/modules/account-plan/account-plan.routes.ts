import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { requireOwnCustomer } from '../auth/session.service';
import { readAccountPlan } from './account-plan.service';

/** The sidebar's Upgrade panel reads the account's plan and trial here; the profile's answer keeps the SPEC's shape. */
export function accountPlanRoutes(deps: { db: Db; now: () => Date }) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: { customerId: string } }>('/home/v1/user/:customerId/plan', async (request) => {
      const owner = await requireOwnCustomer(deps, request);
      return { payload: await readAccountPlan(deps, owner.customerId) };
    });
  };
}
