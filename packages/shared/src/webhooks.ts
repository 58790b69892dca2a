import * as z from 'zod/mini';
import { lowerCaseEmailSchema } from './email';

// The bounce and complaint webhook (issue 6, point 7): what a relay posts to
// POST /api/webhooks/bounces, signed with the shared secret (see README, "Bounce webhook").

export const BOUNCE_TYPES = ['hard', 'soft', 'complaint'] as const;
export type BounceType = (typeof BOUNCE_TYPES)[number];

export const WEBHOOK_MESSAGES = {
  notConfigured: 'The bounce webhook is not set up on this server.',
  badSignature: 'The signature is missing, wrong or too old.',
  idRequired: 'Give each delivery a unique id.',
  typeInvalid: 'type must be hard, soft or complaint.',
  emailInvalid: 'email must be the address that bounced or complained.',
  recorded: 'Recorded.',
  alreadyRecorded: 'Already recorded; nothing changed.',
} as const;

export const bounceEventSchema = z.strictObject({
  /** Unique per delivery: a replay of the same id changes nothing. */
  id: z.string({ error: WEBHOOK_MESSAGES.idRequired }).check(z.minLength(1, WEBHOOK_MESSAGES.idRequired), z.maxLength(200, WEBHOOK_MESSAGES.idRequired)),
  type: z.enum(BOUNCE_TYPES, { error: WEBHOOK_MESSAGES.typeInvalid }),
  email: lowerCaseEmailSchema(WEBHOOK_MESSAGES.emailInvalid),
  /** The Message-ID of the campaign message it is about, with or without <>; optional. */
  message_id: z.optional(z.string().check(z.maxLength(500))),
  /** The relay's own words (an SMTP reply, a feedback report type). */
  detail: z.optional(z.string().check(z.maxLength(1_000))),
});
export type BounceEvent = z.output<typeof bounceEventSchema>;

// The relays' own bounce and complaint webhooks (issue 32, point 5): POST /api/webhooks/<relay>
// for Amazon SES (through SNS), SendGrid, Postmark, Mailgun and Brevo, each authenticated as that
// relay documents (see README, "Relay webhooks").
export const RELAY_WEBHOOK_MESSAGES = {
  notConfigured: {
    ses: 'The Amazon SES (SNS) webhook is not set up on this server.',
    sendgrid: 'The SendGrid event webhook is not set up on this server.',
    postmark: 'The Postmark webhook is not set up on this server.',
    mailgun: 'The Mailgun webhook is not set up on this server.',
    brevo: 'The Brevo webhook is not set up on this server.',
  },
  badJson: 'The body must be the JSON the relay sends.',
  badShape: 'The body is not an event this webhook takes.',
  badSignature: 'The signature is missing, wrong or too old.',
  badCredentials: 'The credentials are missing or wrong.',
  tokenReused: 'This signature was already used.',
  unknownTopic: 'The notification comes from an SNS topic this server does not take.',
  certificateRefused: 'The signing certificate is not one of Amazon SNS.',
  certificateUnavailable: 'The signing certificate could not be fetched; try again later.',
  subscribeUrlRefused: 'The subscription link is not an Amazon SNS link for this topic.',
  subscriptionFailed: 'The subscription could not be confirmed; try again later.',
  subscriptionConfirmed: 'Subscription confirmed.',
  unsubscribed: 'Unsubscription noted.',
  received: 'Received.',
} as const;

export type RelayName = keyof typeof RELAY_WEBHOOK_MESSAGES.notConfigured;
