import type { Db } from '../db/client';
import { purgeDeadTokens } from '../modules/auth/dead-tokens';
import { purgeEndedSessions } from '../modules/auth/session.service';
import { purgeForgottenFailures } from '../modules/auth/sign-in-throttle';
import { dropDeliveriesBefore } from '../modules/campaigns/bounces.repository';
import { purgeExpiredArchives } from '../modules/data-export/data-export.service';
import { purgeAbandonedImports, purgeFailedImportFiles } from '../modules/imports/imports.service';
import { purgeSpentUsage } from '../modules/senders/quotas';
import { purgeSpentConfirmations } from '../modules/forms/confirmation-mail';
import { dropReportsBefore, REPORT_KEEP_DAYS } from '../modules/inbound/record-report';
import { dropEventsBefore } from '../modules/outgoing-webhooks/sends.repository';
import { REPLAY_WINDOW_MS } from '../modules/webhooks/webhook-signature';
import { describe, type JobLog } from './job-worker';

// Expired export links leave their Zips behind, imports whose upload broke off their first pieces,
// failed imports their files; ended sessions, dead links, forgotten sign-in failures and old
// webhook ids and quota usage stay in their tables. An hour's delay in freeing any of it is harmless.
const HOUSEKEEPING_EVERY_MS = 3_600_000;

type Deps = { db: Db; now: () => Date };

// Outgoing webhook events, their sends and the attempts the delivery log lists: a month is plenty
// to look back on, and past the 24 hours of retries nothing is sent again.
const OUTGOING_WEBHOOK_KEEP_MS = 30 * 24 * 3_600_000;

/** Each purge, and what its log line says it dropped. */
const PURGES: [(deps: Deps) => Promise<number>, string][] = [
  [purgeExpiredArchives, 'expired data export archives dropped'],
  [purgeAbandonedImports, 'imports that never received their file dropped'],
  [purgeFailedImportFiles, 'files of failed imports dropped (their reports stay)'],
  [purgeEndedSessions, 'ended sessions dropped'],
  [purgeDeadTokens, 'spent, superseded and expired link tokens dropped'],
  [purgeForgottenFailures, 'forgotten sign-in failures dropped'],
  [purgeSpentUsage, 'quota usage past its window dropped'],
  [purgeSpentConfirmations, 'opt-in confirmation marks past their day dropped'],
  [({ db, now }) => dropDeliveriesBefore(db, new Date(now().getTime() - REPLAY_WINDOW_MS)), 'webhook delivery ids past the replay window dropped'],
  [({ db, now }) => dropEventsBefore(db, new Date(now().getTime() - OUTGOING_WEBHOOK_KEEP_MS)), 'outgoing webhook events (with their attempts) past 30 days dropped'],
  [({ db, now }) => dropReportsBefore(db, new Date(now().getTime() - REPORT_KEEP_DAYS * 24 * 3_600_000)), 'delivery reports past 30 days dropped (their bounces stay)'],
];

/**
 * Periodic clean-up beside the workers: at start, then hourly. Every worker process runs it; each
 * purge is one idempotent statement, so several processes doing it costs nothing but a query.
 */
export function startHousekeeping(options: { db: Db; now: () => Date; log: JobLog; everyMs?: number }): { stop(): Promise<void> } {
  const { db, now, log } = options;
  let running: Promise<unknown> = Promise.resolve();
  const pass = () => {
    running = Promise.all(
      PURGES.map(([purge, done]) =>
        purge({ db, now }).then(
          (dropped) => {
            if (dropped > 0) log.info({ dropped }, done);
          },
          (error: unknown) => log.warn({ reason: describe(error), purge: done }, 'housekeeping purge failed; trying again later'),
        ),
      ),
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
