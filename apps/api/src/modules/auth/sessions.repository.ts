import { and, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, sessions } from '../../db/schema/accounts';

export async function insertSession(
  db: Db,
  session: { customerId: string; tokenHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values({
    customerId: session.customerId,
    tokenHash: session.tokenHash,
    createdAt: session.now,
    expiresAt: session.expiresAt,
  });
}

export interface SessionOwner {
  customerId: string;
  email: string;
  firstName: string;
}

/** The customer a live session belongs to. */
export async function findSessionOwner(db: Db, tokenHash: string, now: Date): Promise<SessionOwner | undefined> {
  const [owner] = await db
    .select({ customerId: customers.id, email: customers.email, firstName: customers.firstName })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  return owner;
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteCustomerSessions(db: Db, customerId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.customerId, customerId));
}

/** Ends every session of the customer but the one making the request. */
export async function deleteOtherSessions(db: Db, customerId: string, keepTokenHash: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.customerId, customerId), ne(sessions.tokenHash, keepTokenHash)));
}
