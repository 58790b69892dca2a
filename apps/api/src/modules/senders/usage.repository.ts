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
  const { amount, limit, windowMs, now } = request;
  return db.transaction(async (tx) => {
    const rows = await lockedUsage(tx, request);
    const used = rows.reduce((sum, row) => sum + Number(row.amount), 0);
    if (used + amount > limit) {
      return { granted: false as const, left: Math.max(0, limit - used), retryAfterSeconds: secondsUntilFree(rows, used, amount, limit, windowMs, now) };
    }
    if (amount > 0) await recordUsage(tx, request, amount);
    return { granted: true as const, value: await then(tx) };
  });
}

/**
 * As reserveUsage, for a caller that takes what is left of the window, up to what it needs (the
 * flow engine's batch of emails): `then` is told how many units are free and how long until one
 * more would be after taking some, and answers how many it took, recorded in the same transaction.
 */
export async function reserveUsageUpTo<T>(
  db: Db,
  request: Omit<UsageRequest, 'amount'>,
  then: (tx: Db, free: number, retryAfterSeconds: (taken: number) => number) => Promise<{ taken: number; value: T }>,
): Promise<T> {
  const { limit, windowMs, now } = request;
  return db.transaction(async (tx) => {
    const rows = await lockedUsage(tx, request);
    const used = rows.reduce((sum, row) => sum + Number(row.amount), 0);
    const retryAfter = (taken: number) => secondsUntilFree([...rows, { amount: taken, at: now }], used + taken, 1, limit, windowMs, now);
    const { taken, value } = await then(tx, Math.max(0, limit - used), retryAfter);
    if (taken > 0) await recordUsage(tx, request, taken);
    return value;
  });
}

type UsageRow = { amount: number; at: string | Date };

/** The account's usage in the window, its customers row locked first (see reserveUsage). */
async function lockedUsage(tx: Db, request: Omit<UsageRequest, 'amount'>): Promise<UsageRow[]> {
  const { customerId, kind, windowMs, now } = request;
  const since = new Date(now.getTime() - windowMs).toISOString();
  await tx.execute(sql`select 1 from customers where id = ${customerId}::uuid for update`);
  return rowsOf<UsageRow>(
    await tx.execute(sql`select amount, at from account_usage where customer_id = ${customerId}::uuid and kind = ${kind} and at > ${since}::timestamptz order by at, id`),
  );
}

async function recordUsage(tx: Db, request: Omit<UsageRequest, 'amount'>, amount: number): Promise<void> {
  await tx.execute(sql`insert into account_usage (customer_id, kind, amount, at) values (${request.customerId}::uuid, ${request.kind}, ${amount}, ${request.now.toISOString()}::timestamptz)`);
}

/** The wait until enough of what was used leaves the window for `amount` more (the whole window when it never can). */
function secondsUntilFree(rows: readonly UsageRow[], used: number, amount: number, limit: number, windowMs: number, now: Date): number {
  let freed = 0;
  let retryAt = now.getTime() + windowMs;
  for (const row of rows) {
    freed += Number(row.amount);
    if (used - freed + amount <= limit) {
      retryAt = new Date(row.at).getTime() + windowMs;
      break;
    }
  }
  return Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000));
}

/** Drops usage that has left every quota's window (the longest, a day): it counts for nothing. */
export async function dropUsageBefore(db: Db, before: Date): Promise<number> {
  const rows = rowsOf<{ id: number }>(await db.execute(sql`delete from account_usage where at <= ${before.toISOString()}::timestamptz returning id`));
  return rows.length;
}
