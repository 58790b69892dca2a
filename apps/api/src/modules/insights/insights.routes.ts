import type { FastifyInstance } from 'fastify';
import { FORM_BODY_LIMIT } from '../../http/body-limits';
import type { ApiCustomerOf } from '../public-api/api-key-gate';
import { type InsightsRequestDeps, refreshState, requestRefresh } from './insights.service';

type IdParams = { Params: { id: string } };

/** Insights through the public API: ask for a refresh (optionally as of a past time), follow it. */
export function insightsApiRoutes(deps: InsightsRequestDeps & { customerOf: ApiCustomerOf }) {
  return async (app: FastifyInstance) => {
    app.post('/v1/insights/refresh', { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      const refresh = await requestRefresh(deps, await deps.customerOf(request), request.body);
      return reply.code(202).send({ payload: refresh });
    });

    app.get<IdParams>('/v1/insights/refresh/:id', async (request) => ({
      payload: await refreshState(deps, await deps.customerOf(request), request.params.id),
    }));
  };
}
