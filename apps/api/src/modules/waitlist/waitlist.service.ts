import { normalizeEmail } from '@postlark/shared/email';
import type { WaitlistSubmission } from '@postlark/shared/waitlist';
import type { Db } from '../../db/client';
import type { KeyedHash } from '../../lib/keyed-hash';
import { insertSubmission } from './waitlist.repository';

export interface SubmissionClient {
  ip: string;
  userAgent: string;
}

// Long enough for any real browser's user agent; a longer header is cut rather than refused.
const USER_AGENT_MAX_LENGTH = 512;

/** Stores a validated submission; 'created', or 'already-joined' for a repeated Waitlist join. */
export async function submitToWaitlist(
  deps: { db: Db; hashIp: KeyedHash },
  submission: WaitlistSubmission,
  client: SubmissionClient,
): Promise<'created' | 'already-joined'> {
  const created = await insertSubmission(deps.db, {
    status: submission.status,
    email: normalizeEmail(submission.email),
    message: submission.message,
    userAgent: client.userAgent.slice(0, USER_AGENT_MAX_LENGTH),
    ipHash: deps.hashIp(client.ip),
  });
  return created ? 'created' : 'already-joined';
}
