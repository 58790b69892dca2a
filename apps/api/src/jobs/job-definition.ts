import type { z } from 'zod';

export interface RetryPolicy {
  /** Attempts after the first. */
  retryLimit: number;
  /** Seconds before the first retry; with backoff, each later wait roughly doubles (pg-boss adds jitter). */
  retryDelay: number;
  retryBackoff: boolean;
}

/**
 * One kind of background work: a queue name, the zod schema of its payload (checked when queued
 * and again when run, since the row may predate a deploy) and the handler that does it.
 */
export interface JobDefinition<Schema extends z.ZodType, Deps> {
  name: string;
  payload: Schema;
  retry: RetryPolicy;
  /** How long one attempt may stay active before maintenance fails it (a crashed worker) and it is retried. */
  expireInSeconds: number;
  /** Resolves when the work is done; a rejection is retried per `retry`. */
  handle(payload: z.output<Schema>, deps: Deps): Promise<void>;
}
