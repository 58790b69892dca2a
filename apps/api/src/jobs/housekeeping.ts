import type { Db } from '../db/client';
import { purgeExpiredArchives } from '../modules/data-export/data-export.service';
import { purgeAbandonedImports } from '../modules/imports/imports.service';
import { describe, type JobLog } from './job-worker';

// Expired export links leave their Zips behind, and imports whose upload broke off their first
// pieces; an hour's delay in freeing that space is harmless.
const HOUSEKEEPING_EVERY_MS = 3_600_000;

/**
 * Periodic clean-up beside the workers: at start, then hourly. Every worker process runs it; each
 * pass is one idempotent statement, so several processes doing it costs nothing but a query.
 */
export function startHousekeeping(options: { db: Db; now: () => Date; log: JobLog; everyMs?: number }): { stop(): Promise<void> } {
  const { db, now, log } = options;
  let running: Promise<void> = Promise.resolve();
  const pass = () => {
    running = Promise.all([purgeExpiredArchives({ db, now }), purgeAbandonedImports({ db, now })]).then(
      ([archives, imports]) => {
        if (archives > 0) log.info({ dropped: archives }, 'expired data export archives dropped');
        if (imports > 0) log.info({ dropped: imports }, 'imports that never received their file dropped');
      },
      (error: unknown) => log.warn({ reason: describe(error) }, 'housekeeping pass failed; trying again later'),
    );
  };
  pass();
  const timer = setInterval(pass, options.everyMs ?? HOUSEKEEPING_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
