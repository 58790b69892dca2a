import { and, asc, desc, eq, getTableColumns, inArray, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { MembershipStatus, SubscriberFilter, SubscriberQuery, SubscriberSort } from '@postlark/shared/audience';
import type { EngagementBand } from '@postlark/shared/insights';
import type { Db } from '../../db/client';
import { awaitingConfirmationSql } from './emailable-sql';
import { listMemberships, lists, subscribers, suppressions } from '../../db/schema/audience';

export type SubscriberRow = typeof subscribers.$inferSelect;
export type NewSubscriber = typeof subscribers.$inferInsert;

// The score of the last insights refresh, as a number, null for a person it has not scored.
const ENGAGEMENT_SCORE = sql`(select (si.engagement ->> 'score')::float8 from subscriber_insights si
  where si.subscriber_id = "subscribers"."id" and jsonb_typeof(si.engagement -> 'score') = 'number')`;
const ENGAGEMENT_BAND = sql`(select si.engagement ->> 'band' from subscriber_insights si where si.subscriber_id = "subscribers"."id")`;

/**
 * The engagement sort's key: people without a score come last both ways, as a sentinel beyond any
 * probability (scores are 0..1), so the keyset comparison needs no special case for nulls.
 */
export const UNSCORED_SORT_KEY = { asc: 2, desc: -1 } as const;
const engagementSortKey = (order: 'asc' | 'desc') => sql<number>`coalesce(${ENGAGEMENT_SCORE}, ${sql.raw(String(UNSCORED_SORT_KEY[order]))})`;

const SORT_COLUMNS = {
  created_at: subscribers.createdAt,
  email: subscribers.email,
  first_name: subscribers.firstName,
  last_name: subscribers.lastName,
} satisfies Record<Exclude<SubscriberSort, 'engagement'>, unknown>;

const sortColumn = (sort: SubscriberSort, order: 'asc' | 'desc') => (sort === 'engagement' ? engagementSortKey(order) : SORT_COLUMNS[sort]);

// The expression the trigram index is built on (migration 0005): a search must use it as written.
const SEARCH_TEXT = sql`(${subscribers.email} || ' ' || ${subscribers.firstName} || ' ' || ${subscribers.lastName})`;

/** `%` and `_` typed in a search or a segment's value are looked for as themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** A filter whose segment (if any) has been read and compiled (segment-sql.ts). */
export type ResolvedFilter = SubscriberFilter & { segment?: SQL };

/** The table's filters, scoped to the customer. */
export function filtersOf(customerId: string, query: ResolvedFilter): SQL {
  const conditions: SQL[] = [eq(subscribers.customerId, customerId)];
  if (query.q) conditions.push(sql`${SEARCH_TEXT} ilike ${containsPattern(query.q)}`);
  if (query.status === 'awaiting_confirmation') conditions.push(eq(subscribers.status, 'active'), AWAITING_CONFIRMATION);
  else if (query.status === 'active') conditions.push(eq(subscribers.status, 'active'), sql`not ${AWAITING_CONFIRMATION}`);
  else if (query.status) conditions.push(eq(subscribers.status, query.status));
  if (query.list_id) {
    // Aliased and qualified: drizzle leaves a lone table's columns unqualified (see data-export.repository).
    conditions.push(
      sql`exists (select 1 from list_memberships m where m.subscriber_id = "subscribers"."id"
        and m.list_id = ${query.list_id} and m.status <> 'unsubscribed')`,
    );
  }
  if (query.segment) conditions.push(query.segment);
  return and(...conditions)!;
}

/** Where the previous page ended: the sort column's value and the id, as the cursor carries them. */
export interface PagePosition {
  value: string;
  id: string;
}

/**
 * One page of the table in keyset order (sort column, then id): the cost of a page does not grow
 * with how deep it is. Answers one row more than asked, so the caller knows whether a next page exists.
 */
/** A row of the table: the subscriber, and the score and band of the last insights refresh (null before any). */
export type SubscriberPageRow = SubscriberRow & { engagementScore: number | null; engagementBand: EngagementBand | null; awaitingConfirmation: boolean };

const AWAITING_CONFIRMATION = awaitingConfirmationSql(sql`"subscribers"."id"`);

/** Whether the subscriber waits to confirm every list they joined (emailable-sql.ts). */
export async function isAwaitingConfirmation(db: Db, subscriberId: string): Promise<boolean> {
  const [row] = await db.select({ awaiting: sql<boolean>`${AWAITING_CONFIRMATION}` }).from(subscribers).where(eq(subscribers.id, subscriberId));
  return row?.awaiting === true;
}

export async function pageSubscribers(db: Db, customerId: string, query: SubscriberQuery & ResolvedFilter, after: PagePosition | null): Promise<SubscriberPageRow[]> {
  const column = sortColumn(query.sort, query.order);
  const conditions = [filtersOf(customerId, query)];
  if (after) {
    const value =
      query.sort === 'created_at' ? sql`${after.value}::timestamptz` : query.sort === 'engagement' ? sql`${Number(after.value)}::float8` : sql`${after.value}`;
    conditions.push(query.order === 'desc' ? sql`(${column}, ${subscribers.id}) < (${value}, ${after.id}::uuid)` : sql`(${column}, ${subscribers.id}) > (${value}, ${after.id}::uuid)`);
  }
  const direction = query.order === 'desc' ? desc : asc;
  return db
    .select({
      ...getTableColumns(subscribers),
      engagementScore: sql<number | null>`${ENGAGEMENT_SCORE}`,
      engagementBand: sql<EngagementBand | null>`${ENGAGEMENT_BAND}`,
      awaitingConfirmation: sql<boolean>`${AWAITING_CONFIRMATION}`,
    })
    .from(subscribers)
    .where(and(...conditions))
    .orderBy(direction(column), direction(subscribers.id))
    .limit(query.limit + 1);
}

export async function countSubscribers(db: Db, customerId: string, query: ResolvedFilter): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(subscribers).where(filtersOf(customerId, query));
  return row?.count ?? 0;
}

