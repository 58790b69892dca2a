import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signInFailures } from '../../db/schema/accounts';

/**
 * Counts one more failure for the key and returns the new count. Failures older than `windowStart`
 * no longer count: the count starts again at 1.
 */
export async function countFailure(db: Db, key: string, now: Date, windowStart: Date): Promise<number> {
  const [row] = await db
    .insert(signInFailures)
    .values({ key, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: signInFailures.key,
      set: {
        failures: sql`case when ${signInFailures.lastFailureAt} < ${windowStart.toISOString()}::timestamptz then 1 else ${signInFailures.failures} + 1 end`,
        lastFailureAt: now,
      },
    })
    .returning({ failures: signInFailures.failures });
  return row?.failures ?? 1;
}

export async function blockUntil(db: Db, key: string, until: Date): Promise<void> {
  await db.update(signInFailures).set({ blockedUntil: until }).where(eq(signInFailures.key, key));
}

/** The latest block among the keys, if any. */
export async function latestBlock(db: Db, keys: string[]): Promise<Date | undefined> {
  const rows = await db
    .select({ blockedUntil: signInFailures.blockedUntil })
    .from(signInFailures)
    .where(inArray(signInFailures.key, keys));
  const times = rows.map((row) => row.blockedUntil?.getTime() ?? 0);
  const latest = Math.max(0, ...times);
  return latest > 0 ? new Date(latest) : undefined;
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.key, key));
}
