import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import { inRange, type PeopleRange } from './audience-insights.repository';
import type { PurchaseSummary } from './purchase-history';

// A refresh's purchases in: each buyer's orders summed by the database (issue 31), one row per
// buyer rather than one per order. BG/NBD and Gamma-Gamma need only frequency, recency, age and
// the mean repeat value, and the descriptive figures only counts, sums and the first and last
// order; purchase-history.ts's historyFromSummary makes them into the same history as its
// historyOf. Every float sum runs in order of time (an ordered aggregate, which PostgreSQL
// also never splits over parallel workers), as historyOf adds, so the figures match to the bit.

/** The summaries of the buyers in a range of the account's people (by id), orders before `asOf`. */
export async function purchaseSummariesIn(db: Db, customerId: string, range: PeopleRange, asOf: Date): Promise<PurchaseSummary[]> {
  const result = await db.execute(sql`
    with orders as (
      select subscriber_id, occurred_at, value::float8 as value,
        floor(extract(epoch from occurred_at) / 86400)::int as day
      from person_events
      where customer_id = ${customerId}::uuid and name = 'order_placed' and occurred_at < ${asOf}
        and ${inRange(sql`subscriber_id`, range)}
    ),
    buyers as (
      select subscriber_id, count(*)::int as orders, count(value)::int as valued,
        coalesce(sum(value order by occurred_at), 0) as revenue,
        min(occurred_at) as first_at, max(occurred_at) as last_at,
        min(day) as first_day, max(day) as last_day, count(distinct day)::int as days
      from orders group by subscriber_id
    ),
    days as (
      select subscriber_id, day, sum(value order by occurred_at) as total from orders group by subscriber_id, day
    ),
    repeats as (
      select d.subscriber_id, sum(d.total order by d.day) as repeat_total, count(d.total)::int as repeat_days
      from days d join buyers b on b.subscriber_id = d.subscriber_id
      where d.day > b.first_day
      group by d.subscriber_id
    )
    select b.subscriber_id::text as subscriber_id, b.orders, b.valued, b.revenue, b.first_at, b.last_at,
      b.first_day, b.last_day, b.days, coalesce(r.repeat_total, 0) as repeat_total, coalesce(r.repeat_days, 0) as repeat_days
    from buyers b left join repeats r on r.subscriber_id = b.subscriber_id
    order by b.subscriber_id`);
  return rowsOf<{
    subscriber_id: string;
    orders: number;
    valued: number;
    revenue: number;
    first_at: Date | string;
    last_at: Date | string;
    first_day: number;
    last_day: number;
    days: number;
    repeat_total: number;
    repeat_days: number;
  }>(result).map((row) => ({
    subscriberId: row.subscriber_id,
    orders: Number(row.orders),
    valued: Number(row.valued),
    revenue: Number(row.revenue),
    firstOrderAt: new Date(row.first_at),
    lastOrderAt: new Date(row.last_at),
    firstDay: Number(row.first_day),
    lastDay: Number(row.last_day),
    days: Number(row.days),
    repeatTotal: Number(row.repeat_total),
    repeatDays: Number(row.repeat_days),
  }));
}
