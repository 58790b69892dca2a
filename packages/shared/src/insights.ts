import * as z from 'zod/mini';

// Issue 19 section 3, purchase insights: a person's figures as GET /api/v1/subscribers/{id} gives
// them (`insights.purchases`), the rules below which a figure is withheld, and the texts that say
// what is missing. Defined once for the API, the web and the bench.

/** The least data each model needs before it shows a number (docs/decisions/006-purchase-insights.md). */
export const INSIGHT_MINIMUMS = {
  /** BG/NBD has four parameters; fewer buyers than this leave them undetermined. */
  customers: 100,
  /** Repeat buyers are what tell BG/NBD how people drop out and Gamma-Gamma how spend varies. */
  repeatCustomers: 20,
  /** Quintiles need at least five people to split. */
  rfmCustomers: 5,
} as const;

export const RFM_GROUPS = ['Champions', 'Loyal', 'At risk', 'Hibernating', 'New'] as const;
export type RfmGroup = (typeof RFM_GROUPS)[number];

export const INSIGHT_MESSAGES = {
  notComputed: 'Purchase insights have not been computed for this account yet: they refresh nightly, after new orders, or on request.',
  noOrders: 'No orders yet.',
  needCustomers: (have: number) =>
    `Predictions need at least ${INSIGHT_MINIMUMS.customers} customers with an order; you have ${have}.`,
  needRepeatCustomers: (have: number) =>
    `Predictions need at least ${INSIGHT_MINIMUMS.repeatCustomers} customers with a repeat order; you have ${have}.`,
  needValuedRepeatCustomers: (have: number) =>
    `Order values need at least ${INSIGHT_MINIMUMS.repeatCustomers} customers with a repeat order that has a value; you have ${have}.`,
  needRfmCustomers: (have: number) =>
    `RFM scores need at least ${INSIGHT_MINIMUMS.rfmCustomers} customers with an order; you have ${have}.`,
  fitFailed: 'The purchase model could not be fitted to this account’s orders, so no predictions are shown.',
  valueFitFailed: 'The order-value model could not be fitted to this account’s orders, so no predicted value is shown.',
  noOrderValues: 'None of this person’s orders carried a value.',
  refreshNotFound: 'This insights refresh does not exist.',
  refreshPending: (id: string) => `A refresh of this account’s insights is already under way (${id}); try again when it is done.`,
  asOfInvalid: 'as_of must be a date or date-time (ISO 8601) that is not in the future.',
  refreshFailed: 'The refresh failed; the previous insights stay in place.',
  refreshOutOfMemory: (heapMb: number) =>
    `The refresh needed more memory than the ${heapMb} MB its models may use, and stopped; the previous insights stay in place.`,
} as const;

const nullableNumber = z.nullable(z.number());
const nullableTimestamp = z.nullable(z.string());

export const rfmSchema = z.object({
  /** 1–5 by quintile of days since the last order (5: the most recent fifth). */
  recency: z.number(),
  /** 1–5 by quintile of order count. */
  frequency: z.number(),
  /** 1–5 by quintile of revenue. */
  monetary: z.number(),
  group: z.enum(RFM_GROUPS),
});

/** `insights.purchases` of a subscriber: nulls, and `note` saying why, where the data is too thin. */
export const purchaseInsightsSchema = z.object({
  orders: nullableNumber,
  revenue: nullableNumber,
  first_order_at: nullableTimestamp,
  last_order_at: nullableTimestamp,
  average_order_value: nullableNumber,
  rfm: z.nullable(rfmSchema),
  /** BG/NBD probability that the person still buys. */
  p_alive: nullableNumber,
  expected_orders_90d: nullableNumber,
  expected_orders_365d: nullableNumber,
  /** Expected orders in the next 365 days × the Gamma-Gamma expected order value (undiscounted). */
  predicted_value_365d: nullableNumber,
  /** 1 − p_alive. */
  churn_risk: nullableNumber,
  /** When the next order is as likely as not to have come; null when it more likely never comes. */
  next_order_expected_at: nullableTimestamp,
  note: z.nullable(z.string()),
});
export type PurchaseInsights = z.output<typeof purchaseInsightsSchema>;

/** A person with no order before the as-of time, in an account whose insights have been computed. */
export const PURCHASES_NONE: PurchaseInsights = {
  orders: 0,
  revenue: 0,
  first_order_at: null,
  last_order_at: null,
  average_order_value: null,
  rfm: null,
  p_alive: null,
  expected_orders_90d: null,
  expected_orders_365d: null,
  predicted_value_365d: null,
  churn_risk: null,
  next_order_expected_at: null,
  note: INSIGHT_MESSAGES.noOrders,
};

/** A person in an account whose insights have never been computed. */
export const PURCHASES_NOT_COMPUTED: PurchaseInsights = { ...PURCHASES_NONE, orders: null, revenue: null, note: INSIGHT_MESSAGES.notComputed };

// Issue 21: each person's best send time and engagement score (docs/decisions: send time and
// engagement), stored per person by the refresh and shown on the subscriber.

export const SEND_TIME_SOURCES = ['personal', 'audience'] as const;
export type SendTimeSource = (typeof SEND_TIME_SOURCES)[number];

