import { and, eq, gt, lt, ne, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, sessions } from '../../db/schema/accounts';

export async function insertSession(
  db: Db,
  session: { customerId: string; tokenHash: string; now: Date; expiresAt: Date; idleSeconds: number },
): Promise<void> {
  await db.insert(sessions).values({
    customerId: session.customerId,
    tokenHash: session.tokenHash,
    createdAt: session.now,
    expiresAt: session.expiresAt,
    lastSeenAt: session.now,
    idleSeconds: session.idleSeconds,
  });
}

export interface SessionOwner {
  customerId: string;
  email: string;
  firstName: string;
}

/** A session neither past its life nor left unused for longer than its idle timeout. */
export function liveSession(now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  return and(gt(sessions.expiresAt, now), sql`${sessions.lastSeenAt} + ${sessions.idleSeconds} * interval '1 second' > ${at}`)!;
}

/** The customer a live session belongs to, and when the session was last seen in use. */
export async function findSessionOwner(db: Db, tokenHash: string, now: Date): Promise<(SessionOwner & { lastSeenAt: Date }) | undefined> {
  const [owner] = await db
    .select({ customerId: customers.id, email: customers.email, firstName: customers.firstName, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(and(eq(sessions.tokenHash, tokenHash), liveSession(now)))
    .limit(1);
  return owner;
}

/** The session is in use now: its idle timeout starts again. */
export async function touchSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.tokenHash, tokenHash), lt(sessions.lastSeenAt, now)));
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteCustomerSessions(db: Db, customerId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.customerId, customerId));
}

/** Sessions past their life or their idle timeout: nothing signs in with them again. Answers how many went. */
export async function dropEndedSessions(db: Db, now: Date): Promise<number> {
  const rows = await db.delete(sessions).where(not(liveSession(now))).returning({ id: sessions.id });
  return rows.length;
}

/** Ends every session of the customer but the one making the request. */
export async function deleteOtherSessions(db: Db, customerId: string, keepTokenHash: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.customerId, customerId), ne(sessions.tokenHash, keepTokenHash)));
}
