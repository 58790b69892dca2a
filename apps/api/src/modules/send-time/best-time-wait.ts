import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import { bestHourSql, nextOccurrenceSql } from './best-time-sql';

/**
 * The automations' "wait until the person's best time": the next instant at or after `after` at
 * the person's best hour (the audience's when theirs is unknown), so never more than a day away;
 * null when the account has no send-time model yet (the run goes on at once).
 */
export async function nextBestTime(db: Db, customerId: string, subscriberId: string, after: Date): Promise<Date | null> {
  const hour = bestHourSql(sql`${subscriberId}::uuid`, sql`${customerId}::uuid`);
  const [row] = rowsOf<{ due: string | Date | null }>(await db.execute(sql`select ${nextOccurrenceSql(sql`${after.toISOString()}::timestamptz`, hour)} as due`));
  return row?.due ? new Date(row.due) : null;
}
