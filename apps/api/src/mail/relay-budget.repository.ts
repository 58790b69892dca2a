import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/results';

// The relay budgets' token buckets (relay_budgets): refilled from the time elapsed since the row
// was last touched, so nobody has to tick them. The rate and the capacity are the callers'
// settings, not stored: every process is started with the same CAMPAIGN_SEND_RATE.

export interface BucketShape {
  relay: string;
  /** Tokens a second at full speed; half of it while the row's slow_until lies ahead. */
  ratePerSecond: number;
  /** The most tokens the bucket holds (the largest burst). */
  capacity: number;
  /** The clock: a given instant (tests), or the database's own (every process reads the same one). */
  at?: Date;
}

const clock = (at: Date | undefined): SQL => (at ? sql`${at.toISOString()}::timestamptz` : sql`clock_timestamp()`);

/**
 * The row's tokens brought up to `now`: full rate for the time since refilled_at, half of it for
 * the part of that time before slow_until; never above the capacity. `b` is the row, `i.now` the instant.
 */
function refilled(shape: BucketShape): SQL {
  const rate = sql`${shape.ratePerSecond}::float8`;
  const elapsed = sql`greatest(0, extract(epoch from (i.now - b.refilled_at))::float8)`;
  const slowed = sql`greatest(0, extract(epoch from (least(i.now, coalesce(b.slow_until, b.refilled_at)) - b.refilled_at))::float8)`;
  return sql`least(${shape.capacity}::float8, b.tokens + ${rate} * (${elapsed} - 0.5 * ${slowed}))`;
}

/** Makes the relay's row, full, unless it is there already (any number of processes may ask at once). */
export async function ensureBucket(db: Db, shape: BucketShape): Promise<void> {
  await db.execute(sql`insert into relay_budgets (relay, tokens, refilled_at) values (${shape.relay}, ${shape.capacity}::float8, ${clock(shape.at)})
    on conflict (relay) do nothing`);
}

export interface Taken {
  granted: number;
  /** Tokens left in the bucket after the grant (under one when fewer than wanted were granted). */
  left: number;
  /** The rate it refills at now (halved while slowed down). */
  ratePerSecond: number;
}

/**
 * Takes up to `wanted` whole tokens in one statement: the row is locked as it is read (a second
 * process's take waits, then reads what the first left), refilled, debited and written back.
 * Undefined when the row is missing.
 */
export async function takeTokens(db: Db, shape: BucketShape, wanted: number): Promise<Taken | undefined> {
  const rate = sql`${shape.ratePerSecond}::float8`;
  const result = await db.execute(sql`
    with i as (select ${clock(shape.at)} as now),
    current as (
      select b.relay, i.now, ${refilled(shape)} as available,
        case when b.slow_until > i.now then ${rate} / 2 else ${rate} end as pace
      from relay_budgets b, i where b.relay = ${shape.relay}
      for update of b
    ),
    grant_ as (select relay, now, available, pace, least(${wanted}::float8, greatest(0, floor(available))) as taken from current)
    update relay_budgets b set tokens = g.available - g.taken, refilled_at = greatest(b.refilled_at, g.now)
    from grant_ g where b.relay = g.relay
    returning g.taken as granted, g.available - g.taken as "left", g.pace as "ratePerSecond"`);
  const [row] = rowsOf<{ granted: number | string; left: number | string; ratePerSecond: number | string }>(result);
  return row && { granted: Number(row.granted), left: Number(row.left), ratePerSecond: Number(row.ratePerSecond) };
}

/**
 * A relay's throttling answer: the bucket is emptied (what was saved up is not spent into a relay
 * that just said "slower") and refills at half the rate until `seconds` from now.
 */
export async function slowBucket(db: Db, shape: BucketShape, seconds: number): Promise<void> {
  await db.execute(sql`
    with i as (select ${clock(shape.at)} as now)
    update relay_budgets b set tokens = 0, refilled_at = greatest(b.refilled_at, i.now),
      slow_until = greatest(coalesce(b.slow_until, i.now), i.now + make_interval(secs => ${seconds}::float8))
    from i where b.relay = ${shape.relay}`);
}

/** The row as stored, for tests and the bench. */
export async function bucketRow(db: Db, relay: string): Promise<{ tokens: number; refilledAt: Date; slowUntil: Date | null } | undefined> {
  const result = await db.execute(sql`select tokens, refilled_at as "refilledAt", slow_until as "slowUntil" from relay_budgets where relay = ${relay}`);
  const [row] = rowsOf<{ tokens: number | string; refilledAt: Date | string; slowUntil: Date | string | null }>(result);
  return row && { tokens: Number(row.tokens), refilledAt: new Date(row.refilledAt), slowUntil: row.slowUntil === null ? null : new Date(row.slowUntil) };
}
