import type { AppConfig } from '../config/env';
import type { Database } from '../db/client';
import { type EmailMessage, type MailService, parseEmailMessage } from '../mail/mail-service';
import { createMailTransport } from '../mail/transport';
import type { RetryPolicy } from './job-definition';
import { createJobQueue } from './job-queue';
import { describe, type JobLog, type JobWorker, startJobWorker } from './job-worker';
import { sendEmailJob } from './send-email.job';

export interface JobTuning {
  /** Run the workers in this process (the default), or only queue jobs for another process. */
  runWorkers?: boolean;
  /** Parallel deliveries per process. */
  concurrency?: number;
  /** How often an idle worker looks for jobs queued by other processes (or due retries). */
  pollingIntervalMs?: number;
  /** Tests shorten the send-email retries; production keeps the job's own. */
  retry?: Partial<RetryPolicy>;
  /** How long stop() lets a running delivery finish. */
  stopTimeoutMs?: number;
}

export interface Jobs {
  mail: MailService;
  /** Stops the workers (letting a running job finish), then pg-boss; the database stays open. */
  stop(): Promise<void>;
}

const DEFAULTS = { runWorkers: true, concurrency: 2, pollingIntervalMs: 2_000, stopTimeoutMs: 10_000 };

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
}): Promise<Jobs> {
  const { config, database, log } = options;
  const tuning = { ...DEFAULTS, ...options.tuning };
  const queue = createJobQueue(config, database);
  const { boss } = queue;
  boss.on('error', (error) => log.error({ reason: describe(error) }, 'job queue error'));
  await boss.start();

  const retry = { ...sendEmailJob.retry, ...tuning.retry };
  await boss.createQueue(sendEmailJob.name, { name: sendEmailJob.name, ...retry, expireInSeconds: sendEmailJob.expireInSeconds });

  const transport = createMailTransport({ config, db: database.db, log });
  let worker: JobWorker | undefined;
  if (tuning.runWorkers) {
    worker = startJobWorker({
      boss,
      job: sendEmailJob,
      deps: { transport, appUrl: config.APP_URL },
      log,
      concurrency: tuning.concurrency,
      pollingIntervalMs: tuning.pollingIntervalMs,
    });
  }
  log.info({ transport: transport.kind, workers: tuning.runWorkers ? tuning.concurrency : 0 }, 'mail queue started');

  const mail: MailService = {
    async enqueue(message: EmailMessage) {
      const payload = parseEmailMessage(message);
      // Retry settings go on each job, so a change of policy (or a test's) needs no queue migration.
      const id = await boss.send(sendEmailJob.name, payload, { ...retry, expireInSeconds: sendEmailJob.expireInSeconds });
      if (!id) throw new Error(`${sendEmailJob.name}: the queue did not accept the job`);
      worker?.wake();
    },
  };

  let stopped: Promise<void> | undefined;
  return {
    mail,
    stop() {
      stopped ??= (async () => {
        await worker?.stop(tuning.stopTimeoutMs);
        await boss.stop({ graceful: true, timeout: tuning.stopTimeoutMs });
        // pg-boss's own maintenance may still have a statement running on PGlite: let it end
        // before the caller closes the database under it.
        await queue.drained();
        await transport.close();
      })();
      return stopped;
    },
  };
}
