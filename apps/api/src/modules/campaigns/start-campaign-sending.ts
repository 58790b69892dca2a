import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/client';
import { quotasFrom } from '../senders/quotas';
import type { MailService } from '../../mail/mail-service';
import { guardrailSettingsFrom } from '../deliverability/guardrail-settings';
import { sendingGuard } from '../deliverability/sending-guard';
import { loadCampaignLinks } from './campaign-links';
import { type CampaignSender, type SenderDeps, startCampaignSender } from './campaign-sender';
import { marketingStream } from './marketing-stream';
import { withSendingIdentity } from './identity-transport';
import { sendingIdentitiesFrom } from '../../mail/sending-identity';
import { sendingPolicyFrom } from '../../mail/sending-policy';

// How the engine runs: batches of 500 rows, four attempts at a temporarily refused message; the
// lease after which a row a worker has not settled is its crash's (5 minutes) and the wait before
// a retry (30 s, then 4 times as long each time) come from the settings (CAMPAIGN_LEASE_SECONDS,
// CAMPAIGN_RETRY_BASE_SECONDS).
const BATCH_SIZE = 500;
const MAX_ATTEMPTS = 4;
const IDLE_MS = 1_000;

/** The campaign sender of this process, with its transport (the relay, or the dev outbox) and links. */
export async function startCampaignSending(options: { config: AppConfig; db: Db; mail: MailService; now?: () => Date; log: SenderDeps['log'] }): Promise<CampaignSender> {
  const { config, db } = options;
  const now = options.now ?? (() => new Date());
  // The marketing relay (MARKETING_SMTP_URL, else SMTP_URL) and its budget, shared with every other process.
  const stream = marketingStream(config, db, {
    connections: config.CAMPAIGN_SMTP_CONNECTIONS,
    onBudgetError: (error) => options.log.warn({ err: error }, 'could not take from the relay budget; trying again shortly'),
  });
  const relay = stream.transport;
  const transport = withSendingIdentity(relay, sendingIdentitiesFrom(config, db, options.now));
  const sender = startCampaignSender({
    db,
    now,
    quotas: quotasFrom(config),
    // The guardrails: pauses at the bounce and complaint thresholds, and the warm-up.
    guard: sendingGuard({ db, now, mail: options.mail, appUrl: config.APP_URL, settings: guardrailSettingsFrom(config), log: options.log }),
    sending: sendingPolicyFrom(config),
    // A relay's throttling answer slows its budget for every process, not only this one's claims.
    onThrottle: () => stream.budget.slowDown(),
    transport,
    links: await loadCampaignLinks(db, config.APP_URL),
    settings: {
      batchSize: BATCH_SIZE,
      ratePerSecond: config.CAMPAIGN_SEND_RATE,
      concurrency: config.CAMPAIGN_SMTP_CONNECTIONS,
      leaseMs: config.CAMPAIGN_LEASE_SECONDS * 1000,
      retryBaseMs: config.CAMPAIGN_RETRY_BASE_SECONDS * 1000,
      retryWindowMs: config.SEND_RETRY_HOURS * 3_600_000,
      maxAttempts: MAX_ATTEMPTS,
      messageIdDomain: new URL(config.APP_URL).hostname,
      idleMs: IDLE_MS,
      abLookEveryMs: config.AB_LOOK_EVERY_SECONDS * 1000,
    },
    log: options.log,
  }, stream.budget);
  return {
    async stop() {
      await sender.stop();
      await transport.close();
    },
  };
}
