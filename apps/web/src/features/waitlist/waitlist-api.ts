import type { WaitlistSubmission } from '@postlark/shared/waitlist';
import { webEnv } from '../../config/env';

export class WaitlistRequestError extends Error {}

/** SPEC section 7: POST {host}/landing/v1/waitlist/; 200 or 201 is success, anything else a failure. */
export async function postWaitlistSubmission(submission: WaitlistSubmission): Promise<void> {
  const response = await fetch(`${webEnv.waitlistHost}/landing/v1/waitlist/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(submission),
  });
  if (response.status !== 200 && response.status !== 201) {
    throw new WaitlistRequestError(`waitlist answered ${response.status}`);
  }
}
