import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config/env';
import type { Database } from './db/client';
import { registerErrorHandler } from './http/error-handler';
import { securityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { keyedHash } from './lib/keyed-hash';
import { healthRoutes } from './modules/health/health.routes';
import { getOrCreateSecret } from './modules/secrets/secrets.repository';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes';

export interface AppDependencies {
  config: AppConfig;
  database: Database;
}

/** Builds the whole HTTP app without listening; the server and the tests both start here. */
export async function buildApp({ config, database }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      // Query strings carry tokens (verification links, unsubscribe); headers carry sessions. Neither is logged.
      serializers: {
        req: (request) => ({ method: request.method, url: request.url.split('?')[0], id: request.id }),
      },
    },
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
  });

  registerErrorHandler(app);
  app.addHook('onSend', securityHeaders);

  const { db } = database;
  const hashIp = keyedHash(await getOrCreateSecret(db, 'ip-hash'));

  await app.register(
    async (api) => {
      await api.register(healthRoutes({ db }));
      await api.register(waitlistRoutes({ db, hashIp, limitPerMinute: config.WAITLIST_LIMIT_PER_MINUTE }));
    },
    { prefix: '/api' },
  );
  await registerWebApp(app, config.WEB_DIST_DIR);
  return app;
}
