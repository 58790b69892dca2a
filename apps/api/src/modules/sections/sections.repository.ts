import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { savedSections } from '../../db/schema/templates';

export type SectionRow = typeof savedSections.$inferSelect;

export async function listSections(db: Db, customerId: string): Promise<SectionRow[]> {
  return db.select().from(savedSections).where(eq(savedSections.customerId, customerId)).orderBy(asc(savedSections.createdAt), asc(savedSections.id));
}

/** The account's sections among `ids`: another account's are not among them. */
export async function sectionsByIds(db: Db, customerId: string, ids: readonly string[]): Promise<SectionRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(savedSections)
    .where(and(eq(savedSections.customerId, customerId), inArray(savedSections.id, [...ids])));
}

/** Adds a section unless the account has `cap` already; the customer's row is held so two saves at once are counted in turn. */
export async function insertSection(db: Db, values: typeof savedSections.$inferInsert, cap: number): Promise<SectionRow | 'too-many'> {
  return db.transaction(async (tx) => {
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, values.customerId)).for('update');
    const [held] = await tx.select({ total: count() }).from(savedSections).where(eq(savedSections.customerId, values.customerId));
    if ((held?.total ?? 0) >= cap) return 'too-many';
    const [row] = await tx.insert(savedSections).values(values).returning();
    return row!;
  });
}

export async function updateSection(db: Db, customerId: string, id: string, values: { name?: string; contentHtml?: string; updatedAt: Date }): Promise<SectionRow | undefined> {
  const [row] = await db
    .update(savedSections)
    .set(values)
    .where(and(eq(savedSections.customerId, customerId), eq(savedSections.id, id)))
    .returning();
  return row;
}

export async function deleteSection(db: Db, customerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedSections)
    .where(and(eq(savedSections.customerId, customerId), eq(savedSections.id, id)))
    .returning({ id: savedSections.id });
  return rows.length > 0;
}
