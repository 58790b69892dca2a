import { normalizeEmail } from '@postlark/shared/email';
import type { HelpMessage, WaitlistSubmission } from '@postlark/shared/waitlist';
import type { Db } from '../../db/client';
import { groupCommit } from '../../lib/group-commit';
import type { KeyedHash } from '../../lib/keyed-hash';
import { insertSubmissions, type NewSubmission } from './waitlist.repository';

export interface SubmissionClient {
  ip: string;
  userAgent: string;
}

export type SubmissionOutcome = 'created' | 'already-joined';

// Long enough for any real browser's user agent; a longer header is cut rather than refused.
const USER_AGENT_MAX_LENGTH = 512;

// Bounds one statement's size; a burst larger than this is simply written in several.
const MAX_SUBMISSIONS_PER_STATEMENT = 500;

/**
 * The waitlist's writer: submissions arriving while a write is in flight are stored together in
 * the next statement (see lib/group-commit.ts), each caller answered once its row is stored.
 */
export function createWaitlistService(deps: { db: Db; hashIp: KeyedHash }) {
  const store = groupCommit((rows: NewSubmission[]) => insertSubmissions(deps.db, rows), {
    maxBatch: MAX_SUBMISSIONS_PER_STATEMENT,
  });

  return {
    async submit(submission: WaitlistSubmission, client: SubmissionClient): Promise<SubmissionOutcome> {
      const stored = await store({
        status: submission.status,
        email: normalizeEmail(submission.email),
        message: submission.message,
        userAgent: client.userAgent.slice(0, USER_AGENT_MAX_LENGTH),
        ipHash: deps.hashIp(client.ip),
      });
      return stored ? 'created' : 'already-joined';
    },

    /**
     * A message from the dashboard's Help panel: a Contact submission like the site's contact form's,
     * from the signed-in customer's own address (never one the request names) and linked to them.
     */
    async contactFromCustomer(customer: { customerId: string; email: string }, help: HelpMessage, client: SubmissionClient): Promise<void> {
      await store({
        status: 'Contact',
        email: normalizeEmail(customer.email),
        message: help.message,
        userAgent: client.userAgent.slice(0, USER_AGENT_MAX_LENGTH),
        ipHash: deps.hashIp(client.ip),
        customerId: customer.customerId,
      });
    },
  };
}
