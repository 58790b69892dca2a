import type { IntegrationDeps } from './connections.service';

// What the connected platforms' workers (the sync, the delivery through a platform, its A/B tests)
// are given, in a file of its own: each of them imports it, and none has to import another for it.

export interface SyncSettings {
  pollEveryMs: number;
  /**
   * How long one pass works on a run, or on a campaign's delivery, before handing it back (others
   * get their turn), on the deps' clock. Checked between pages, opt-out batches and tag batches.
   */
  sliceMs: number;
  /**
   * A run claimed longer ago than this by a worker that never handed it back is taken again. Renewed
   * at every page, so it must outlast the slowest page: a request's 30 s timeout × 4 attempts with
   * backoff, plus a platform's longest wait (65 s), and the database writes around it.
   */
  leaseMs: number;
  idleMs: number;
  /** A run that keeps failing for passing reasons (5xx, timeouts) is given up after this many tries. */
  maxFailures: number;
  /** How often an A/B test through a platform is looked at (AB_LOOK_EVERY_SECONDS). */
  abLookEveryMs: number;
  /** Opt-outs sent to a platform at a time, the run's progress saved between batches. */
  optOutBatch: number;
  /** A delivery's recipients tagged on the platform at a time (each client splits further: Mailchimp 500 a call, Brevo 150), its progress saved between. */
  tagBatch: number;
  /** Campaigns (one a customer) a delivery pass works on, each for a slice. */
  deliveriesPerPass: number;
}

export const SYNC_DEFAULTS: SyncSettings = {
  pollEveryMs: 300_000,
  sliceMs: 20_000,
  leaseMs: 600_000,
  idleMs: 1_000,
  maxFailures: 5,
  abLookEveryMs: 300_000,
  optOutBatch: 200,
  tagBatch: 1_000,
  deliveriesPerPass: 5,
};

export interface SyncDeps extends IntegrationDeps {
  settings: SyncSettings;
  /** The public https address platforms post webhooks to (APP_URL); null: polling only (a local or http server). */
  webhookBaseUrl: string | null;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
}

/** A slice of work, on the deps' clock (injected in tests): `over()` once sliceMs have passed since it began. */
export function startSlice(deps: Pick<SyncDeps, 'now' | 'settings'>): { over(): boolean } {
  const until = deps.now().getTime() + deps.settings.sliceMs;
  return { over: () => deps.now().getTime() >= until };
}
