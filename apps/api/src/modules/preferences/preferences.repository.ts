import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { leaveOtherLists } from '../audience/subscribers.repository';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { listMemberships, lists, subscribers } from '../../db/schema/audience';

/** The subscriber a link was made for, with who sends them mail. */
export async function subscriberWithSender(db: Db, subscriberId: string) {
  const [row] = await db
    .select({
      id: subscribers.id,
      customerId: subscribers.customerId,
      email: subscribers.email,
      status: subscribers.status,
      senderFirstName: customers.firstName,
      senderLastName: customers.lastName,
      senderInfo: customers.additionalInfo,
    })
    .from(subscribers)
    .innerJoin(customers, eq(customers.id, subscribers.customerId))
    .where(eq(subscribers.id, subscriberId));
  return row;
}

/** Every list the subscriber has been on, by name, and whether they still are. */
export async function listsOf(db: Db, subscriberId: string) {
  return db
    .select({ id: lists.id, name: lists.name, description: lists.publicDescription, status: listMemberships.status })
    .from(listMemberships)
    .innerJoin(lists, eq(lists.id, listMemberships.listId))
    .where(eq(listMemberships.subscriberId, subscriberId))
    .orderBy(asc(sql`lower(${lists.name})`));
}

/**
 * The subscriber's own choice among their lists: the chosen ones confirmed (the link came to their
 * inbox, which is the proof double opt-in asks for), the others left.
 */
export async function chooseLists(db: Db, subscriberId: string, listIds: readonly string[], now: Date): Promise<void> {
  if (listIds.length > 0) {
    await db
      .update(listMemberships)
      .set({ status: 'confirmed', updatedAt: now, confirmedAt: sql`coalesce(${listMemberships.confirmedAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(listMemberships.subscriberId, subscriberId), inArray(listMemberships.listId, [...listIds]), ne(listMemberships.status, 'confirmed')));
  }
  await leaveOtherLists(db, subscriberId, listIds, now);
}

export async function setSubscriberStatus(db: Db, subscriberId: string, status: 'active' | 'unsubscribed', now: Date): Promise<void> {
  await db.update(subscribers).set({ status, updatedAt: now }).where(eq(subscribers.id, subscriberId));
}
