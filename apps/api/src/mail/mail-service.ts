import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '@postlark/shared/email';
import { z } from 'zod';

export type EmailMessage =
  | { template: 'signup-verification'; to: string; link: string }
  | { template: 'signup-account-exists'; to: string; signInUrl: string }
  | { template: 'password-reset'; to: string; link: string }
  | { template: 'password-changed'; to: string; firstName: string }
  | { template: 'email-change-confirm'; to: string; link: string }
  | { template: 'email-change-notice'; to: string; firstName: string; newEmail: string; cancelLink: string }
  | { template: 'api-key-created'; to: string; firstName: string; keyName: string; prefix: string }
  | { template: 'data-export-ready'; to: string; firstName: string; link: string; expiresAt: string }
  // A list's double opt-in: From the list's sender (its address '' when none is chosen: the
  // customer's name on the platform's address), sent as the customer's mail is.
  | { template: 'subscription-confirm'; to: string; link: string; listName: string; sender: string; customerId?: string; from?: { name: string; address: string } }
  | { template: 'sender-confirm'; to: string; link: string; account: string }
  | { template: 'sending-domain-lost'; to: string; firstName: string; domain: string; recordName: string; link: string }
  | { template: 'sending-paused'; to: string; firstName: string; reason: string; nextSteps: string; link: string }
  // A campaign's test send: built by the campaigns module as the campaign's own message (for a
  // sample subscriber), and sent through the campaigns' relay as it, From its sending identity.
  | {
      template: 'campaign-test';
      to: string;
      subject: string;
      html: string;
      text: string;
      customerId: string;
      from: { name: string; address: string };
      replyTo: string;
      messageId: string;
      headers: Record<string, string>;
    };

export type EmailTemplate = EmailMessage['template'];

export interface MailService {
  /**
   * Resolves once the message is durably queued; delivery happens later, with retries. Call it
   * after a db.transaction, never inside one: on PGlite the queue shares the one connection and
   * would wait for the transaction that waits for it. Rejects with InvalidEmailMessageError for
   * a message no template can send.
   */
  enqueue(message: EmailMessage): Promise<void>;
}

// A recipient is one bare address, the spec's pattern: no name, no list, no line break. Stripping
// CR/LF from "a@x.com\r\nBcc: b@y.com" would leave a group address that still reaches b@y.com,
// so such a recipient is refused rather than cleaned.
const recipient = z.string().max(EMAIL_MAX_LENGTH, { abort: true }).regex(EMAIL_PATTERN, 'not a single plain email address');
const absoluteUrl = z.url({ protocol: /^https?$/ });

/** The queued job's payload, checked when queued and again when the worker reads it. */
export const emailMessageSchema = z.discriminatedUnion('template', [
  z.strictObject({ template: z.literal('signup-verification'), to: recipient, link: absoluteUrl }),
  z.strictObject({ template: z.literal('signup-account-exists'), to: recipient, signInUrl: absoluteUrl }),
  z.strictObject({ template: z.literal('password-reset'), to: recipient, link: absoluteUrl }),
  z.strictObject({ template: z.literal('password-changed'), to: recipient, firstName: z.string().max(200) }),
  z.strictObject({ template: z.literal('email-change-confirm'), to: recipient, link: absoluteUrl }),
  z.strictObject({ template: z.literal('email-change-notice'), to: recipient, firstName: z.string().max(200), newEmail: recipient, cancelLink: absoluteUrl }),
  z.strictObject({ template: z.literal('api-key-created'), to: recipient, firstName: z.string().max(200), keyName: z.string().max(200), prefix: z.string().max(40) }),
  z.strictObject({
    template: z.literal('data-export-ready'),
    to: recipient,
    firstName: z.string().max(200),
    link: absoluteUrl,
    expiresAt: z.iso.datetime(),
  }),
  z.strictObject({
    template: z.literal('subscription-confirm'),
    to: recipient,
    link: absoluteUrl,
    listName: z.string().max(200),
    sender: z.string().max(300),
    // Optional: a confirmation queued before lists had senders goes in the customer's name.
    customerId: z.optional(z.uuid()),
    from: z.optional(z.strictObject({ name: z.string().max(300), address: z.union([z.literal(''), recipient]) })),
  }),
  z.strictObject({ template: z.literal('sender-confirm'), to: recipient, link: absoluteUrl, account: z.string().max(EMAIL_MAX_LENGTH) }),
  z.strictObject({
    template: z.literal('sending-domain-lost'),
    to: recipient,
    firstName: z.string().max(200),
    domain: z.string().max(253),
    recordName: z.string().max(320),
    link: absoluteUrl,
  }),
  z.strictObject({
    template: z.literal('sending-paused'),
    to: recipient,
    firstName: z.string().max(200),
    reason: z.string().max(1_000),
    nextSteps: z.string().max(2_000),
    link: absoluteUrl,
  }),
  z.strictObject({
    template: z.literal('campaign-test'),
    to: recipient,
    subject: z.string().max(1_000),
    html: z.string().max(4 * 1024 * 1024),
    text: z.string().max(2 * 1024 * 1024),
    customerId: z.uuid(),
    from: z.strictObject({ name: z.string().max(300), address: recipient }),
    replyTo: z.union([z.literal(''), recipient]),
    messageId: z.string().max(300),
    headers: z.record(z.string().max(100), z.string().max(2_000)),
  }),
]) satisfies z.ZodType<EmailMessage>;

/** An enqueue call with a message no template can send (a bad recipient or link): a bug in the caller. */
export class InvalidEmailMessageError extends Error {
  constructor(readonly problems: string[]) {
    super(`email message refused: ${problems.join('; ')}`);
    this.name = 'InvalidEmailMessageError';
  }
}

export function parseEmailMessage(input: unknown): EmailMessage {
  const result = emailMessageSchema.safeParse(input);
  if (result.success) return result.data;
  // Paths and messages only: the refused values may carry tokens.
  throw new InvalidEmailMessageError(result.error.issues.map((issue) => `${issue.path.join('.') || 'message'}: ${issue.message}`));
}
