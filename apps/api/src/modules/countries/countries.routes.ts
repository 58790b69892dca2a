import type { FastifyInstance } from 'fastify';
import { COUNTRY_LIST } from './countries.service';

// The list changes only with a new release of the data package: a day of caching is safe.
const CACHE_SECONDS = 24 * 60 * 60;

export function countriesRoutes() {
  const body = JSON.stringify(COUNTRY_LIST);
  return async (app: FastifyInstance) => {
    app.get('/meta/v1/countries', async (_request, reply) =>
      reply.header('cache-control', `public, max-age=${CACHE_SECONDS}`).type('application/json; charset=utf-8').send(body),
    );
  };
}
