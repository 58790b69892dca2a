import { EMAIL_MAX_LENGTH } from '@postlark/shared/email';
import { z } from 'zod';
import { type EmailLinkDeps, sendEmailLink } from '../modules/auth/email-links.service';
import type { JobDefinition } from './job-definition';

const payload = z.strictObject({ page: z.enum(['sign-up', 'forget-password']), email: z.string().max(EMAIL_MAX_LENGTH) });

/**
 * An email-send request's work: look the address up, then issue a token and queue its mail, or
 * the "you already have an account" mail, or nothing. Queued by every request alike, so the
 * request's own work does not depend on who has an account. A retry issues a fresh token, which
 * supersedes any the failed attempt issued.
 */
export const emailLinkJob = {
  name: 'email-link',
  payload,
  retry: { retryLimit: 5, retryDelay: 5, retryBackoff: true },
  expireInSeconds: 60,
  async handle(request, deps) {
    await sendEmailLink(deps, request);
  },
} satisfies JobDefinition<typeof payload, EmailLinkDeps>;
