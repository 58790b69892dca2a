import type { z } from 'zod';
import type { AppConfig } from '../config/env';
import type { Database } from '../db/client';
import { type EmailMessage, type MailService, parseEmailMessage } from '../mail/mail-service';
import { createMailTransport } from '../mail/transport';
import { sendingIdentitiesFrom } from '../mail/sending-identity';
import { withSendingIdentity } from '../modules/campaigns/identity-transport';
import { marketingStream } from '../modules/campaigns/marketing-stream';
import { buildDataExportJob } from './build-data-export.job';
import { runImportJob } from './run-import.job';
import type { JobDefinition, RetryPolicy } from './job-definition';
import { startHousekeeping } from './housekeeping';
import { createJobQueue } from './job-queue';
import { describe, type JobLog, type JobWorker, startJobWorker } from './job-worker';
import { sendEmailJob } from './send-email.job';
import { emailLinkJob } from './email-link.job';
import { formSignupJob } from './form-signup.job';
import { startInsightsSchedule } from './insights-schedule';
import { startDomainRechecks } from './domain-rechecks';
import { refreshInsightsJob } from './refresh-insights.job';
import { setRecommendationFitHeap } from '../modules/insights/recommendations.service';
import type { EmailLinkRequest } from '../modules/auth/email-links.service';
import type { FormSignupJob } from '../modules/forms/subscriptions.service';
import { linkTokens } from '../modules/preferences/link-tokens';
import { importChecksFrom } from '../modules/imports/import-checks';
import { quotasFrom } from '../modules/senders/quotas';
import { getOrCreateSecret } from '../modules/secrets/secrets.repository';

export interface JobTuning {
  /** Run the workers in this process (the default), or only queue jobs for another process. */
  runWorkers?: boolean;
  /** Parallel deliveries per process. */
  concurrency?: number;
  /** How often an idle worker looks for jobs queued by other processes (or due retries). */
  pollingIntervalMs?: number;
  /** Tests shorten the retries; production keeps each job's own. */
  retry?: Partial<RetryPolicy>;
  /** How long stop() lets a running job finish. */
  stopTimeoutMs?: number;
}

/** What requests may queue: the app's side of the job queue. */
export interface JobClients {
  mail: MailService;
  /** Queues the build of a data export (modules/data-export). */
  buildDataExport(exportId: string): Promise<void>;
  /** Queues the run of a CSV import whose file has arrived (modules/imports). */
  runImport(importId: string): Promise<void>;
  /** Queues an email-send's work, whoever the address belongs to (modules/auth). */
  queueEmailLink(request: EmailLinkRequest): Promise<void>;
  /** Queues a form sign-up's work, whoever the person is (modules/forms). */
  queueFormSignup(signup: FormSignupJob): Promise<void>;
  /** Queues the run of an insights refresh already recorded (modules/insights). */
  refreshInsights(refreshId: string): Promise<void>;
}

export interface Jobs extends JobClients {
  /** Stops the workers (letting a running job finish), then pg-boss; the database stays open. */
  stop(): Promise<void>;
}

const DEFAULTS = { runWorkers: true, concurrency: 2, pollingIntervalMs: 2_000, stopTimeoutMs: 10_000 };

// Exports are rare and heavy (a whole account's data in memory): one at a time per process.
const EXPORT_CONCURRENCY = 1;
// An import keeps the database busy on its own; two at once would only slow each other.
const IMPORT_CONCURRENCY = 1;
const INSIGHTS_CONCURRENCY = 1;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of jobs with different payloads and deps
type AnyJob = JobDefinition<z.ZodType, any>;
const JOBS: readonly AnyJob[] = [sendEmailJob, buildDataExportJob, runImportJob, emailLinkJob, formSignupJob, refreshInsightsJob];

/**
 * Starts the durable queue (pg-boss, on the app's database) and, unless told not to, its workers.
 * Call it after openDatabase and before buildApp; call stop() after app.close() and before
 * database.close().
 */
