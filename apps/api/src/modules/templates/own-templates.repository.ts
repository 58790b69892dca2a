import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { ownTemplates } from '../../db/schema/templates';

export type OwnTemplateRow = typeof ownTemplates.$inferSelect;

/** The account's templates, oldest first: the order they were saved in stays put in the picker. */
export async function listOwnTemplates(db: Db, customerId: string): Promise<OwnTemplateRow[]> {
  return db.select().from(ownTemplates).where(eq(ownTemplates.customerId, customerId)).orderBy(asc(ownTemplates.createdAt), asc(ownTemplates.id));
}

/**
 * Adds a template unless the account has `cap` already: 'too-many' then. The customer's row is
 * held until the end, so two saves at once are counted one after the other.
 */
export async function insertOwnTemplate(db: Db, values: typeof ownTemplates.$inferInsert, cap: number): Promise<OwnTemplateRow | 'too-many'> {
  return db.transaction(async (tx) => {
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, values.customerId)).for('update');
    const [held] = await tx.select({ total: count() }).from(ownTemplates).where(eq(ownTemplates.customerId, values.customerId));
    if ((held?.total ?? 0) >= cap) return 'too-many';
    const [row] = await tx.insert(ownTemplates).values(values).returning();
    return row!;
  });
}

export async function updateOwnTemplate(db: Db, customerId: string, id: string, values: { name?: string; description?: string; updatedAt: Date }): Promise<OwnTemplateRow | undefined> {
  const [row] = await db
    .update(ownTemplates)
    .set(values)
    .where(and(eq(ownTemplates.customerId, customerId), eq(ownTemplates.id, id)))
    .returning();
  return row;
}

export async function deleteOwnTemplate(db: Db, customerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(ownTemplates)
    .where(and(eq(ownTemplates.customerId, customerId), eq(ownTemplates.id, id)))
    .returning({ id: ownTemplates.id });
  return rows.length > 0;
}
