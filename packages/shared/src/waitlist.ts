import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './email';
import { GENERIC_MESSAGES, WAITLIST_MESSAGES } from './messages';
import { WAITLIST_MESSAGE_MAX_LENGTH, WAITLIST_STATUSES } from './waitlist-limits';

// zod/mini keeps the landing bundle small; the schema is the same object the form and the API use.

export { WAITLIST_MESSAGE_MAX_LENGTH, WAITLIST_STATUSES, type WaitlistStatus } from './waitlist-limits';

export const waitlistEmailSchema = z.string({ error: WAITLIST_MESSAGES.emailRequired }).check(
  z.trim(),
  z.minLength(1, { error: WAITLIST_MESSAGES.emailRequired, abort: true }),
  z.maxLength(EMAIL_MAX_LENGTH, { error: WAITLIST_MESSAGES.emailInvalid, abort: true }),
  z.regex(EMAIL_PATTERN, WAITLIST_MESSAGES.emailInvalid),
);

export const waitlistSubmissionSchema = z.strictObject({
  status: z.enum(WAITLIST_STATUSES, { error: 'Status must be Waitlist or Contact' }),
  email: waitlistEmailSchema,
  message: z._default(
    z.string({ error: 'The message must be text' }).check(
      z.maxLength(WAITLIST_MESSAGE_MAX_LENGTH, {
        error: `The message can be at most ${WAITLIST_MESSAGE_MAX_LENGTH} characters`,
      }),
      // PostgreSQL text cannot hold a NUL: refused here with a clear answer, not by the database with a 500.
      z.refine((text: string) => !text.includes('\u0000'), GENERIC_MESSAGES.nulCharacter),
    ),
    '',
  ),
});

export type WaitlistSubmissionInput = z.input<typeof waitlistSubmissionSchema>;
export type WaitlistSubmission = z.output<typeof waitlistSubmissionSchema>;
