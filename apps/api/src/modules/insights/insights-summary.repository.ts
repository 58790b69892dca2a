import type { InsightsMonth, InsightsPerson, RfmCell, RfmGroupTotal } from '@postlark/shared/insights-dashboard';
import type { PurchaseInsights, RfmGroup } from '@postlark/shared/insights';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';

// The Insights page's reads: the account's orders by month from the one stream (person_events),
// and sums over the figures the last refresh stored per person (subscriber_insights). Every read
// is filtered on the customer, and people are joined to the customer's own subscribers.

const ORDERS = sql`name = 'order_placed'`;
// A person's stored figures as numbers (a JSON null reads as SQL null).
const figure = (name: string) => sql`(si.purchases ->> ${sql.raw(`'${name}'`)})::float8`;
const HAS_RFM = sql`jsonb_typeof(si.purchases -> 'rfm') = 'object'`;

export async function hasOrders(db: Db, customerId: string): Promise<boolean> {
  const result = await db.execute(sql`
    select exists (select 1 from person_events where customer_id = ${customerId}::uuid and ${ORDERS}) as found`);
  return Boolean(rowsOf<{ found: boolean }>(result)[0]?.found);
}

export interface MonthRow extends InsightsMonth {
  /** Orders that carried a value (the average order value's denominator). */
  valued: number;
}

/** Orders, revenue and buyers per calendar month (UTC) before `asOf`, oldest first; months without orders are left out. */
export async function ordersByMonth(db: Db, customerId: string, asOf: Date): Promise<MonthRow[]> {
  const result = await db.execute(sql`
    select to_char(date_trunc('month', occurred_at at time zone 'UTC'), 'YYYY-MM') as month,
      count(*)::int as orders, count(value)::int as valued, coalesce(sum(value), 0)::float8 as revenue,
      count(distinct subscriber_id)::int as customers
    from person_events
    where customer_id = ${customerId}::uuid and ${ORDERS} and occurred_at < ${asOf}
    group by 1 order by 1`);
  return rowsOf<MonthRow>(result).map((row) => ({ ...row, revenue: Number(row.revenue) }));
}

/** The currencies orders came in, most used first (at most two: the first, and whether there are others). */
export async function orderCurrencies(db: Db, customerId: string, asOf: Date): Promise<string[]> {
  const result = await db.execute(sql`
    select currency from person_events
    where customer_id = ${customerId}::uuid and ${ORDERS} and occurred_at < ${asOf} and currency is not null
    group by currency order by count(*) desc, currency limit 2`);
  return rowsOf<{ currency: string }>(result).map((row) => row.currency);
}

export interface PeopleTotals {
  customers: number;
  repeatCustomers: number;
  expectedOrders365: number | null;
  predictedValue365: number | null;
}

const STORED = (customerId: string) => sql`si.customer_id = ${customerId}::uuid and si.purchases is not null`;

export async function peopleTotals(db: Db, customerId: string): Promise<PeopleTotals> {
  const result = await db.execute(sql`
    select count(*)::int as customers,
      count(*) filter (where ${figure('orders')} > 1)::int as repeat_customers,
      sum(${figure('expected_orders_365d')})::float8 as expected,
      sum(${figure('predicted_value_365d')})::float8 as predicted
    from subscriber_insights si where ${STORED(customerId)}`);
  const [row] = rowsOf<{ customers: number; repeat_customers: number; expected: number | null; predicted: number | null }>(result);
  const number = (value: number | null | undefined) => (value === null || value === undefined ? null : Number(value));
  return {
    customers: row?.customers ?? 0,
    repeatCustomers: row?.repeat_customers ?? 0,
    expectedOrders365: number(row?.expected),
    predictedValue365: number(row?.predicted),
  };
}

/** Customers and revenue in each recency × frequency cell with anyone in it. */
export async function rfmCells(db: Db, customerId: string): Promise<RfmCell[]> {
  const result = await db.execute(sql`
    select (si.purchases -> 'rfm' ->> 'recency')::int as recency, (si.purchases -> 'rfm' ->> 'frequency')::int as frequency,
      min(si.purchases -> 'rfm' ->> 'group') as "group",
      count(*)::int as customers, coalesce(sum(${figure('revenue')}), 0)::float8 as revenue
    from subscriber_insights si where ${STORED(customerId)} and ${HAS_RFM}
    group by 1, 2 order by 1, 2`);
  return rowsOf<RfmCell>(result).map((row) => ({ ...row, revenue: Number(row.revenue) }));
}

