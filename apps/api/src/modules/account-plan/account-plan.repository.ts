import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/accounts';

/** When the customer's account was created: the start of its free trial. */
export async function readAccountCreatedAt(db: Db, customerId: string): Promise<Date | undefined> {
  const [row] = await db.select({ createdAt: customers.createdAt }).from(customers).where(eq(customers.id, customerId)).limit(1);
  return row?.createdAt;
}
