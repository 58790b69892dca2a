import type { Db } from '../db/client';
import { queueDueRefreshes } from '../modules/insights/refresh-schedule';
import { describe, type JobLog } from './job-worker';

// Often enough that "at most hourly after new orders" is close to hourly and the nightly pass
// starts within minutes of its hour; each pass is one indexed query per account with orders.
const CHECK_EVERY_MS = 5 * 60_000;

/**
 * The insights schedule beside the workers (as housekeeping): every few minutes, queue the
 * refreshes that are due. The first pass comes after one interval, not at start, so a restart
 * loop cannot queue anything faster than that.
 */
export function startInsightsSchedule(options: {
  db: Db;
  now: () => Date;
  log: JobLog;
  queueRefresh(refreshId: string): Promise<void>;
  everyMs?: number;
}): { stop(): Promise<void> } {
  const { log } = options;
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    // A pass slower than the interval (a database under load) is not doubled up.
    if (busy) return;
    busy = true;
    running = queueDueRefreshes(options)
      .then(
      (queued) => {
        if (queued > 0) log.info({ queued }, 'insights refreshes queued');
      },
        (error: unknown) => log.warn({ reason: describe(error) }, 'insights schedule failed; trying again later'),
      )
      .finally(() => {
        busy = false;
      });
  }, options.everyMs ?? CHECK_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