export async function rfmGroupTotals(db: Db, customerId: string): Promise<RfmGroupTotal[]> {
  const result = await db.execute(sql`
    select si.purchases -> 'rfm' ->> 'group' as "group", count(*)::int as customers, coalesce(sum(${figure('revenue')}), 0)::float8 as revenue
    from subscriber_insights si where ${STORED(customerId)} and ${HAS_RFM}
    group by 1`);
  return rowsOf<RfmGroupTotal>(result).map((row) => ({ ...row, revenue: Number(row.revenue) }));
}

export interface ValueSpread {
  people: number;
  /** The 98th percentile: the histogram's scale, so one whale does not squash every other bar. */
  high: number | null;
}

export async function predictedValueSpread(db: Db, customerId: string): Promise<ValueSpread> {
  const result = await db.execute(sql`
    select count(*)::int as people, percentile_cont(0.98) within group (order by ${figure('predicted_value_365d')})::float8 as high
    from subscriber_insights si where ${STORED(customerId)} and ${figure('predicted_value_365d')} is not null`);
  const [row] = rowsOf<{ people: number; high: number | null }>(result);
  return { people: row?.people ?? 0, high: row?.high === null || row?.high === undefined ? null : Number(row.high) };
}

/** People per bin of predicted 365-day value, `width` wide from 0, the last bin open-ended. */
export async function predictedValueBins(db: Db, customerId: string, width: number, bins: number): Promise<Map<number, number>> {
  const value = figure('predicted_value_365d');
  const result = await db.execute(sql`
    select least(greatest(floor(${value} / ${width}::float8), 0), ${bins - 1})::int as bin, count(*)::int as customers
    from subscriber_insights si where ${STORED(customerId)} and ${value} is not null
    group by 1`);
  return new Map(rowsOf<{ bin: number; customers: number }>(result).map((row) => [row.bin, row.customers]));
}

export type PeopleOrder = 'top' | 'churn' | 'at_risk_group';

const PEOPLE_FILTERS: Record<PeopleOrder, { where: SQL; orderBy: SQL }> = {
  top: { where: sql`true`, orderBy: sql`${figure('revenue')} desc` },
  // Valuable (the top two fifths by spend) and more likely gone than not, the likeliest first.
  churn: {
    where: sql`${HAS_RFM} and (si.purchases -> 'rfm' ->> 'monetary')::int >= 4 and ${figure('churn_risk')} >= 0.5`,
    orderBy: sql`${figure('churn_risk')} desc, ${figure('revenue')} desc`,
  },
  // Without predictions: RFM's "At risk" group (bought often, not lately), the biggest spenders first.
  at_risk_group: { where: sql`${HAS_RFM} and si.purchases -> 'rfm' ->> 'group' = 'At risk'`, orderBy: sql`${figure('revenue')} desc` },
};

export async function peopleBy(db: Db, customerId: string, order: PeopleOrder, limit: number): Promise<InsightsPerson[]> {
  const { where, orderBy } = PEOPLE_FILTERS[order];
  const result = await db.execute(sql`
    select s.id::text as subscriber_id, s.email, si.purchases
    from subscriber_insights si join subscribers s on s.id = si.subscriber_id and s.customer_id = ${customerId}::uuid
    where ${STORED(customerId)} and ${where}
    order by ${orderBy}, s.email
    limit ${limit}`);
  return rowsOf<{ subscriber_id: string; email: string; purchases: PurchaseInsights }>(result).map(({ subscriber_id, email, purchases }) => ({
    subscriber_id,
    email,
    orders: purchases.orders ?? 0,
    revenue: purchases.revenue ?? 0,
    last_order_at: purchases.last_order_at,
    rfm_group: (purchases.rfm?.group ?? null) as RfmGroup | null,
    p_alive: purchases.p_alive,
    churn_risk: purchases.churn_risk,
    predicted_value_365d: purchases.predicted_value_365d,
  }));
}

/** The id of the account's latest refresh asked for, if any. */
export async function latestRefreshId(db: Db, customerId: string): Promise<string | undefined> {
  const result = await db.execute(sql`
    select id::text as id from insight_refreshes where customer_id = ${customerId}::uuid order by requested_at desc limit 1`);
  return rowsOf<{ id: string }>(result)[0]?.id;
}
