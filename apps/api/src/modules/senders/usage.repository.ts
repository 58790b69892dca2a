import { sql } from 'drizzle-orm';
import type { UsageKind } from '@postlark/shared/senders';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';

export interface UsageRequest {
  customerId: string;
  kind: UsageKind;
  amount: number;
  limit: number;
  windowMs: number;
  now: Date;
}

export type Reservation<T> = { granted: true; value: T } | { granted: false; left: number; retryAfterSeconds: number };

/**
 * Takes `amount` of an account's quota for `kind` over a sliding window, and runs `then` in the
 * same transaction (its failure gives the amount back). The account's customers row is locked
 * first, so two processes reserving for one account at once take turns: no check-then-act race
 * lets both through on the last units. Rows that left the window count for nothing; the hourly
 * clean-up drops them (purgeSpentUsage).
 */
export async function reserveUsage<T>(db: Db, request: UsageRequest, then: (tx: Db) => Promise<T>): Promise<Reservation<T>> {
  const { customerId, kind, amount, limit, windowMs, now } = request;
  const since = new Date(now.getTime() - windowMs).toISOString();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from customers where id = ${customerId}::uuid for update`);
    const rows = rowsOf<{ amount: number; at: string | Date }>(
      await tx.execute(sql`select amount, at from account_usage where customer_id = ${customerId}::uuid and kind = ${kind} and at > ${since}::timestamptz order by at, id`),
    );
    const used = rows.reduce((sum, row) => sum + Number(row.amount), 0);
    if (used + amount > limit) {
      // The wait until enough of what was used leaves the window (the whole window when it never can).
      let freed = 0;
      let retryAt = now.getTime() + windowMs;
      for (const row of rows) {
        freed += Number(row.amount);
        if (used - freed + amount <= limit) {
          retryAt = new Date(row.at).getTime() + windowMs;
          break;
        }
      }
      return { granted: false as const, left: Math.max(0, limit - used), retryAfterSeconds: Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000)) };
    }
    if (amount > 0) {
      await tx.execute(sql`insert into account_usage (customer_id, kind, amount, at) values (${customerId}::uuid, ${kind}, ${amount}, ${now.toISOString()}::timestamptz)`);
    }
    return { granted: true as const, value: await then(tx) };
  });
}

/** Drops usage that has left every quota's window (the longest, a day): it counts for nothing. */
export async function dropUsageBefore(db: Db, before: Date): Promise<number> {
  const rows = rowsOf<{ id: number }>(await db.execute(sql`delete from account_usage where at <= ${before.toISOString()}::timestamptz returning id`));
  return rows.length;
}
