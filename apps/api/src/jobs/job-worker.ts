import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { JobDefinition } from './job-definition';

export type JobLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug'>;

export interface JobWorker {
  /** Fetch now rather than at the next poll: a job was just queued by this process. */
  wake(): void;
  /** Takes no new job, lets the current one finish (up to `timeoutMs`), then resolves. */
  stop(timeoutMs: number): Promise<void>;
}

/**
 * Runs one job at a time per loop, `concurrency` loops. Written over fetch/complete/fail rather
 * than pg-boss's work(): that one leaves complete() and fail() un-awaited, so a database error at
 * that moment (or a shutdown) becomes an unhandled rejection, and stop() cannot know they are done.
 */
export function startJobWorker<Schema extends z.ZodType, Deps>(options: {
  boss: PgBoss;
  job: JobDefinition<Schema, Deps>;
  deps: Deps;
  log: JobLog;
  concurrency: number;
  pollingIntervalMs: number;
}): JobWorker {
  const { boss, job, deps, log } = options;
  let stopping = false;
  const sleepers = new Set<() => void>();

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });

  async function runOne(): Promise<boolean> {
    // pg-boss's fetch answers [] when the database does not answer, so this loop never throws here.
    const [next] = await boss.fetch<unknown>(job.name, { batchSize: 1, includeMetadata: true });
    if (!next) return false;
    const payload = job.payload.safeParse(next.data);
    if (!payload.success) {
      // No attempt can succeed: fail it for good rather than retry it ten times.
      log.error({ job: job.name, jobId: next.id }, 'job payload does not match its schema; dropped');
      await settle(boss.deleteJob(job.name, next.id));
      return true;
    }
    try {
      await job.handle(payload.data, deps);
      await settle(boss.complete(job.name, next.id));
    } catch (error) {
      const reason = describe(error);
      const final = next.retryCount >= next.retryLimit;
      const details = { job: job.name, jobId: next.id, attempt: next.retryCount + 1, reason };
      if (final) log.error(details, `${job.name}: failed for good after ${next.retryCount + 1} attempts`);
      else log.warn(details, `${job.name}: attempt failed; retrying later`);
      // Only the reason is stored with the job, never the error itself: it may quote the payload.
      await settle(boss.fail(job.name, next.id, { message: reason }));
    }
    return true;
  }

  async function settle(promise: Promise<unknown>) {
    try {
      await promise;
    } catch (error) {
      // The job stays active; maintenance fails it after expireInSeconds and it is retried.
      log.error({ job: job.name, reason: describe(error) }, `${job.name}: could not record the outcome of a job`);
    }
  }

  async function loop() {
    while (!stopping) {
      let worked = false;
      try {
        worked = await runOne();
      } catch (error) {
        log.error({ job: job.name, reason: describe(error) }, `${job.name}: worker error`);
      }
      if (!worked && !stopping) await sleep(options.pollingIntervalMs);
    }
  }

  const loops = Array.from({ length: options.concurrency }, () => loop());

  return {
    wake() {
      for (const wake of [...sleepers]) wake();
    },
    async stop(timeoutMs) {
      stopping = true;
      for (const wake of [...sleepers]) wake();
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
      });
      const outcome = await Promise.race([Promise.all(loops), timedOut]);
      clearTimeout(timer);
      if (outcome === 'timeout') log.warn({ job: job.name }, `${job.name}: stopped while a job was still running; it will be retried`);
    },
  };
}

/** A short, payload-free reason: driver errors quote their parameters, so prefer the cause's message. */
export function describe(error: unknown): string {
  const inner = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const message = inner instanceof Error ? inner.message : String(inner);
  return message.slice(0, 300);
}
