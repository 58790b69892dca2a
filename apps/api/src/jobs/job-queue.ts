import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type { AppConfig } from '../config/env';
import type { Database } from '../db/client';

/** Where pg-boss keeps its tables, beside ours in the same database. */
const BOSS_SCHEMA = 'pgboss';

/**
 * Queued payloads hold links with live tokens, so finished jobs are kept as briefly as pg-boss
 * allows: moved to the archive 60 s after they complete or finally fail (below 60 s pg-boss warns
 * and turns cron off), deleted from the archive at the next maintenance pass (every 60 s). A sent
 * link stays in the database for about three minutes at most; failures are in the log instead.
 */
const RETENTION = {
  maintenanceIntervalSeconds: 60,
  archiveCompletedAfterSeconds: 60,
  archiveFailedAfterSeconds: 60,
  deleteAfterSeconds: 1,
} satisfies PgBoss.ConstructorOptions;

export interface JobQueue {
  boss: PgBoss;
  /** Resolves when no statement this process sent to PGlite is still running. */
  drained(): Promise<void>;
}

/**
 * pg-boss on the app's database: through its own small pool on PostgreSQL, and on PGlite through
 * the one embedded connection (pg-boss's `db` adapter), which is why PGlite means one process.
 */
export function createJobQueue(config: AppConfig, database: Database): JobQueue {
  const inFlight = new Set<Promise<unknown>>();
  const connection = connectionOptions(config, database, inFlight);
  const boss = new PgBoss({
    ...connection,
    schema: BOSS_SCHEMA,
    migrate: true,
    supervise: true,
    // No cron jobs yet; the timekeeper would poll for nothing.
    schedule: false,
    ...RETENTION,
  });
  return {
    boss,
    async drained() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

function connectionOptions(config: AppConfig, database: Database, inFlight: Set<Promise<unknown>>): PgBoss.ConstructorOptions {
  if (database.kind === 'postgres' && config.DATABASE_URL) {
    // Its own pool, so a busy queue never waits behind HTTP requests for a connection, or they for it.
    return { connectionString: config.DATABASE_URL, max: 4, application_name: 'postlark-jobs' };
  }
  const client = (database.db as unknown as { $client: PGlite | PgClientLike }).$client;
  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    void promise.then(
      () => inFlight.delete(promise),
      () => inFlight.delete(promise),
    );
    return promise;
  };
  if (database.kind === 'postgres') {
    // PostgreSQL opened without DATABASE_URL (a test's own database): the app's pool answers like pg-boss's own.
    const pool = client as PgClientLike;
    return { db: { executeSql: (text, values) => track(pool.query(text, values)) } };
  }
  const pglite = client as PGlite;
  return {
    db: {
      executeSql(text, values) {
        // pg-boss sends its schema and maintenance as several statements without parameters:
        // only the simple protocol (exec) runs those; everything with parameters goes through query.
        if (values === undefined || values.length === 0) {
          return track(pglite.exec(text).then((results) => ({ rows: results.at(-1)?.rows ?? [] })));
        }
        return track(pglite.query(text, values).then((result) => ({ rows: result.rows })));
      },
    },
  };
}

interface PgClientLike {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}
