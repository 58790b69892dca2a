import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { seedLists } from '../../db/schema/senders';

// SQL for seed lists. Every read and change is scoped to the owner's id.

export type SeedListRow = typeof seedLists.$inferSelect;

export async function listSeedLists(db: Db, customerId: string): Promise<SeedListRow[]> {
  return db.select().from(seedLists).where(eq(seedLists.customerId, customerId)).orderBy(asc(sql`lower(${seedLists.name})`), asc(seedLists.createdAt));
}

export async function findSeedList(db: Db, customerId: string, id: string): Promise<SeedListRow | undefined> {
  const [row] = await db
    .select()
    .from(seedLists)
    .where(and(eq(seedLists.customerId, customerId), eq(seedLists.id, id)));
  return row;
}

/**
 * Adds a list unless the account has `cap` already: 'too-many' then. The customer's row is held
 * until the end, so two saves at once are counted one after the other. Throws a unique violation
 * when the account has a list of this name, whatever its case.
 */
export async function insertSeedList(db: Db, values: typeof seedLists.$inferInsert, cap: number): Promise<SeedListRow | 'too-many'> {
  return db.transaction(async (tx) => {
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, values.customerId)).for('update');
    const [held] = await tx.select({ total: count() }).from(seedLists).where(eq(seedLists.customerId, values.customerId));
    if ((held?.total ?? 0) >= cap) return 'too-many';
    const [row] = await tx.insert(seedLists).values(values).returning();
    return row!;
  });
}

export async function updateSeedList(
  db: Db,
  customerId: string,
  id: string,
  values: { name?: string; emails?: string[]; updatedAt: Date },
): Promise<SeedListRow | undefined> {
  const [row] = await db
    .update(seedLists)
    .set(values)
    .where(and(eq(seedLists.customerId, customerId), eq(seedLists.id, id)))
    .returning();
  return row;
}

export async function deleteSeedList(db: Db, customerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(seedLists)
    .where(and(eq(seedLists.customerId, customerId), eq(seedLists.id, id)))
    .returning({ id: seedLists.id });
  return rows.length > 0;
}
