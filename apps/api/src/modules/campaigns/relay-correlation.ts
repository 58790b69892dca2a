import type { CampaignTransport } from './campaign-transport';
import { DELIVERY_HEADER } from './delivery-headers';

// Each relay gives back, in its bounce and complaint webhooks, a field the sender set on the
// message, under its own name (issue 32, point 5). The correlation value (X-Postlark-Delivery:
// the Message-ID and its MAC, delivery-headers.ts) goes there too, so a report finds its delivery
// even when the relay gave the message a Message-ID of its own. The relays strip these headers
// before the message leaves them. Amazon SES returns the original headers themselves, so
// X-Postlark-Delivery is enough there.

export const MARKETING_RELAYS = ['ses', 'sendgrid', 'postmark', 'mailgun', 'brevo'] as const;
export type MarketingRelay = (typeof MARKETING_RELAYS)[number];

/** The name the webhooks read the value back under (relays/*.ts). */
export const CORRELATION_FIELD = 'postlark_delivery';

/** The headers that carry `value` through `relay` to its webhooks. */
export function relayCorrelationHeaders(relay: MarketingRelay, value: string): Record<string, string> {
  switch (relay) {
    case 'postmark':
      // Metadata: X-PM-Metadata-<key> headers come back as the record's Metadata object.
      return { [`X-PM-Metadata-${CORRELATION_FIELD}`]: value };
    case 'sendgrid':
      // The SMTP API header's unique_args come back as top-level fields of every event.
      return { 'X-SMTPAPI': JSON.stringify({ unique_args: { [CORRELATION_FIELD]: value } }) };
    case 'mailgun':
      // Custom variables come back as the event's user-variables.
      return { 'X-Mailgun-Variables': JSON.stringify({ [CORRELATION_FIELD]: value }) };
    case 'brevo':
      // X-Mailin-custom comes back as the event's X-Mailin-custom field.
      return { 'X-Mailin-custom': value };
    case 'ses':
      return {};
  }
}

/** Adds the relay's correlation header to every message that carries ours (a preview or test send has none). */
export function withRelayCorrelation(transport: CampaignTransport, relay: MarketingRelay | undefined): CampaignTransport {
  if (!relay) return transport;
  return {
    send(mail) {
      const value = mail.headers[DELIVERY_HEADER];
      return transport.send(value ? { ...mail, headers: { ...mail.headers, ...relayCorrelationHeaders(relay, value) } } : mail);
    },
    close: () => transport.close(),
  };
}
