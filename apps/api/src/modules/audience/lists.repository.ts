import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listMemberships, lists } from '../../db/schema/audience';

export type ListRow = typeof lists.$inferSelect;
export type NewList = typeof lists.$inferInsert;
export type ListWithCounts = ListRow & { unconfirmed: number; confirmed: number; unsubscribed: number };

const countOf = (status: string) => sql<number>`(count(*) filter (where ${listMemberships.status} = ${status}))::int`;

/** The customer's lists by name, each with its members counted by status. */
export async function listsWithCounts(db: Db, customerId: string, listId?: string): Promise<ListWithCounts[]> {
  const scope = listId ? and(eq(lists.customerId, customerId), eq(lists.id, listId)) : eq(lists.customerId, customerId);
  const rows = await db
    .select({
      list: lists,
      unconfirmed: countOf('unconfirmed'),
      confirmed: countOf('confirmed'),
      unsubscribed: countOf('unsubscribed'),
    })
    .from(lists)
    .leftJoin(listMemberships, eq(listMemberships.listId, lists.id))
    .where(scope)
    .groupBy(lists.id)
    .orderBy(asc(sql`lower(${lists.name})`));
  return rows.map(({ list, ...counts }) => ({ ...list, ...counts }));
}

export async function insertList(db: Db, values: NewList): Promise<ListRow> {
  const [row] = await db.insert(lists).values(values).returning();
  if (!row) throw new Error('list insert returned no row');
  return row;
}

export async function updateList(db: Db, customerId: string, id: string, values: Partial<NewList>): Promise<ListRow | undefined> {
  const [row] = await db
    .update(lists)
    .set(values)
    .where(and(eq(lists.customerId, customerId), eq(lists.id, id)))
    .returning();
  return row;
}

export async function deleteList(db: Db, customerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(lists)
    .where(and(eq(lists.customerId, customerId), eq(lists.id, id)))
    .returning({ id: lists.id });
  return rows.length > 0;
}

/** Who the list's confirmation emails come from, as the customer chose ('' for both when not). */
export async function listSender(db: Db, customerId: string, listId: string): Promise<{ fromName: string; fromEmail: string } | undefined> {
  const [row] = await db
    .select({ fromName: lists.fromName, fromEmail: lists.fromEmail })
    .from(lists)
    .where(and(eq(lists.customerId, customerId), eq(lists.id, listId)));
  return row;
}
