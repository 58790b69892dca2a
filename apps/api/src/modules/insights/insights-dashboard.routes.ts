import type { FastifyInstance } from 'fastify';
import { FORM_BODY_LIMIT } from '../../http/body-limits';
import { requireCustomer } from '../auth/session.service';
import { insightsSummary, requestDashboardRefresh } from './insights-dashboard.service';
import { type InsightsRequestDeps, refreshState } from './insights.service';

type IdParams = { Params: { id: string } };

/** The dashboard's Insights page: the account's summary, and "Refresh now" with its progress. */
export function insightsDashboardRoutes(deps: InsightsRequestDeps) {
  return async (app: FastifyInstance) => {
    app.get('/insights/v1/summary', async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: await insightsSummary(deps, owner.customerId) };
    });

    // No body is read: the page's refresh is always as of now.
    app.post('/insights/v1/refreshes', { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      return reply.code(202).send({ payload: await requestDashboardRefresh(deps, owner.customerId) });
    });

    app.get<IdParams>('/insights/v1/refreshes/:id', async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: await refreshState(deps, owner.customerId, request.params.id) };
    });
  };
}