export async function findSubscriber(db: Db, customerId: string, id: string): Promise<SubscriberRow | undefined> {
  const [row] = await db
    .select()
    .from(subscribers)
    .where(and(eq(subscribers.customerId, customerId), eq(subscribers.id, id)));
  return row;
}

export async function subscriberByEmail(db: Db, customerId: string, email: string): Promise<SubscriberRow | undefined> {
  const [row] = await db
    .select()
    .from(subscribers)
    .where(and(eq(subscribers.customerId, customerId), eq(subscribers.email, email)));
  return row;
}

export async function insertSubscriber(db: Db, values: NewSubscriber): Promise<SubscriberRow> {
  const [row] = await db.insert(subscribers).values(values).returning();
  if (!row) throw new Error('subscriber insert returned no row');
  return row;
}

export async function updateSubscriber(db: Db, customerId: string, id: string, values: Partial<NewSubscriber>): Promise<SubscriberRow | undefined> {
  const [row] = await db
    .update(subscribers)
    .set(values)
    .where(and(eq(subscribers.customerId, customerId), eq(subscribers.id, id)))
    .returning();
  return row;
}

export async function deleteSubscriber(db: Db, customerId: string, id: string): Promise<SubscriberRow | undefined> {
  const [row] = await db
    .delete(subscribers)
    .where(and(eq(subscribers.customerId, customerId), eq(subscribers.id, id)))
    .returning();
  return row;
}

export interface MembershipRow {
  listId: string;
  listName: string;
  status: MembershipStatus;
  confirmedAt: Date | null;
}

export async function membershipsOf(db: Db, subscriberId: string): Promise<MembershipRow[]> {
  return db
    .select({ listId: lists.id, listName: lists.name, status: listMemberships.status, confirmedAt: listMemberships.confirmedAt })
    .from(listMemberships)
    .innerJoin(lists, eq(lists.id, listMemberships.listId))
    .where(eq(listMemberships.subscriberId, subscriberId))
    .orderBy(asc(lists.name));
}

/** Of the ids given, those that are lists of this customer. */
export async function ownListIds(db: Db, customerId: string, listIds: readonly string[]): Promise<string[]> {
  if (listIds.length === 0) return [];
  const rows = await db
    .select({ id: lists.id })
    .from(lists)
    .where(and(eq(lists.customerId, customerId), inArray(lists.id, [...listIds])));
  return rows.map((row) => row.id);
}

/**
 * Puts a subscriber on exactly these lists, as the customer chose them: added ones confirmed
 * (re-joining after leaving too; one awaiting double opt-in stays unconfirmed), the rest of their
 * lists left (kept as unsubscribed, for the record).
 */
export async function setMemberships(db: Db, subscriberId: string, listIds: readonly string[], now: Date): Promise<void> {
  if (listIds.length > 0) {
    await db
      .insert(listMemberships)
      .values(listIds.map((listId) => ({ listId, subscriberId, status: 'confirmed' as const, createdAt: now, updatedAt: now, confirmedAt: now })))
      .onConflictDoUpdate({
        target: [listMemberships.listId, listMemberships.subscriberId],
        set: { status: 'confirmed', updatedAt: now, confirmedAt: sql`coalesce(${listMemberships.confirmedAt}, ${now.toISOString()}::timestamptz)` },
        // Re-joining a list they left is the customer's call; a pending double opt-in is the person's to confirm.
        setWhere: eq(listMemberships.status, 'unsubscribed'),
      });
  }
  await leaveOtherLists(db, subscriberId, listIds, now);
}

/** Takes a subscriber off every list of theirs but these (kept as unsubscribed, for the record). */
export async function leaveOtherLists(db: Db, subscriberId: string, keepListIds: readonly string[], now: Date): Promise<void> {
  const leaving = [eq(listMemberships.subscriberId, subscriberId), ne(listMemberships.status, 'unsubscribed')];
  if (keepListIds.length > 0) leaving.push(notInArray(listMemberships.listId, [...keepListIds]));
  await db
    .update(listMemberships)
    .set({ status: 'unsubscribed', updatedAt: now })
    .where(and(...leaving));
}

/** suppressionHash (subscribers.service.ts) in SQL, for statements that read or write the list in bulk. */
export function suppressionHashOf(email: SQL): SQL {
  return sql`encode(sha256(convert_to(${email}, 'UTF8')), 'hex')`;
}

export async function isSuppressed(db: Db, customerId: string, emailHash: string): Promise<boolean> {
  const rows = await db
    .select({ reason: suppressions.reason })
    .from(suppressions)
    .where(and(eq(suppressions.customerId, customerId), eq(suppressions.emailHash, emailHash)));
  return rows.length > 0;
}

export async function suppress(db: Db, values: { customerId: string; emailHash: string; reason: string; createdAt: Date }): Promise<void> {
  await db.insert(suppressions).values(values).onConflictDoNothing();
}

/**
 * Takes an address off the suppression list: only the person's own consent does this. Given
 * reasons, only an entry for one of them goes (a re-subscribe in the preference centre undoes an
 * unsubscribe, never a bounce or a complaint).
 */
export async function liftSuppression(db: Db, customerId: string, emailHash: string, reasons?: readonly string[]): Promise<void> {
  const conditions = [eq(suppressions.customerId, customerId), eq(suppressions.emailHash, emailHash)];
  if (reasons) conditions.push(inArray(suppressions.reason, [...reasons]));
  await db.delete(suppressions).where(and(...conditions));
}
