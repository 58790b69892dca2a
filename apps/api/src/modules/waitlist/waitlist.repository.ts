import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { WaitlistStatus } from '@postlark/shared/waitlist';
import type { Db } from '../../db/client';
import { waitlistSubmissions } from '../../db/schema';

export type NewSubmission = typeof waitlistSubmissions.$inferInsert;
export type StoredSubmission = typeof waitlistSubmissions.$inferSelect;

/** Stores a submission; false when it is a Waitlist join of an address already on the list. */
export async function insertSubmission(db: Db, submission: NewSubmission): Promise<boolean> {
  // One statement: the partial unique index decides, so two racing joins cannot both store a row.
  const inserted = await db
    .insert(waitlistSubmissions)
    .values(submission)
    .onConflictDoNothing()
    .returning({ id: waitlistSubmissions.id });
  return inserted.length > 0;
}

export interface SubmissionFilter {
  status?: WaitlistStatus;
  since?: Date;
  until?: Date;
}

/** Newest first. */
export async function listSubmissions(db: Db, filter: SubmissionFilter): Promise<StoredSubmission[]> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(waitlistSubmissions.status, filter.status));
  if (filter.since) conditions.push(gte(waitlistSubmissions.createdAt, filter.since));
  if (filter.until) conditions.push(lt(waitlistSubmissions.createdAt, filter.until));
  return db
    .select()
    .from(waitlistSubmissions)
    .where(and(...conditions))
    .orderBy(desc(waitlistSubmissions.createdAt), desc(waitlistSubmissions.id));
}
