import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import type { Database } from '../src/db/client';
import { openTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** The whole app on a fresh database, without a port; tests talk to it through app.inject. */
export async function buildTestApp(settings: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', ...settings });
  const database = await openTestDatabase();
  const app = await buildApp({ config, database });
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
