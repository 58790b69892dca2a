import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import { openEndpointSecret, resealLegacySecret, resealLegacySecrets } from './endpoint-secrets';
import { postWebhook, type PostOutcome } from './post-webhook';
import { type ClaimedSend, claimDueSends, failExpiredSends, settleSend } from './sends.repository';
import { signWebhook } from './signature';
import type { AddressCheck } from './webhook-target';

export interface WebhookSenderSettings {
  /** Sends one pass claims at most (and posts at once). */
  batchSize: number;
  /** How long one attempt may take before it counts as failed. */
  timeoutMs: number;
  /** A claim older than this belongs to a worker that stopped: the send is taken again. Above timeoutMs. */
  leaseMs: number;
  /** The wait after the first failed attempt; each later one doubles, up to maxDelayMs. */
  retryBaseMs: number;
  maxDelayMs: number;
  /** Retries stop this long after the event: the send is then failed. */
  retryWindowMs: number;
  /** How long an idle worker waits before looking again. */
  idleMs: number;
}

export const WEBHOOK_SENDER_DEFAULTS: WebhookSenderSettings = {
  batchSize: 20,
  timeoutMs: 10_000,
  leaseMs: 60_000,
  retryBaseMs: 30_000,
  maxDelayMs: 3 * 3_600_000,
  retryWindowMs: 24 * 3_600_000,
  idleMs: 1_000,
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
    return { statusCode: null, error: 'the signing secret cannot be read on our side; we will try again', durationMs: 0 };
  }
  const body = webhookBody(send);
  const timestamp = Math.floor(at.getTime() / 1000);
  const headers = { 'webhook-id': send.eventId, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(secret, send.eventId, timestamp, body) };
  return postWebhook(send.url, headers, body, { timeoutMs: deps.settings.timeoutMs, allowed: deps.allowed });
}

async function deliver(deps: WebhookSenderDeps, send: ClaimedSend): Promise<void> {
  const at = deps.now();
  const outcome = await attempt(deps, send, at);
  const record = { at, ...outcome };
  if (outcome.error === null && outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300) {
    await settleSend(deps.db, send, record, { status: 'delivered' });
    return;
  }
  const settledAt = deps.now();
  const nextAttemptAt = new Date(settledAt.getTime() + retryDelayMs(send.attempts, deps.settings));
  const giveUp = nextAttemptAt.getTime() > send.createdAt.getTime() + deps.settings.retryWindowMs;
  await settleSend(deps.db, send, record, giveUp ? { status: 'failed' } : { status: 'pending', nextAttemptAt });
}

/** One pass: claims what is due and posts it, all at once. Answers how many sends it attempted. */
export async function deliverDueWebhooks(deps: WebhookSenderDeps): Promise<number> {
  const now = deps.now();
  await failExpiredSends(deps.db, now, deps.settings.retryWindowMs);
  const sends = await claimDueSends(deps.db, now, deps.settings.batchSize, deps.settings.leaseMs);
  await Promise.all(sends.map((send) => deliver(deps, send)));
  return sends.length;
}

export interface WebhookSender {
  stop(): Promise<void>;
}

/** The worker's loop, in the server by default and in `npm run start:worker`: any number may run at once. */
export function startWebhookSender(deps: WebhookSenderDeps): WebhookSender {
  const stopping = new AbortController();
  const loop = (async () => {
    // Old seals are re-sealed once per process start (endpoint-secrets.ts); a failure only logs.
    await resealLegacySecrets(deps.db, deps.secrets, deps.log).catch((error: unknown) =>
      deps.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'webhook secrets re-seal failed; deliveries re-seal what they read'),
    );
    while (!stopping.signal.aborted) {
      let worked = 0;
      try {
        worked = await deliverDueWebhooks(deps);
      } catch (error) {
        deps.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'webhook delivery pass failed; trying again');
      }
      if (worked === 0) await sleep(deps.settings.idleMs, undefined, { signal: stopping.signal }).catch(() => {});
    }
  })();
  return {
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}
