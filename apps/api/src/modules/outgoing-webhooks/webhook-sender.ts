import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import { openEndpointSecret, resealLegacySecret, resealLegacySecrets } from './endpoint-secrets';
import { postWebhook, type PostOutcome } from './post-webhook';
import { recordAnswer, recordTimeout } from './endpoint-health.repository';
import { type ClaimedSend, claimDueSends, failExpiredSends, settleSend } from './sends.repository';
import { signWebhook } from './signature';
import type { AddressCheck } from './webhook-target';

export interface WebhookSenderSettings {
  /** Attempts this process has under way at most: a finished one frees its slot for the next at once. */
  concurrency: number;
  /** Attempts under way to one endpoint at most, across processes (one while it is paused). */
  perEndpoint: number;
  /** Attempts under way for one account at most, all its endpoints together, across processes. */
  perCustomer: number;
  /** How long one attempt may take before it counts as failed (and as a timeout). */
  timeoutMs: number;
  /** A claim older than this belongs to a worker that stopped: the send is taken again. Above timeoutMs. */
  leaseMs: number;
  /** The wait after the first failed attempt; each later one doubles, up to maxDelayMs. */
  retryBaseMs: number;
  maxDelayMs: number;
  /** Retries stop this long after the send's first possible attempt: the send is then failed. */
  retryWindowMs: number;
  /** Timeouts in a row that pause an endpoint; the first pause lasts pauseBaseMs, each next one twice the last, up to maxPauseMs. */
  timeoutsToPause: number;
  pauseBaseMs: number;
  maxPauseMs: number;
  /** How long an idle worker waits before looking again. */
  idleMs: number;
  /** How often the loop fails what is past its window. */
  expireEveryMs: number;
}

export const WEBHOOK_SENDER_DEFAULTS: WebhookSenderSettings = {
  concurrency: 20,
  perEndpoint: 2,
  perCustomer: 4,
  timeoutMs: 10_000,
  leaseMs: 60_000,
  retryBaseMs: 30_000,
  maxDelayMs: 3 * 3_600_000,
  retryWindowMs: 24 * 3_600_000,
  timeoutsToPause: 3,
  pauseBaseMs: 5 * 60_000,
  maxPauseMs: 3 * 3_600_000,
  idleMs: 1_000,
  expireEveryMs: 60_000,
};

export interface WebhookSenderDeps {
  db: Db;
  now: () => Date;
  secrets: SecretBox;
  /** Which resolved addresses a delivery may connect to (webhook-target.ts); tests add loopback. */
  allowed: AddressCheck;
  settings: WebhookSenderSettings;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
}

/** The wait after the `attempts`-th failed attempt: 30 s, 1 min, 2 min, … up to 3 h (by default). */
export function retryDelayMs(attempts: number, settings: Pick<WebhookSenderSettings, 'retryBaseMs' | 'maxDelayMs'>): number {
  return Math.min(settings.retryBaseMs * 2 ** Math.max(0, attempts - 1), settings.maxDelayMs);
}

/** The JSON body of an event, the same for every attempt and endpoint. */
export function webhookBody(send: Pick<ClaimedSend, 'eventId' | 'type' | 'eventCreatedAt' | 'data'>): string {
  return JSON.stringify({ id: send.eventId, type: send.type, created_at: send.eventCreatedAt.toISOString(), data: send.data });
}

async function attempt(deps: WebhookSenderDeps, send: ClaimedSend, at: Date): Promise<PostOutcome> {
  let secret: string;
  try {
    const stored = { id: send.endpointId, secret: send.sealedSecret, secretVersion: send.secretVersion };
    secret = stored.secretVersion === 1 ? (await resealLegacySecret(deps.db, deps.secrets, stored)).plain : await openEndpointSecret(deps.secrets, stored);
  } catch {
    // Never the sealed value or the key in the log: only which endpoint.
    deps.log.error({ endpointId: send.endpointId }, 'webhook signing secret cannot be opened (was SECRETS_KEY or DATA_DIR/secrets.key changed?)');
    return { statusCode: null, error: 'the signing secret cannot be read on our side; we will try again', durationMs: 0, timedOut: false };
  }
  const body = webhookBody(send);
  const timestamp = Math.floor(at.getTime() / 1000);
  const headers = { 'webhook-id': send.eventId, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(secret, send.eventId, timestamp, body) };
  return postWebhook(send.url, headers, body, { timeoutMs: deps.settings.timeoutMs, allowed: deps.allowed });
}

