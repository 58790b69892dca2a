import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';

export function healthRoutes(deps: { db: Db }) {
  return async (app: FastifyInstance) => {
    app.get('/health', async (request, reply) => {
      try {
        await deps.db.execute(sql`select 1`);
        return { status: 'ok', database: 'ok' };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'unavailable', database: 'unreachable' });
      }
    });
  };
}
