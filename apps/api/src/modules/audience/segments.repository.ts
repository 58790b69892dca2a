import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import { segments } from '../../db/schema/audience';

export type SegmentRow = typeof segments.$inferSelect;
export type NewSegment = typeof segments.$inferInsert;

export async function listSegments(db: Db, customerId: string): Promise<SegmentRow[]> {
  return db.select().from(segments).where(eq(segments.customerId, customerId)).orderBy(asc(sql`lower(${segments.name})`));
}

export async function findSegment(db: Db, customerId: string, id: string): Promise<SegmentRow | undefined> {
  const [row] = await db
    .select()
    .from(segments)
    .where(and(eq(segments.customerId, customerId), eq(segments.id, id)));
  return row;
}

export async function insertSegment(db: Db, values: NewSegment): Promise<SegmentRow> {
  const [row] = await db.insert(segments).values(values).returning();
  if (!row) throw new Error('segment insert returned no row');
  return row;
}

export async function updateSegment(db: Db, customerId: string, id: string, values: Partial<NewSegment>): Promise<SegmentRow | undefined> {
  const [row] = await db
    .update(segments)
    .set(values)
    .where(and(eq(segments.customerId, customerId), eq(segments.id, id)))
    .returning();
  return row;
}

export async function deleteSegment(db: Db, customerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(segments)
    .where(and(eq(segments.customerId, customerId), eq(segments.id, id)))
    .returning({ id: segments.id });
  return rows.length > 0;
}

/** How many memberships "m" meet a condition (see membershipOnlySql). */
export async function countMemberships(db: Db, condition: SQL): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as count from list_memberships m where ${condition}`);
  return rowsOf<{ count: number }>(result)[0]?.count ?? 0;
}

/** Of these campaign ids, the customer's own. */
export async function ownCampaignIds(db: Db, customerId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<{ id: string }>(await db.execute(sql`select id from campaigns where customer_id = ${customerId}::uuid and id = any(${sql.param([...ids])}::uuid[])`));
  return rows.map((row) => row.id);
}
