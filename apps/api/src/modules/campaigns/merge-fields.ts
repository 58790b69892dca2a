import type { Attributes } from '@postlark/shared/audience';
import { ENGAGEMENT_BAND_LABELS, ENGAGEMENT_BANDS, type EngagementBand, type PurchaseInsights } from '@postlark/shared/insights';
import { scorePercent, SEGMENT_PURCHASE_FIGURES } from '@postlark/shared/segments';

/** What a campaign template may read: one subscriber's fields and the two links the sender fills in. */
export const MERGE_FIELDS = ['email', 'first_name', 'last_name', 'full_name', 'attributes.<key>', 'purchases.<figure>', 'engagement.score', 'engagement.band', 'event.<property>', 'unsubscribe_url', 'preferences_url'] as const;

/** The plain-text fields; `attributes` is the one field read one level deep. */
export const SCALAR_FIELDS: ReadonlySet<string> = new Set(MERGE_FIELDS.filter((field) => !field.includes('.')));
export const ATTRIBUTES_FIELD = 'attributes';
/**
 * In an automation's email, a top-level property of the event that started the person's run
 * (`{{ event.cart_url }}`); empty elsewhere (a campaign, a test send), so give it a `default`.
 */
export const EVENT_FIELD = 'event';

/**
 * A person's purchase insights as of the last refresh (insights.purchases): numbers, the RFM group
 * and dates, each null where the data is too thin, so a template gives them a `default`.
 */
export const PURCHASES_FIELD = 'purchases';
export const PURCHASE_MERGE_KEYS: readonly string[] = [...SEGMENT_PURCHASE_FIGURES, 'rfm_group', 'first_order_at', 'last_order_at', 'next_order_expected_at'];
export type PurchaseMergeValues = Record<string, number | string | null>;

/** The merge values of a person's purchase insights (none: every key null). */
export function purchaseMergeValues(purchases: PurchaseInsights | null | undefined): PurchaseMergeValues {
  const values = Object.create(null) as PurchaseMergeValues;
  for (const key of PURCHASE_MERGE_KEYS) {
    const value = key === 'rfm_group' ? purchases?.rfm?.group : purchases?.[key as keyof PurchaseInsights];
    values[key] = typeof value === 'number' || typeof value === 'string' ? value : null;
  }
  return values;
}

/**
 * A person's engagement score as of the last refresh (insights.engagement): `score` a whole
 * percentage ("42%"), `band` its label ("Cooling"); both null before the person is scored.
 */
export const ENGAGEMENT_FIELD = 'engagement';
export const ENGAGEMENT_MERGE_KEYS: readonly string[] = ['score', 'band'];
export type EngagementMergeValues = { score: string | null; band: string | null };

export function engagementMergeValues(engagement: { score?: unknown; band?: unknown } | null | undefined): EngagementMergeValues {
  const values = Object.create(null) as EngagementMergeValues;
  const { score, band } = engagement ?? {};
  values.score = typeof score === 'number' && Number.isFinite(score) ? scorePercent(score) : null;
  values.band = typeof band === 'string' && (ENGAGEMENT_BANDS as readonly string[]).includes(band) ? ENGAGEMENT_BAND_LABELS[band as EngagementBand] : null;
  return values;
}

// Same rule as the audience attributes schema in @postlark/shared, so any stored attribute can be named,
// while `__proto__` and other non-names are refused before they reach the engine.
export const ATTRIBUTE_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * The filters a template may use. Everything else liquidjs ships (jsonify, inspect, where, map, base64,
 * sha256, …) is removed: none is needed for a greeting, and each one is more surface to reason about.
 */
export const ALLOWED_FILTERS = ['default', 'upcase', 'downcase', 'capitalize', 'strip', 'escape', 'truncate', 'date'] as const;

/**
 * The tags a template may use. include/render/layout/block would read other templates, assign/capture/
 * increment/decrement/cycle write variables, and for/tablerow/liquid/echo add nothing a subscriber's
 * flat fields need, so all of them are removed from the engine.
 */
export const ALLOWED_TAGS = ['if', 'unless', 'case', 'comment', 'raw', '#'] as const;

/** One subscriber's values; `full_name` is derived from the first and last names. */
export type MergeFieldValues = {
  email: string;
  first_name: string;
  last_name: string;
  attributes: Attributes;
  /** Left out: every figure null (a test send to someone with no insights, say). */
  purchases?: PurchaseMergeValues;
  /** Left out: both null. */
  engagement?: EngagementMergeValues;
  /** The triggering event's top-level scalar properties (automation emails only). */
  event?: Record<string, string | number | boolean | null>;
  unsubscribe_url: string;
  preferences_url: string;
};
