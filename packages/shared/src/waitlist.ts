import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './email';
import { WAITLIST_MESSAGES } from './messages';
import { withoutNul } from './storable-text';
import { WAITLIST_MESSAGE_MAX_LENGTH, WAITLIST_STATUSES } from './waitlist-limits';

// zod/mini keeps the landing bundle small; the schema is the same object the form and the API use.

export { WAITLIST_MESSAGE_MAX_LENGTH, WAITLIST_STATUSES, type WaitlistStatus } from './waitlist-limits';

export const waitlistEmailSchema = z.string({ error: WAITLIST_MESSAGES.emailRequired }).check(
  z.trim(),
  z.minLength(1, { error: WAITLIST_MESSAGES.emailRequired, abort: true }),
  z.maxLength(EMAIL_MAX_LENGTH, { error: WAITLIST_MESSAGES.emailInvalid, abort: true }),
  z.regex(EMAIL_PATTERN, WAITLIST_MESSAGES.emailInvalid),
);

/** The message of a waitlist join or a contact submission: optional text, bounded, storable. */
export const waitlistMessageSchema = z.string({ error: 'The message must be text' }).check(
  z.maxLength(WAITLIST_MESSAGE_MAX_LENGTH, {
    error: `The message can be at most ${WAITLIST_MESSAGE_MAX_LENGTH} characters`,
  }),
  // PostgreSQL text cannot hold a NUL: refused here with a clear answer, not by the database with a 500.
  withoutNul(),
);

export const waitlistSubmissionSchema = z.strictObject({
  status: z.enum(WAITLIST_STATUSES, { error: 'Status must be Waitlist or Contact' }),
  email: waitlistEmailSchema,
  message: z._default(waitlistMessageSchema, ''),
});

export type WaitlistSubmissionInput = z.input<typeof waitlistSubmissionSchema>;
export type WaitlistSubmission = z.output<typeof waitlistSubmissionSchema>;

// The dashboard's Help panel (issue 23) sends a Contact submission from the signed-in customer:
// the address is the account's, so only the message is asked for. It is the contact form's message
// with one rule more: from inside the product, an empty message would tell the operators nothing.
export const HELP_MESSAGES = {
  messageRequired: 'Please write your message',
  sent: (email: string) => `Message sent. We will reply to ${email}.`,
} as const;

export const helpMessageSchema = z.strictObject({
  message: waitlistMessageSchema.check(z.refine((text: string) => text.trim() !== '', HELP_MESSAGES.messageRequired)),
});

export type HelpMessage = z.output<typeof helpMessageSchema>;