export async function startJobs(options: {
  config: AppConfig;
  database: Database;
  log: JobLog;
  tuning?: JobTuning;
  /** The clock jobs read (an export's ready time and link expiry); tests share the app's. */
  now?: () => Date;
}): Promise<Jobs> {
  const { config, database, log, now = () => new Date() } = options;
  // Requests and sending batches of this process read recommendations fitted under the same cap.
  setRecommendationFitHeap(config.INSIGHTS_FIT_HEAP_MB);
  const tuning = { ...DEFAULTS, ...options.tuning };
  const queue = createJobQueue(config, database);
  const { boss } = queue;
  boss.on('error', (error) => log.error({ reason: describe(error) }, 'job queue error'));
  await boss.start();

  const retryOf = (job: AnyJob) => ({ ...job.retry, ...tuning.retry, expireInSeconds: job.expireInSeconds });
  for (const job of JOBS) await boss.createQueue(job.name, { name: job.name, ...retryOf(job) });

  const workers = new Map<string, JobWorker>();
  /** Queues one job; a worker in this process is woken at once rather than at its next poll. */
  async function send<Schema extends z.ZodType>(job: JobDefinition<Schema, never>, payload: z.output<Schema>): Promise<void> {
    // Retry settings go on each job, so a change of policy (or a test's) needs no queue migration.
    const id = await boss.send(job.name, job.payload.parse(payload) as object, retryOf(job));
    if (!id) throw new Error(`${job.name}: the queue did not accept the job`);
    workers.get(job.name)?.wake();
  }

  const mail: MailService = {
    // async, so a refused message is a rejection like any other failure to queue, never a throw.
    enqueue: async (message: EmailMessage) => send(sendEmailJob, parseEmailMessage(message)),
  };
  const transport = createMailTransport({ config, db: database.db, log });
  // One connection: tests are a few messages an hour per account.
  const campaignTransport = withSendingIdentity(marketingStream(config, database.db, { connections: 1 }).transport, sendingIdentitiesFrom(config, database.db, now));

  const housekeeping = tuning.runWorkers ? startHousekeeping({ db: database.db, now, log }) : undefined;
  const refreshInsights = (refreshId: string) => send(refreshInsightsJob, { refreshId });
  const insightsSchedule = tuning.runWorkers ? startInsightsSchedule({ db: database.db, now, log, queueRefresh: refreshInsights }) : undefined;
  const domainRechecks = tuning.runWorkers ? startDomainRechecks({ config, db: database.db, now, log, mail }) : undefined;
  if (tuning.runWorkers) {
    const common = { boss, log, pollingIntervalMs: tuning.pollingIntervalMs };
    workers.set(
      sendEmailJob.name,
      startJobWorker({ ...common, job: sendEmailJob, deps: { transport, campaignTransport, appUrl: config.APP_URL }, concurrency: tuning.concurrency }),
    );
    workers.set(
      runImportJob.name,
      startJobWorker({ ...common, job: runImportJob, deps: { db: database.db, now, checks: importChecksFrom(config) }, concurrency: IMPORT_CONCURRENCY }),
    );
    workers.set(
      buildDataExportJob.name,
      startJobWorker({
        ...common,
        job: buildDataExportJob,
        deps: { db: database.db, mail, appUrl: config.APP_URL, now },
        concurrency: EXPORT_CONCURRENCY,
      }),
    );
    const accountMail = { db: database.db, mail, appUrl: config.APP_URL, now };
    workers.set(emailLinkJob.name, startJobWorker({ ...common, job: emailLinkJob, deps: accountMail, concurrency: tuning.concurrency }));
    // Confirmation links are signed with the subscriber-links secret, as the app's own are.
    const tokens = linkTokens(await getOrCreateSecret(database.db, 'subscriber-links'));
    // A confirmation counts against its account's messages of the day (forms/confirmation-mail.ts).
    workers.set(formSignupJob.name, startJobWorker({ ...common, job: formSignupJob, deps: { ...accountMail, tokens, quotas: quotasFrom(config) }, concurrency: tuning.concurrency }));
    // A refresh fits its models in a worker thread with a heap of its own (which reads PostgreSQL
    // itself, so the rows never pass through this thread): one at a time per process.
    workers.set(
      refreshInsightsJob.name,
      startJobWorker({ ...common, job: refreshInsightsJob, deps: { db: database.db, now, fitHeapMb: config.INSIGHTS_FIT_HEAP_MB, databaseUrl: config.DATABASE_URL }, concurrency: INSIGHTS_CONCURRENCY }),
    );
  }
  log.info({ transport: transport.kind, workers: tuning.runWorkers ? tuning.concurrency : 0 }, 'job queue started');

  let stopped: Promise<void> | undefined;
  return {
    mail,
    buildDataExport: (exportId) => send(buildDataExportJob, { exportId }),
    runImport: (importId) => send(runImportJob, { importId }),
    queueEmailLink: (request) => send(emailLinkJob, request),
    queueFormSignup: (signup) => send(formSignupJob, signup),
    refreshInsights,
    stop() {
      stopped ??= (async () => {
        await Promise.all([...[...workers.values()].map((worker) => worker.stop(tuning.stopTimeoutMs)), housekeeping?.stop(), insightsSchedule?.stop(), domainRechecks?.stop()]);
        await boss.stop({ graceful: true, timeout: tuning.stopTimeoutMs });
        // pg-boss's own maintenance may still have a statement running on PGlite: let it end
        // before the caller closes the database under it.
        await queue.drained();
        await transport.close();
        await campaignTransport.close();
      })();
      return stopped;
    },
  };
}
