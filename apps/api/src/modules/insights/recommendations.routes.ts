import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { ApiCustomerOf } from '../public-api/api-key-gate';
import { subscriberRecommendations } from './recommendations.service';

type IdParams = { Params: { id: string } };

/** A person's product recommendations through the public API. */
export function recommendationApiRoutes(deps: { db: Db; now: () => Date; customerOf: ApiCustomerOf }) {
  return async (app: FastifyInstance) => {
    app.get<IdParams>('/v1/subscribers/:id/recommendations', async (request) => ({
      payload: await subscriberRecommendations(deps, await deps.customerOf(request), request.params.id, request.query),
    }));
  };
}
