import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signInFailures } from '../../db/schema/accounts';

/** How a key's failures turn into a wait: free failures, then a doubling delay up to a cap. */
export interface WaitRule {
  freeFailures: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
}

/**
 * Counts one attempt for the key before its password is checked, unless the key is waiting:
 * answers false (nothing counted) when it is. One statement: on PostgreSQL the upsert locks the
 * key's row and reads its latest version, so of N parallel attempts only those that find the key
 * free are counted and go on to be checked; the attempt that reaches the free failures sets the
 * wait the next ones find. Failures older than `windowStart` no longer count.
 */
export async function countAttempt(db: Db, key: string, now: Date, windowStart: Date, rule: WaitRule): Promise<boolean> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const count = sql`(case when ${signInFailures.lastFailureAt} < ${windowStart.toISOString()}::timestamptz then 1 else ${signInFailures.failures} + 1 end)`;
  const waitAfter = (failures: SQL) =>
    sql`case when ${failures} >= ${rule.freeFailures} then ${at} + make_interval(secs => least(${rule.maxDelaySeconds}, ${rule.firstDelaySeconds} * power(2, ${failures} - ${rule.freeFailures}))) end`;
  const rows = await db
    .insert(signInFailures)
    .values({ key, failures: 1, lastFailureAt: now, blockedUntil: sql`${waitAfter(sql`1`)}` })
    .onConflictDoUpdate({
      target: signInFailures.key,
      set: { failures: count, lastFailureAt: now, blockedUntil: waitAfter(count) },
      setWhere: sql`${signInFailures.blockedUntil} is null or ${signInFailures.blockedUntil} <= ${at}`,
    })
    .returning({ failures: signInFailures.failures });
  return rows.length > 0;
}

/**
 * Takes back an attempt counted by countAttempt that turned out not to be a failure (the password
 * was right, or another key made it wait). The wait it set goes too while the count is back under
 * the free failures.
 */
export async function uncountAttempt(db: Db, key: string, rule: WaitRule): Promise<void> {
  await db
    .update(signInFailures)
    .set({
      failures: sql`greatest(${signInFailures.failures} - 1, 0)`,
      blockedUntil: sql`case when ${signInFailures.failures} - 1 < ${rule.freeFailures} then null else ${signInFailures.blockedUntil} end`,
    })
    .where(eq(signInFailures.key, key));
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

/** Keys whose last failure is older than `forgottenBefore` and that wait no longer: they count for nothing. */
export async function dropForgottenFailures(db: Db, forgottenBefore: Date, now: Date): Promise<number> {
  const rows = await db
    .delete(signInFailures)
    .where(sql`${signInFailures.lastFailureAt} < ${forgottenBefore.toISOString()}::timestamptz
      and (${signInFailures.blockedUntil} is null or ${signInFailures.blockedUntil} <= ${now.toISOString()}::timestamptz)`)
    .returning({ key: signInFailures.key });
  return rows.length;
}
