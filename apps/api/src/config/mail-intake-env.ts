import { z } from 'zod';
import { wholeNumber } from './env-parts';
import { SOFT_BOUNCE_RULE } from '../modules/campaigns/bounces.repository';
import { MARKETING_RELAYS } from '../modules/campaigns/relay-correlation';

// The settings of what comes back from receivers (issue 32): the inbound SMTP receiver, the
// relays' own webhooks, and the soft-bounce rule. Part of env.ts's one schema (spread into it);
// kept here because env.ts had grown past what one screen can hold.

// Doubling from 1,000 a day over ten days: a new sender's volume grows as receivers learn it.
const DEFAULT_WARMUP = '1000,2000,4000,8000,16000,32000,64000,128000,256000,512000';
const WARMUP_HELP = 'must be "off" or up to 60 comma-separated whole numbers of messages a day, growing, e.g. 1000,2000,4000';

const warmUpSchedule = z
  .string()
  .max(1_000, WARMUP_HELP)
  .transform((value, context): number[] => {
    if (value.trim().toLowerCase() === 'off') return [];
    const steps = value.split(',').map((part) => part.trim());
    const limits = steps.map((part) => (/^\d{1,9}$/.test(part) ? Number(part) : Number.NaN));
    const growing = limits.every((limit, at) => Number.isInteger(limit) && limit > 0 && (at === 0 || limit >= limits[at - 1]!));
    if (steps.length > 60 || !growing) {
      context.addIssue({ code: 'custom', message: WARMUP_HELP });
      return z.NEVER;
    }
    return limits;
  });

export const mailIntakeSettings = {
  // The inbound receiver the MX of BOUNCE_DOMAIN points at (modules/inbound/). Off unless a port is
  // given; it takes delivery reports, complaints and mailto unsubscribes for addresses it issued,
  // and relays nothing.
  INBOUND_SMTP_PORT: wholeNumber.min(0).max(65535).optional(),
  INBOUND_SMTP_HOST: z.string().min(1).default('0.0.0.0'),
  // The name it gives in its greeting (a receiver's MX host name), APP_URL's host when unset.
  INBOUND_SMTP_NAME: z.string().regex(/^[a-z0-9.-]+$/i, 'must be a host name such as mx.bounces.example.com').optional(),
  // TLS (STARTTLS) when both are given: PEM files' paths.
  INBOUND_TLS_KEY_FILE: z.string().min(1).optional(),
  INBOUND_TLS_CERT_FILE: z.string().min(1).optional(),
  // A report is a few kilobytes; a bounce that returns the whole message can be larger. Past this,
  // 552 and nothing is read.
  INBOUND_MAX_MESSAGE_BYTES: wholeNumber.min(10_000).max(50_000_000).default(2_000_000),
  // Connections open at once (all senders), and per sending address.
  INBOUND_MAX_CONNECTIONS: wholeNumber.min(1).max(10_000).default(100),
  INBOUND_CONNECTIONS_PER_CLIENT: wholeNumber.min(1).max(1_000).default(10),
  // Messages one sending address may hand over a minute; past it, 421 (try later).
  INBOUND_MESSAGES_PER_CLIENT_PER_MINUTE: wholeNumber.min(1).default(600),

  // Soft bounces suppress a reader only when this many arrive within the window with no open,
  // click or delivery report between them (Mailchimp's rule, issue 32 point 3).
  SOFT_BOUNCES_TO_SUPPRESS: wholeNumber.min(1).max(100).default(SOFT_BOUNCE_RULE.toSuppress),
  SOFT_BOUNCE_WINDOW_DAYS: z.coerce.number({ error: 'must be a number of days' }).positive().max(365).default(SOFT_BOUNCE_RULE.windowDays),

  // The relays' webhooks (modules/webhooks/relays/): each is off until its credential is set.
  // Amazon SES through SNS: the topic ARNs whose notifications are taken (comma-separated).
  SES_SNS_TOPIC_ARNS: z.string().min(1).optional(),
  // SendGrid's signed event webhook: the verification key SendGrid shows (base64 of the DER public key).
  SENDGRID_WEBHOOK_PUBLIC_KEY: z.string().min(40, 'must be the verification key SendGrid shows (base64)').optional(),
  // Postmark: the user and password put in the webhook's URL (basic authentication).
  POSTMARK_WEBHOOK_USER: z.string().min(1).optional(),
  POSTMARK_WEBHOOK_PASSWORD: z.string().min(16, 'must be at least 16 characters').optional(),
  // Mailgun: the HTTP webhook signing key (Settings → API security).
  MAILGUN_WEBHOOK_SIGNING_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  // Brevo's transactional webhook: the token it sends (Authorization: Bearer), set when the webhook is created.
  BREVO_WEBHOOK_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // The relay in front of the marketing stream, so each message carries our correlation value in
  // the field that relay gives back in its webhooks (X-PM-Metadata-*, X-SMTPAPI unique_args,
  // X-Mailgun-Variables, X-Mailin-custom); SES returns the original headers themselves. Unset: none.
  MARKETING_RELAY: z.enum(MARKETING_RELAYS).optional(),

  // The guardrails (modules/deliverability/). An account's sending pauses when hard bounces are
  // over GUARD_HARD_BOUNCE_PERCENT of a campaign's first GUARD_HARD_BOUNCE_SAMPLE messages (judged
  // from GUARD_HARD_BOUNCE_MINIMUM on), or complaints over GUARD_COMPLAINT_PERCENT of what it sent
  // in GUARD_COMPLAINT_WINDOW_DAYS days (judged from GUARD_COMPLAINT_MINIMUM messages on).
  GUARD_HARD_BOUNCE_PERCENT: z.coerce.number({ error: 'must be a percentage' }).positive().max(100).default(5),
  GUARD_HARD_BOUNCE_SAMPLE: wholeNumber.min(10).default(1_000),
  GUARD_HARD_BOUNCE_MINIMUM: wholeNumber.min(1).default(100),
  GUARD_COMPLAINT_PERCENT: z.coerce.number({ error: 'must be a percentage' }).positive().max(100).default(0.3),
  GUARD_COMPLAINT_WINDOW_DAYS: wholeNumber.min(1).max(30).default(7),
  GUARD_COMPLAINT_MINIMUM: wholeNumber.min(1).default(1_000),
  // The warm-up: the most messages a day an account may send on its first, second … day (from its
  // first message, or from when it authenticated the domain it sends from); after the last day only
  // CAMPAIGN_MESSAGES_PER_DAY applies. "off": no warm-up.
  WARMUP_DAILY_LIMITS: warmUpSchedule.prefault(DEFAULT_WARMUP),
};
