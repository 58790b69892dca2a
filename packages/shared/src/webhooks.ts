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
