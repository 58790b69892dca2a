import {
  INSIGHTS_TABLE_SIZE,
  type InsightsHeadline,
  type InsightsSummary,
  VALUE_HISTOGRAM_BINS,
  type ValueBin,
} from '@postlark/shared/insights-dashboard';
import type { InsightsRefresh } from '@postlark/shared/insights';
import type { Db } from '../../db/client';
import { modelOf } from './insights.repository';
import { type InsightsDeps, type InsightsRequestDeps, refreshState, requestRefresh } from './insights.service';
import {
  hasOrders,
  latestRefreshId,
  type MonthRow,
  orderCurrencies,
  ordersByMonth,
  peopleBy,
  peopleTotals,
  predictedValueBins,
  predictedValueSpread,
  rfmCells,
  rfmGroupTotals,
} from './insights-summary.repository';

// The Insights page's summary: what the last refresh stored, added up for the account, beside its
// orders by month as of the same time. Read in one snapshot, so a refresh storing people meanwhile
// never shows half of its figures.

const ONE_SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/**
 * A round bin width (1, 2 or 5 × a power of ten, at least 1) that spreads values up to `high`
 * over about `bins` - 1 bins, leaving the last one for everyone above.
 */
export function histogramWidth(high: number, bins = VALUE_HISTOGRAM_BINS): number {
  if (!(high > 0)) return 1;
  const raw = high / (bins - 1);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const factor = [1, 2, 5, 10].find((step) => step * magnitude >= raw) ?? 10;
  return Math.max(1, factor * magnitude);
}

/** The bins from 0 up, each `width` wide, the last open-ended, with the people counted in each. */
export function valueBins(width: number, counts: ReadonlyMap<number, number>, bins = VALUE_HISTOGRAM_BINS): ValueBin[] {
  return Array.from({ length: bins }, (_, index) => ({
    from: index * width,
    to: index === bins - 1 ? null : (index + 1) * width,
    customers: counts.get(index) ?? 0,
  }));
}

function headlineOf(months: readonly MonthRow[], totals: Awaited<ReturnType<typeof peopleTotals>>): InsightsHeadline {
  const orders = months.reduce((sum, month) => sum + month.orders, 0);
  const valued = months.reduce((sum, month) => sum + month.valued, 0);
  const revenue = months.reduce((sum, month) => sum + month.revenue, 0);
  return {
    customers: totals.customers,
    orders,
    revenue: Math.round(revenue * 100) / 100,
    repeat_rate: totals.customers > 0 ? totals.repeatCustomers / totals.customers : null,
    average_order_value: valued > 0 ? revenue / valued : null,
    expected_orders_365d: totals.expectedOrders365,
    predicted_value_365d: totals.predictedValue365,
  };
}

async function latestRefresh(deps: InsightsDeps, customerId: string): Promise<InsightsRefresh | null> {
  const id = await latestRefreshId(deps.db, customerId);
  return id ? refreshState(deps, customerId, id) : null;
}

async function storedFigures(db: Db, customerId: string, asOf: Date) {
  const [months, currencies, totals, cells, groups, spread] = [
    await ordersByMonth(db, customerId, asOf),
    await orderCurrencies(db, customerId, asOf),
    await peopleTotals(db, customerId),
    await rfmCells(db, customerId),
    await rfmGroupTotals(db, customerId),
    await predictedValueSpread(db, customerId),
  ];
  let distribution: ValueBin[] | null = null;
  if (spread.people > 0 && spread.high !== null) {
    const width = histogramWidth(spread.high);
    distribution = valueBins(width, await predictedValueBins(db, customerId, width, VALUE_HISTOGRAM_BINS));
  }
  const predicted = spread.people > 0;
  return {
    months,
    currencies,
    headline: headlineOf(months, totals),
    rfm: cells.length > 0 ? { cells, groups } : null,
    distribution,
    atRisk: await peopleBy(db, customerId, predicted ? 'churn' : 'at_risk_group', INSIGHTS_TABLE_SIZE),
    top: await peopleBy(db, customerId, 'top', INSIGHTS_TABLE_SIZE),
  };
}

/** GET /api/insights/v1/summary: the account's purchase insights as of its last refresh. */
export async function insightsSummary(deps: InsightsDeps, customerId: string): Promise<InsightsSummary> {
  const refresh = await latestRefresh(deps, customerId);
  const model = await modelOf(deps.db, customerId);
  const empty = { as_of: null, fitted_at: null, currency: null, mixed_currencies: false, headline: null, months: [], rfm: null, value_distribution: null, at_risk: [], top_customers: [], model: null, refresh };
  if (!model) return { ...empty, state: (await hasOrders(deps.db, customerId)) ? 'not_computed' : 'no_orders' };

  const figures = await deps.db.transaction((tx) => storedFigures(tx, customerId, new Date(model.as_of)), ONE_SNAPSHOT);
  return {
    state: 'computed',
    as_of: model.as_of,
    fitted_at: model.fitted_at,
    currency: figures.currencies[0] ?? null,
    mixed_currencies: figures.currencies.length > 1,
    headline: figures.headline,
    months: figures.months.map(({ month, orders, revenue, customers }) => ({ month, orders, revenue, customers })),
    rfm: figures.rfm,
    value_distribution: figures.distribution,
    at_risk: figures.atRisk,
    top_customers: figures.top,
    model,
    refresh,
  };
}

/** POST /api/insights/v1/refreshes: the page's "Refresh now", as of now (backtests are the API's). */
export function requestDashboardRefresh(deps: InsightsRequestDeps, customerId: string): Promise<InsightsRefresh> {
  return requestRefresh(deps, customerId, {}, 'api');
}
