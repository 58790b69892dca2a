import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listMemberships, subscribers, suppressions } from '../../db/schema/audience';
import type { NewSubscriber } from '../audience/subscribers.repository';

// The statements one batch of an import runs: a few queries for a few thousand rows.

export async function suppressedAmong(db: Db, customerId: string, hashes: readonly string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db
    .select({ hash: suppressions.emailHash })
    .from(suppressions)
    .where(and(eq(suppressions.customerId, customerId), inArray(suppressions.emailHash, [...hashes])));
  return new Set(rows.map((row) => row.hash));
}

export async function existingAmong(db: Db, customerId: string, emails: readonly string[]) {
  if (emails.length === 0) return [];
  return db
    .select({
      id: subscribers.id,
      email: subscribers.email,
      status: subscribers.status,
      firstName: subscribers.firstName,
      lastName: subscribers.lastName,
      timezone: subscribers.timezone,
      attributes: subscribers.attributes,
    })
    .from(subscribers)
    .where(and(eq(subscribers.customerId, customerId), inArray(subscribers.email, [...emails])));
}
export type ExistingSubscriber = Awaited<ReturnType<typeof existingAmong>>[number];

/** Adds the new ones; an address that arrived meanwhile is left as it is. Answers the ids added. */
export async function insertNew(db: Db, values: NewSubscriber[]): Promise<string[]> {
  if (values.length === 0) return [];
  const rows = await db.insert(subscribers).values(values).onConflictDoNothing().returning({ id: subscribers.id });
  return rows.map((row) => row.id);
}

export async function updateDetails(db: Db, id: string, values: Partial<NewSubscriber>): Promise<void> {
  await db.update(subscribers).set(values).where(eq(subscribers.id, id));
}

/** Puts subscribers on lists as confirmed, leaving every existing membership as it is (one who left stays left). */
export async function joinLists(db: Db, listIds: readonly string[], subscriberIds: readonly string[], now: Date): Promise<void> {
  if (listIds.length === 0 || subscriberIds.length === 0) return;
  const values = listIds.flatMap((listId) => subscriberIds.map((subscriberId) => ({ listId, subscriberId, status: 'confirmed' as const, createdAt: now, updatedAt: now, confirmedAt: now })));
  // Six parameters a row: well under PostgreSQL's 65,535 per statement.
  for (let start = 0; start < values.length; start += 5_000) await db.insert(listMemberships).values(values.slice(start, start + 5_000)).onConflictDoNothing();
}
