import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
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
