import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/client';
import { dkimSettings } from '../../mail/dkim';
import { type RelayBudget, relayBudget, relayKey, type SendGate } from '../../mail/relay-budget';
import { type CampaignTransport, devOutboxCampaignTransport, smtpCampaignTransport } from './campaign-transport';
import { withRelayCorrelation } from './relay-correlation';

// The marketing stream: campaigns and automation emails go through MARKETING_SMTP_URL when it is
// set (else SMTP_URL, else the dev outbox), each with MARKETING_SMTP_HEADERS, and draw from that
// relay's budget. Account mail is the other stream (mail/transport.ts).

export interface MarketingStream {
  transport: CampaignTransport;
  /** The relay's budget; the campaign sender waits on it, the flow engine's transport too (pacedTransport). */
  budget: RelayBudget;
}

/** Adds a stream's extra headers to every message; the message's own headers are never replaced. */
export function withStreamHeaders(transport: CampaignTransport, extra: Record<string, string> | undefined): CampaignTransport {
  if (!extra || Object.keys(extra).length === 0) return transport;
  return { send: (mail) => transport.send({ ...mail, headers: { ...extra, ...mail.headers } }), close: () => transport.close() };
}

/** Each message waits for its turn in the gate before it is offered. */
export function pacedTransport(transport: CampaignTransport, gate: SendGate): CampaignTransport {
  return {
    async send(mail) {
      await gate.turn();
      await transport.send(mail);
    },
    close: () => transport.close(),
  };
}

export function marketingStream(config: AppConfig, db: Db, options: { connections: number; onBudgetError?: (error: unknown) => void }): MarketingStream {
  const url = config.MARKETING_SMTP_URL ?? config.SMTP_URL;
  const relay = url ? smtpCampaignTransport(url, { connections: options.connections, dkim: dkimSettings(config) }) : devOutboxCampaignTransport(db);
  return {
    // The relay's own correlation field (MARKETING_RELAY) carries our delivery value to its webhooks.
    transport: withRelayCorrelation(withStreamHeaders(relay, config.MARKETING_SMTP_HEADERS), config.MARKETING_RELAY),
    budget: relayBudget({ db, relay: relayKey(url), ratePerSecond: config.CAMPAIGN_SEND_RATE, onError: options.onBudgetError }),
  };
}
