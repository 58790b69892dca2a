import type { FastifyInstance } from 'fastify';
import { requireCustomer } from '../auth/session.service';
import { type DashboardDeps, homeOverview } from './dashboard.service';

/** Home (/dashboard): the signed-in customer's account at a glance, theirs only. */
export function dashboardRoutes(deps: DashboardDeps) {
  return async (app: FastifyInstance) => {
    app.get('/home/v1/overview', async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: await homeOverview(deps, owner.customerId) };
    });
  };
}