async function deliver(deps: WebhookSenderDeps, send: ClaimedSend): Promise<void> {
  const at = deps.now();
  const outcome = await attempt(deps, send, at);
  const record = { at, statusCode: outcome.statusCode, error: outcome.error, durationMs: outcome.durationMs };
  // The breaker first, while this send still counts as under way: no second probe slips in between.
  if (outcome.timedOut) {
    const pausedUntil = await recordTimeout(deps.db, send.endpointId, deps.now(), deps.settings);
    if (pausedUntil) deps.log.warn({ endpointId: send.endpointId, pausedUntil: pausedUntil.toISOString() }, 'webhook endpoint keeps timing out: paused');
  } else if (outcome.statusCode !== null) {
    await recordAnswer(deps.db, send.endpointId);
  }
  if (outcome.error === null && outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300) {
    await settleSend(deps.db, send, record, { status: 'delivered' });
    return;
  }
  const settledAt = deps.now();
  const nextAttemptAt = new Date(settledAt.getTime() + retryDelayMs(send.attempts, deps.settings));
  const giveUp = nextAttemptAt.getTime() > send.windowStartsAt.getTime() + deps.settings.retryWindowMs;
  await settleSend(deps.db, send, record, giveUp ? { status: 'failed' } : { status: 'pending', nextAttemptAt });
}

/** This process's attempts under way: claims fill the free slots, and each finished attempt frees its own. */
export interface DeliveryPool {
  /** Claims what is due into the free slots and starts each attempt; answers how many it started. */
  fill(): Promise<number>;
  /** Attempts under way now. */
  readonly busy: number;
  /** Resolves when one attempt under way finishes (at once when none is). */
  settled(): Promise<void>;
}

export function deliveryPool(deps: WebhookSenderDeps): DeliveryPool {
  const running = new Set<Promise<void>>();
  let waiting: (() => void)[] = [];
  const { concurrency, perEndpoint, perCustomer, leaseMs } = deps.settings;
  return {
    get busy() {
      return running.size;
    },
    async fill() {
      const sends = await claimDueSends(deps.db, deps.now(), { limit: concurrency - running.size, perEndpoint, perCustomer, leaseMs });
      for (const send of sends) {
        const task: Promise<void> = deliver(deps, send)
          .catch((error: unknown) => deps.log.warn({ sendId: send.id, reason: error instanceof Error ? error.message : String(error) }, 'webhook attempt could not be settled; its lease runs out'))
          .finally(() => {
            running.delete(task);
            const woken = waiting;
            waiting = [];
            for (const wake of woken) wake();
          });
        running.add(task);
      }
      return sends.length;
    },
    settled() {
      return running.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve));
    },
  };
}

/**
 * One pass, for tests and tools: fails what is past its window, then keeps the pool full until
 * nothing more is due and every attempt has finished. Answers how many sends it attempted.
 */
export async function deliverDueWebhooks(deps: WebhookSenderDeps): Promise<number> {
  await failExpiredSends(deps.db, deps.now(), deps.settings.retryWindowMs);
  const pool = deliveryPool(deps);
  let attempted = 0;
  for (;;) {
    attempted += await pool.fill();
    if (pool.busy === 0) return attempted;
    await pool.settled();
  }
}

export interface WebhookSender {
  stop(): Promise<void>;
}

/** Waits for `event`, at most `ms`, or until stopped; the timer goes with it. */
async function waitFor(event: Promise<void> | null, ms: number, signal: AbortSignal): Promise<void> {
  const waits = new AbortController();
  const stop = () => waits.abort();
  signal.addEventListener('abort', stop, { once: true });
  try {
    await Promise.race([sleep(ms, undefined, { signal: waits.signal }).catch(() => {}), ...(event ? [event] : [])]);
  } finally {
    waits.abort();
    signal.removeEventListener('abort', stop);
  }
}

/** The worker's loop, in the server by default and in `npm run start:worker`: any number may run at once. */
export function startWebhookSender(deps: WebhookSenderDeps): WebhookSender {
  const stopping = new AbortController();
  const pool = deliveryPool(deps);
  const loop = (async () => {
    // Old seals are re-sealed once per process start (endpoint-secrets.ts); a failure only logs.
    await resealLegacySecrets(deps.db, deps.secrets, deps.log).catch((error: unknown) =>
      deps.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'webhook secrets re-seal failed; deliveries re-seal what they read'),
    );
    let expiredAt = Number.NEGATIVE_INFINITY;
    while (!stopping.signal.aborted) {
      try {
        const now = deps.now().getTime();
        if (now - expiredAt >= deps.settings.expireEveryMs) {
          await failExpiredSends(deps.db, deps.now(), deps.settings.retryWindowMs);
          expiredAt = now;
        }
        await pool.fill();
        // Full: the next finished attempt frees a slot. Otherwise nothing more was due: look again
        // when one finishes (its endpoint may have more) or after idleMs.
        if (pool.busy >= deps.settings.concurrency) await pool.settled();
        else await waitFor(pool.busy > 0 ? pool.settled() : null, deps.settings.idleMs, stopping.signal);
      } catch (error) {
        deps.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'webhook delivery pass failed; trying again');
        await waitFor(null, deps.settings.idleMs, stopping.signal);
      }
    }
    while (pool.busy > 0) await pool.settled();
  })();
  return {
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}
