import { defineConfig } from 'vitest/config';

// API tests run on the embedded PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
// *.postgres.test.ts need a server (several processes on one database) and run only there.
const apiProject = (name: string, database: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['apps/api/test/**/*.test.ts'],
    exclude: database === 'pglite' ? ['apps/api/test/**/*.postgres.test.ts'] : [],
    environment: 'node',
    env: { TEST_DB: database },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'], environment: 'node' } },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
    ],
  },
});
