import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/client';
import { deliveryHeaders } from '../campaigns/delivery-headers';
import { getOrCreateSecret } from '../secrets/secrets.repository';
import { type InboundServer, startInboundServer } from './inbound-server';
import { returnPathsOf } from './return-paths';

type Log = { info(object: object, message: string): void; warn(object: object, message: string): void };

/** The inbound receiver as the settings say, or null when INBOUND_SMTP_PORT is not set (it is off). */
export async function startInboundReceiver(options: { config: AppConfig; db: Db; log: Log; now?: () => Date }): Promise<InboundServer | null> {
  const { config, db } = options;
  if (config.INBOUND_SMTP_PORT === undefined || !config.BOUNCE_DOMAIN) return null;
  const appHost = new URL(config.APP_URL).hostname;
  return startInboundServer(
    {
      host: config.INBOUND_SMTP_HOST,
      port: config.INBOUND_SMTP_PORT,
      name: config.INBOUND_SMTP_NAME ?? appHost,
      maxMessageBytes: config.INBOUND_MAX_MESSAGE_BYTES,
      maxConnections: config.INBOUND_MAX_CONNECTIONS,
      connectionsPerClient: config.INBOUND_CONNECTIONS_PER_CLIENT,
      messagesPerClientPerMinute: config.INBOUND_MESSAGES_PER_CLIENT_PER_MINUTE,
      ...(config.INBOUND_TLS_KEY_FILE && config.INBOUND_TLS_CERT_FILE && { tls: { keyFile: config.INBOUND_TLS_KEY_FILE, certFile: config.INBOUND_TLS_CERT_FILE } }),
    },
    {
      db,
      now: options.now ?? (() => new Date()),
      softBounces: { toSuppress: config.SOFT_BOUNCES_TO_SUPPRESS, windowDays: config.SOFT_BOUNCE_WINDOW_DAYS },
      delivery: deliveryHeaders(await getOrCreateSecret(db, 'delivery-headers'), appHost),
      paths: await returnPathsOf(db, config.BOUNCE_DOMAIN),
      log: options.log,
    },
  );
}
