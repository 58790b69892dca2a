import type { FastifyInstance } from 'fastify';
import { FORM_BODY_LIMIT } from '../../http/body-limits';
import type { RouteLimit } from '../../http/read-limits';
import { requireCustomer } from '../auth/session.service';
import { insightsSummary, requestDashboardRefresh } from './insights-dashboard.service';
import { type InsightsRequestDeps, refreshState } from './insights.service';

type IdParams = { Params: { id: string } };

/** The dashboard's Insights page: the account's summary, and "Refresh now" with its progress. */
export function insightsDashboardRoutes(deps: InsightsRequestDeps & { summaryLimit: RouteLimit; refreshLimit: RouteLimit }) {
  return async (app: FastifyInstance) => {
    // The summary adds up the account's orders: INSIGHTS_SUMMARIES_PER_MINUTE per account.
    app.get('/insights/v1/summary', { onRequest: deps.summaryLimit }, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: await insightsSummary(deps, owner.customerId) };
    });

    // No body is read: the page's refresh is always as of now. The next waits out a cool-down
    // (INSIGHTS_REFRESH_COOLDOWN_SECONDS), as each recomputes the account's whole history.
    app.post('/insights/v1/refreshes', { bodyLimit: FORM_BODY_LIMIT, onRequest: deps.refreshLimit }, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      return reply.code(202).send({ payload: await requestDashboardRefresh(deps, owner.customerId) });
    });

    app.get<IdParams>('/insights/v1/refreshes/:id', async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: await refreshState(deps, owner.customerId, request.params.id) };
    });
  };
}