/** `insights.best_send_time`: the hour (UTC, in quarter hours) and how many human signals it rests on. */
export const sendTimeInsightsSchema = z.object({
  /** [0, 24) in steps of 0.25. */
  hour_utc: z.number(),
  /** Human opens and clicks it rests on (machine opens never count). */
  signals: z.number(),
  source: z.enum(SEND_TIME_SOURCES),
});
export type SendTimeInsights = z.output<typeof sendTimeInsightsSchema>;

export const ENGAGEMENT_BANDS = ['highly_engaged', 'engaged', 'cooling', 'dormant'] as const;
export type EngagementBand = (typeof ENGAGEMENT_BANDS)[number];

export const ENGAGEMENT_BAND_LABELS: Record<EngagementBand, string> = {
  highly_engaged: 'Highly engaged',
  engaged: 'Engaged',
  cooling: 'Cooling',
  dormant: 'Dormant',
};

/**
 * The lowest score (probability of a human open or click of the next campaign) of each band;
 * below `cooling` a person is dormant. Bands are read from the top down.
 */
export const ENGAGEMENT_BAND_THRESHOLDS = { highly_engaged: 0.5, engaged: 0.2, cooling: 0.05 } as const;

/** The band of a score, by the thresholds above. */
export function engagementBandOf(score: number): EngagementBand {
  if (score >= ENGAGEMENT_BAND_THRESHOLDS.highly_engaged) return 'highly_engaged';
  if (score >= ENGAGEMENT_BAND_THRESHOLDS.engaged) return 'engaged';
  if (score >= ENGAGEMENT_BAND_THRESHOLDS.cooling) return 'cooling';
  return 'dormant';
}

/** The reasons an engagement score gives, strongest first (docs/decisions/010-send-times-and-engagement.md). */
export const ENGAGEMENT_REASONS = {
  newPerson: 'new: starts at the audience’s rate',
  engagedOfLast: (n: number, m: number) => `opened or clicked ${n} of the last ${m}`,
  clickedOfLast: (n: number, m: number) => `clicked ${n} of the last ${m}`,
  noHumanOpenIn: (days: number) => `no human open in ${days} days`,
  neverEngaged: (campaigns: number) => `no human open or click in ${campaigns} ${campaigns === 1 ? 'campaign' : 'campaigns'}`,
  lastEngaged: (days: number) => (days === 0 ? 'opened or clicked today' : `last opened or clicked ${days} ${days === 1 ? 'day' : 'days'} ago`),
  received: (campaigns: number) => `${campaigns} ${campaigns === 1 ? 'campaign' : 'campaigns'} received`,
} as const;

/** `insights.engagement`: a calibrated probability (0..1), its band and the reasons that weigh most. */
export const engagementInsightsSchema = z.object({
  score: z.number(),
  band: z.enum(ENGAGEMENT_BANDS),
  reasons: z.array(z.string()),
});
export type EngagementInsights = z.output<typeof engagementInsightsSchema>;

export const subscriberInsightsSchema = z.object({
  purchases: purchaseInsightsSchema,
  /** Null until a refresh has seen a delivery to the person (or when the account was never refreshed). */
  best_send_time: z.nullable(sendTimeInsightsSchema),
  engagement: z.nullable(engagementInsightsSchema),
});
export type SubscriberInsights = z.output<typeof subscriberInsightsSchema>;

/** POST /api/v1/insights/refresh: an optional as-of time for backtests. */
export const insightsRefreshRequestSchema = z.strictObject({
  // Longer than any ISO 8601 date-time: refused before anything reads it.
  as_of: z.optional(z.string({ error: INSIGHT_MESSAGES.asOfInvalid }).check(z.maxLength(40, { error: INSIGHT_MESSAGES.asOfInvalid, abort: true }))),
});

export const INSIGHT_REFRESH_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type InsightRefreshStatus = (typeof INSIGHT_REFRESH_STATUSES)[number];

const estimate = z.object({ value: z.number(), standard_error: nullableNumber });

/** The account's fitted purchase models, as the refresh's state reports them. */
export const purchaseModelSchema = z.object({
  as_of: z.string(),
  fitted_at: z.string(),
  customers: z.number(),
  repeat_customers: z.number(),
  bg_nbd: z.nullable(z.object({ r: estimate, alpha: estimate, a: estimate, b: estimate, log_likelihood: z.number() })),
  gamma_gamma: z.nullable(z.object({ p: estimate, q: estimate, v: estimate, log_likelihood: z.number() })),
  notes: z.array(z.string()),
});
export type PurchaseModel = z.output<typeof purchaseModelSchema>;

/** GET /api/v1/insights/refresh/{id}. */
export const insightsRefreshSchema = z.object({
  id: z.string(),
  status: z.enum(INSIGHT_REFRESH_STATUSES),
  as_of: nullableTimestamp,
  requested_at: z.string(),
  started_at: nullableTimestamp,
  finished_at: nullableTimestamp,
  people_total: nullableNumber,
  people_done: z.number(),
  error: z.nullable(z.string()),
  model: z.nullable(purchaseModelSchema),
});
export type InsightsRefresh = z.output<typeof insightsRefreshSchema>;
