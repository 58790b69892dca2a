import { loadConfig } from '../apps/api/src/config/env';
import { openDatabase, rawQuery } from '../apps/api/src/db/client';
import { databaseTarget } from '../apps/api/src/db/target';

/**
 * Prints, as JSON, how many messages the dev outbox holds and the email-link and send-email jobs by state, for a
 * stopped server's DATA_DIR (PGlite locks it while the server runs). Bench-only.
 *
 * Usage: DATA_DIR=… node --import tsx bench/outbox-count.ts
 */

const database = await openDatabase(databaseTarget(loadConfig()));
try {
  const [outbox] = await rawQuery<{ count: number }>(database.db, 'select count(*)::int as count from dev_outbox', []);
  const jobs = await rawQuery<{ state: string; count: number }>(
    database.db,
    "select name || ' ' || state::text as state, count(*)::int as count from pgboss.job where name in ('email-link', 'send-email') group by name, state",
    [],
  );
  process.stdout.write(`${JSON.stringify({ outbox: outbox?.count ?? 0, jobs: Object.fromEntries(jobs.map((row) => [row.state, row.count])) })}\n`);
} finally {
  await database.close();
}
