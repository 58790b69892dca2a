import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { customers } from '../../db/schema/accounts';

export type Customer = typeof customers.$inferSelect;
export type NewCustomer = typeof customers.$inferInsert;

export async function findCustomerByEmail(db: Db, email: string): Promise<Customer | undefined> {
  const [customer] = await db
    .select()
    .from(customers)
    .where(eq(sql`lower(${customers.email})`, email.toLowerCase()))
    .limit(1);
  return customer;
}

export async function findCustomerById(db: Db, id: string): Promise<Customer | undefined> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return customer;
}

/** Inserts the customer; undefined when the address already has an account (the unique index decides). */
export async function insertCustomer(db: Db, customer: NewCustomer): Promise<Customer | undefined> {
  const [created] = await db.insert(customers).values(customer).onConflictDoNothing().returning();
  return created;
}

export async function updatePassword(db: Db, customerId: string, passwordHash: string, now: Date): Promise<void> {
  await db.update(customers).set({ passwordHash, passwordChangedAt: now }).where(eq(customers.id, customerId));
}

/** Sets a new address; false when another account already has it (the unique index decides). */
export async function updateEmail(db: Db, customerId: string, email: string): Promise<boolean> {
  try {
    const updated = await db.update(customers).set({ email }).where(eq(customers.id, customerId)).returning({ id: customers.id });
    return updated.length > 0;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
