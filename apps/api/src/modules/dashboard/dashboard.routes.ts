import type { FastifyInstance } from 'fastify';
import type { RouteLimit } from '../../http/read-limits';
import { requireCustomer } from '../auth/session.service';
import { type DashboardDeps, homeOverview } from './dashboard.service';

/** Home (/dashboard): the signed-in customer's account at a glance, theirs only. */
export function dashboardRoutes(deps: DashboardDeps & { limit: RouteLimit }) {
  return async (app: FastifyInstance) => {
    // The overview adds up the whole account: HOME_OVERVIEWS_PER_MINUTE per account.
    app.get('/home/v1/overview', { onRequest: deps.limit }, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: await homeOverview(deps, owner.customerId) };
    });
  };
}
