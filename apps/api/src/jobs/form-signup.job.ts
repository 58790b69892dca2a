import { EMAIL_MAX_LENGTH } from '@postlark/shared/email';
import { z } from 'zod';
import { runFormSignup, type SubscriptionDeps } from '../modules/forms/subscriptions.service';
import type { JobDefinition } from './job-definition';

const payload = z.strictObject({
  formId: z.uuid(),
  email: z.string().max(EMAIL_MAX_LENGTH),
  first_name: z.string().max(200),
  last_name: z.string().max(200),
  ipHash: z.string().max(200),
});

/**
 * A form sign-up's work: find the person, write what changes and queue a confirmation email, or
 * nothing for someone already confirmed. Queued by every sign-up alike, so the request's own work
 * and timing say nothing about who is in the audience. Running it again is harmless.
 */
export const formSignupJob = {
  name: 'form-signup',
  payload,
  retry: { retryLimit: 5, retryDelay: 5, retryBackoff: true },
  expireInSeconds: 60,
  async handle(signup, deps) {
    await runFormSignup(deps, signup);
  },
} satisfies JobDefinition<typeof payload, SubscriptionDeps>;
