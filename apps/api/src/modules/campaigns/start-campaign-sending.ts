import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/client';
import { linkTokens, subscriberLinks } from '../preferences/link-tokens';
import { getOrCreateSecret } from '../secrets/secrets.repository';
import { type CampaignSender, type SenderDeps, startCampaignSender } from './campaign-sender';
import { devOutboxCampaignTransport, smtpCampaignTransport } from './campaign-transport';

// How the engine runs by default: batches of 500 rows, a row claimed by a worker that has not
// settled it in 5 minutes is its crash's, four attempts at a temporarily refused message.
const BATCH_SIZE = 500;
const LEASE_MS = 5 * 60_000;
const MAX_ATTEMPTS = 4;
const IDLE_MS = 1_000;

/** The campaign sender of this process, with its transport (the relay, or the dev outbox) and links. */
export async function startCampaignSending(options: { config: AppConfig; db: Db; now?: () => Date; log: SenderDeps['log'] }): Promise<CampaignSender> {
  const { config, db } = options;
  const tokens = linkTokens(await getOrCreateSecret(db, 'subscriber-links'));
  const transport = config.SMTP_URL ? smtpCampaignTransport(config.SMTP_URL, { connections: config.CAMPAIGN_SMTP_CONNECTIONS }) : devOutboxCampaignTransport(db);
  const sender = startCampaignSender({
    db,
    now: options.now ?? (() => new Date()),
    transport,
    links: subscriberLinks(config.APP_URL, tokens),
    settings: {
      batchSize: BATCH_SIZE,
      ratePerSecond: config.CAMPAIGN_SEND_RATE,
      concurrency: config.CAMPAIGN_SMTP_CONNECTIONS,
      leaseMs: LEASE_MS,
      maxAttempts: MAX_ATTEMPTS,
      messageIdDomain: new URL(config.APP_URL).hostname,
      idleMs: IDLE_MS,
    },
    log: options.log,
  });
  return {
    async stop() {
      await sender.stop();
      await transport.close();
    },
  };
}
