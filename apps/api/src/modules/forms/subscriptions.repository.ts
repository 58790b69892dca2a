import { and, eq, sql } from 'drizzle-orm';
import type { MembershipStatus } from '@postlark/shared/audience';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { listMemberships, lists, subscribers } from '../../db/schema/audience';
import { liftSuppression } from '../audience/subscribers.repository';

export async function membershipStatus(db: Db, listId: string, subscriberId: string): Promise<MembershipStatus | undefined> {
  const [row] = await db
    .select({ status: listMemberships.status })
    .from(listMemberships)
    .where(and(eq(listMemberships.listId, listId), eq(listMemberships.subscriberId, subscriberId)));
  return row?.status;
}

/** Sets a membership's status, making it if needed; a confirmation stamps when. */
export async function putMembership(db: Db, listId: string, subscriberId: string, status: MembershipStatus, now: Date): Promise<void> {
  const confirmedAt = status === 'confirmed' ? now : null;
  await db
    .insert(listMemberships)
    .values({ listId, subscriberId, status, createdAt: now, updatedAt: now, confirmedAt })
    .onConflictDoUpdate({
      target: [listMemberships.listId, listMemberships.subscriberId],
      set: { status, updatedAt: now, ...(confirmedAt && { confirmedAt }) },
    });
}

/** The person behind a confirmation link: their subscriber row, the list, and its sender. */
export async function confirmationTarget(db: Db, subscriberId: string, listId: string) {
  const [row] = await db
    .select({
      subscriber: subscribers,
      listName: lists.name,
      status: listMemberships.status,
      firstName: customers.firstName,
      lastName: customers.lastName,
      additionalInfo: customers.additionalInfo,
    })
    .from(listMemberships)
    .innerJoin(subscribers, eq(subscribers.id, listMemberships.subscriberId))
    .innerJoin(lists, eq(lists.id, listMemberships.listId))
    .innerJoin(customers, eq(customers.id, subscribers.customerId))
    .where(and(eq(listMemberships.subscriberId, subscriberId), eq(listMemberships.listId, listId)));
  return row;
}

/**
 * The subscriber's own confirmed consent: active again, confirmed now (first time only), and off
 * the suppression list whatever put the address there (the confirmation reached their inbox). A
 * subscriber still bounced or complained stays suppressed.
 */
export async function markConfirmed(db: Db, subscriber: { id: string; customerId: string; status: string }, emailHash: string, now: Date): Promise<void> {
  await db
    .update(subscribers)
    .set({
      confirmedAt: sql`coalesce(${subscribers.confirmedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
      ...((subscriber.status === 'unsubscribed' || subscriber.status === 'not_subscribed') && { status: 'active' as const }),
    })
    .where(eq(subscribers.id, subscriber.id));
  if (subscriber.status === 'active' || subscriber.status === 'unsubscribed') await liftSuppression(db, subscriber.customerId, emailHash);
}

/**
 * The first consent of a profile made from events (not_subscribed): how and when they agreed, the
 * names they gave where none was known, and, unless a confirmation is still due, active status.
 */
export async function recordFirstConsent(
  db: Db,
  subscriberId: string,
  consent: { source: string; formId?: string; ipHash?: string; firstName: string; lastName: string; activate: boolean },
  now: Date,
): Promise<void> {
  await db
    .update(subscribers)
    .set({
      consentSource: consent.source,
      consentFormId: consent.formId ?? null,
      consentAt: now,
      consentIpHash: consent.ipHash ?? null,
      firstName: sql`coalesce(nullif(${subscribers.firstName}, ''), ${consent.firstName})`,
      lastName: sql`coalesce(nullif(${subscribers.lastName}, ''), ${consent.lastName})`,
      updatedAt: now,
      ...(consent.activate && { status: 'active' as const }),
    })
    .where(and(eq(subscribers.id, subscriberId), eq(subscribers.status, 'not_subscribed')));
}

/** The lists a subscriber has yet to confirm, with their names (for resending the emails). */
export async function unconfirmedLists(db: Db, subscriberId: string) {
  return db
    .select({ listId: lists.id, listName: lists.name })
    .from(listMemberships)
    .innerJoin(lists, eq(lists.id, listMemberships.listId))
    .where(and(eq(listMemberships.subscriberId, subscriberId), eq(listMemberships.status, 'unconfirmed')));
}
