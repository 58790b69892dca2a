import type { InsightsRefresh, PurchaseModel, RfmGroup } from './insights';

// Issue 19 section 3: the dashboard's Insights page (/dashboard/insights) reads one summary of the
// account's purchase insights as of its last refresh, and asks for a refresh with progress.
// Session-authenticated: GET /api/insights/v1/summary, POST /api/insights/v1/refreshes,
// GET /api/insights/v1/refreshes/{id}.

/** People listed in each of the page's tables (at risk, top customers). */
export const INSIGHTS_TABLE_SIZE = 10;
/** Bars of the predicted-value histogram (the last one holds everyone above the others). */
export const VALUE_HISTOGRAM_BINS = 12;
/** Months the revenue chart shows, counting back from the as-of month. */
export const INSIGHTS_MONTHS = 24;

/**
 * `no_orders`: no order_placed event has arrived yet; `not_computed`: orders exist but no refresh
 * has finished; `computed`: the figures below are as of `as_of`.
 */
export const INSIGHTS_STATES = ['no_orders', 'not_computed', 'computed'] as const;
export type InsightsState = (typeof INSIGHTS_STATES)[number];

export interface InsightsHeadline {
  /** People with at least one order before as_of. */
  customers: number;
  orders: number;
  revenue: number;
  /** Share of customers with more than one order. */
  repeat_rate: number | null;
  /** Revenue over the orders that carried a value. */
  average_order_value: number | null;
  /** Sums over every customer of the BG/NBD and Gamma-Gamma predictions; null until fitted. */
  expected_orders_365d: number | null;
  predicted_value_365d: number | null;
}

export interface InsightsMonth {
  /** "2026-11" (UTC). */
  month: string;
  orders: number;
  revenue: number;
  customers: number;
}

export interface RfmCell {
  recency: number;
  frequency: number;
  customers: number;
  revenue: number;
  /** The group the cell's people are in (null for an empty cell the page fills in). */
  group: RfmGroup | null;
}

export interface RfmGroupTotal {
  group: RfmGroup;
  customers: number;
  revenue: number;
}

export interface ValueBin {
  from: number;
  /** null on the last bin: everyone at or above `from`. */
  to: number | null;
  customers: number;
}

export interface InsightsPerson {
  subscriber_id: string;
  email: string;
  orders: number;
  revenue: number;
  last_order_at: string | null;
  rfm_group: RfmGroup | null;
  p_alive: number | null;
  churn_risk: number | null;
  predicted_value_365d: number | null;
}

export interface InsightsSummary {
  state: InsightsState;
  as_of: string | null;
  fitted_at: string | null;
  /** The currency most orders were in (values are added as they are); null without values. */
  currency: string | null;
  /** Whether orders came in more than one currency. */
  mixed_currencies: boolean;
  headline: InsightsHeadline | null;
  months: InsightsMonth[];
  rfm: { cells: RfmCell[]; groups: RfmGroupTotal[] } | null;
  value_distribution: ValueBin[] | null;
  at_risk: InsightsPerson[];
  top_customers: InsightsPerson[];
  model: PurchaseModel | null;
  /** The latest refresh asked for (pending, or the last one finished or failed). */
  refresh: InsightsRefresh | null;
}

export const INSIGHTS_DASHBOARD_MESSAGES = {
  refreshQueued: 'Refreshing your purchase insights.',
  refreshDone: 'Purchase insights are up to date.',
} as const;
