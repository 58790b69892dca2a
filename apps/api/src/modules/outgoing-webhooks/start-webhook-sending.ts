import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/client';
import { secretBoxFrom } from '../../lib/secret-box';
import { startWebhookSender, WEBHOOK_SENDER_DEFAULTS, type WebhookSender, type WebhookSenderDeps } from './webhook-sender';
import { publicAddressesOnly, publicOrLoopback } from './webhook-target';

/** The webhook delivery worker of this process, as the settings say. */
export function startWebhookSending(options: { config: AppConfig; db: Db; now?: () => Date; log: WebhookSenderDeps['log'] }): WebhookSender {
  const { config } = options;
  return startWebhookSender({
    db: options.db,
    now: options.now ?? (() => new Date()),
    secrets: secretBoxFrom(config),
    allowed: config.WEBHOOKS_ALLOW_LOCAL ? publicOrLoopback : publicAddressesOnly,
    settings: WEBHOOK_SENDER_DEFAULTS,
    log: options.log,
  });
}
