import type { AppConfig } from '../config/env';
import type { DatabaseTarget } from './client';

/** DATABASE_URL selects PostgreSQL; without it the embedded PGlite lives in DATA_DIR. */
export function databaseTarget(config: AppConfig): DatabaseTarget {
  return config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: config.DATA_DIR };
}
