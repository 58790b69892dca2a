import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { WaitlistStatus } from '@postlark/shared/waitlist';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { waitlistSubmissions } from '../../db/schema/waitlist';

export interface NewSubmission {
  status: WaitlistStatus;
  email: string;
  message: string;
  userAgent: string;
  ipHash: string;
  /** The signed-in customer a Help message came from; absent for the public site's forms. */
  customerId?: string;
  // Set only by tests and imports of old data; a live submission is stamped by the database.
  createdAt?: Date;
}
export type StoredSubmission = typeof waitlistSubmissions.$inferSelect;

// unnest keeps the statement the same, seven array parameters, however many rows it carries, so it
// is prepared once; written by hand because at this rate the query builder's work outweighs it.
// It answers one row, the joins it stored, rather than a row per submission: on PGlite, sending
// and parsing those rows was a fifth of the statement's cost.
const insertSubmissionRows = preparedStatement<{ joined: string[] }>(
  'waitlist_insert_submissions',
  `with stored as (
     insert into waitlist_submissions (status, email, message, user_agent, ip_hash, created_at, customer_id)
     select status, email, message, user_agent, ip_hash, coalesce(created_at, now()), customer_id::uuid
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::text[])
       as submission (status, email, message, user_agent, ip_hash, created_at, customer_id)
     on conflict do nothing
     returning status, email
   )
   select coalesce(array_agg(email) filter (where status = 'Waitlist'), '{}') as joined from stored`,
  ['text[]', 'text[]', 'text[]', 'text[]', 'text[]', 'timestamptz[]', 'text[]'],
);

/**
 * Stores submissions in one statement; for each, whether it was stored (false: a Waitlist join of
 * an address already on the list, or earlier in the same batch). The partial unique index decides,
 * so racing writers in other processes cannot both store a join either.
 */
export async function insertSubmissions(db: Db, submissions: readonly NewSubmission[]): Promise<boolean[]> {
  const firstJoin = new Map<string, number>();
  const rows = submissions.filter((submission, index) => {
    if (submission.status !== 'Waitlist') return true;
    if (firstJoin.has(submission.email)) return false;
    firstJoin.set(submission.email, index);
    return true;
  });
  const inserted = await insertSubmissionRows(db, [
    rows.map((row) => row.status),
    rows.map((row) => row.email),
    rows.map((row) => row.message),
    rows.map((row) => row.userAgent),
    rows.map((row) => row.ipHash),
    rows.map((row) => row.createdAt?.toISOString() ?? null),
    rows.map((row) => row.customerId ?? null),
  ]);
  const storedJoins = new Set(inserted[0]?.joined ?? []);
  return submissions.map((submission, index) =>
    submission.status !== 'Waitlist' ? true : firstJoin.get(submission.email) === index && storedJoins.has(submission.email),
  );
}

export interface SubmissionFilter {
  status?: WaitlistStatus;
  customerId?: string;
  since?: Date;
  until?: Date;
}

/** Newest first. */
export async function listSubmissions(db: Db, filter: SubmissionFilter): Promise<StoredSubmission[]> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(waitlistSubmissions.status, filter.status));
  if (filter.customerId) conditions.push(eq(waitlistSubmissions.customerId, filter.customerId));
  if (filter.since) conditions.push(gte(waitlistSubmissions.createdAt, filter.since));
  if (filter.until) conditions.push(lt(waitlistSubmissions.createdAt, filter.until));
  return db
    .select()
    .from(waitlistSubmissions)
    .where(and(...conditions))
    .orderBy(desc(waitlistSubmissions.createdAt), desc(waitlistSubmissions.id));
}
