import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/client';
import { secretBoxFrom } from '../../lib/secret-box';
import { loadCampaignLinks } from '../campaigns/campaign-links';
import { marketingStream, pacedTransport } from '../campaigns/marketing-stream';
import { withSendingIdentity } from '../campaigns/identity-transport';
import { sendingIdentitiesFrom } from '../../mail/sending-identity';
import { sendingPolicyFrom } from '../../mail/sending-policy';
import { publicAddressesOnly, publicOrLoopback } from '../outgoing-webhooks/webhook-target';
import { quotasFrom } from '../senders/quotas';
import { type FlowEngine, startFlowEngine } from './flow-engine';
import type { FlowEngineDeps } from './flow-engine-deps';

// How the engine runs: up to 1,000 inbox entries made runs and 400 steps claimed a pass (a pass
// takes about half a second at a thousand events a second, and loops at once while it finds
// work), worked on FLOW_CONCURRENCY at once, a lease of FLOW_LEASE_SECONDS, webhooks and emails the
// relay refused for the sender's reasons tried 4 times (30 s, 2 min, 8 min apart), emails refused
// temporarily for SEND_RETRY_HOURS, segment and date triggers looked at every minute.
const BATCH_SIZE = 400;
const ENTRY_BATCH_SIZE = 1_000;
const MAX_ATTEMPTS = 4;
const IDLE_MS = 500;
const SCAN_INTERVAL_MS = 60_000;
const WEBHOOK_TIMEOUT_MS = 10_000;
// Webhook calls on lanes of their own: 8 at once in a process, 2 per account over every worker; a
// host of an account that did not answer 5 calls in a row pauses a minute, then twice as long
// each time its trial call fails, up to an hour.
const WEBHOOK_CONCURRENCY = 8;
const WEBHOOKS_PER_ACCOUNT = 2;
const BREAKER_FAILURES = 5;
const BREAKER_OPEN_MS = 60_000;

/** The flow engine of this process, with its own relay connections (or the dev outbox). */
export async function startFlowEngineFor(options: { config: AppConfig; db: Db; now?: () => Date; log: FlowEngineDeps['log'] }): Promise<FlowEngine> {
  const { config, db } = options;
  // The marketing relay, each email waiting its turn in the budget the campaign senders draw from too.
  const stream = marketingStream(config, db, {
    connections: config.FLOW_CONCURRENCY,
    onBudgetError: (error) => options.log.warn({ err: error }, 'could not take from the relay budget; trying again shortly'),
  });
  const relay = pacedTransport(stream.transport, stream.budget);
  const transport = withSendingIdentity(relay, sendingIdentitiesFrom(config, db, options.now));
  const engine = startFlowEngine({
    db,
    now: options.now ?? (() => new Date()),
    transport,
    links: await loadCampaignLinks(db, config.APP_URL),
    quotas: quotasFrom(config),
    sending: sendingPolicyFrom(config),
    // A relay's throttling answer slows its budget for every process, not only this one's claims.
    onThrottle: () => stream.budget.slowDown(),
    webhookAddresses: config.WEBHOOKS_ALLOW_LOCAL ? publicOrLoopback : publicAddressesOnly,
    secrets: secretBoxFrom(config),
    settings: {
      batchSize: BATCH_SIZE,
      entryBatchSize: ENTRY_BATCH_SIZE,
      entriesPerHour: config.FLOW_ENTRIES_PER_HOUR,
      webhookConcurrency: WEBHOOK_CONCURRENCY,
      webhooksPerAccount: WEBHOOKS_PER_ACCOUNT,
      breakerFailures: BREAKER_FAILURES,
      breakerOpenMs: BREAKER_OPEN_MS,
      concurrency: config.FLOW_CONCURRENCY,
      leaseMs: config.FLOW_LEASE_SECONDS * 1000,
      idleMs: IDLE_MS,
      retryBaseMs: config.CAMPAIGN_RETRY_BASE_SECONDS * 1000,
      maxAttempts: MAX_ATTEMPTS,
      retryWindowMs: config.SEND_RETRY_HOURS * 3_600_000,
      messageIdDomain: new URL(config.APP_URL).hostname,
      scanIntervalMs: SCAN_INTERVAL_MS,
      webhookTimeoutMs: WEBHOOK_TIMEOUT_MS,
    },
    log: options.log,
  });
  return {
    async stop() {
      await engine.stop();
      await transport.close();
    },
  };
}
