import * as z from 'zod/mini';
import { SUBSCRIBER_STATUSES } from './audience';
import { REPORT_READER_ACTIONS } from './campaign-reports';
import { EVENT_NAME_PATTERN } from './events';
import { UUID_PATTERN } from './ids';
import { ENGAGEMENT_BAND_LABELS, ENGAGEMENT_BANDS, type EngagementBand, RFM_GROUPS } from './insights';

// Segments: saved filters over a customer's subscribers, evaluated in SQL whenever they are used,
// so a segment is always up to date. Defined once for the builder and the API.

export const SEGMENT_LIMITS = { name: 100, conditions: 20, value: 200, attributeKey: 64 } as const;

export const SEGMENT_MESSAGES = {
  nameRequired: 'Give the segment a name.',
  nameTaken: 'You already have a segment with this name.',
  notFound: 'This segment does not exist.',
  conditionsRequired: 'Add at least one condition.',
  tooManyConditions: `A segment has at most ${SEGMENT_LIMITS.conditions} conditions.`,
  conditionInvalid: 'Complete or remove this condition.',
  listInvalid: 'One of the chosen lists is not one of yours.',
  campaignInvalid: 'One of the chosen campaigns is not one of yours.',
  created: 'Segment saved.',
  saved: 'Segment saved.',
  deleted: 'Segment deleted. No subscriber was changed.',
} as const;

/** Text fields of a subscriber, compared case-insensitively. */
export const SEGMENT_TEXT_FIELDS = ['email', 'first_name', 'last_name', 'timezone'] as const;
export const SEGMENT_TEXT_OPS = ['is', 'is_not', 'contains', 'not_contains', 'starts_with', 'ends_with', 'is_empty', 'is_not_empty'] as const;
export const SEGMENT_ATTRIBUTE_OPS = ['is', 'is_not', 'contains', 'gt', 'lt', 'exists', 'not_exists'] as const;
/** Engagement: opened (as a person, not a privacy proxy) or clicked a campaign in the last N days. */
export const SEGMENT_ENGAGEMENT_OPS = ['engaged', 'not_engaged'] as const;
export const SEGMENT_ENGAGEMENT_DAYS = ['7', '14', '30', '60', '90', '180', '365'] as const;
/** Events: did (at least N times) or did not do a named event, in the last D days or ever. */
export const SEGMENT_EVENT_OPS = ['did', 'did_not'] as const;
export const SEGMENT_EVENT_LIMITS = { atLeast: 1_000, days: 3_650 } as const;
/** A person's purchase figures (insights.purchases) a segment may compare with a number. */
export const SEGMENT_PURCHASE_FIGURES = ['orders', 'revenue', 'average_order_value', 'p_alive', 'expected_orders_90d', 'expected_orders_365d', 'predicted_value_365d', 'churn_risk'] as const;
export type SegmentPurchaseFigure = (typeof SEGMENT_PURCHASE_FIGURES)[number];

/**
 * The engagement score (insights.engagement, issue 21): the band in a set, and/or the score (a
 * probability, 0..1) at least / below a bound. People the refresh has not scored match none.
 */
export const SEGMENT_ENGAGEMENT_SCORE_FIELD = 'engagement_score';
export const ENGAGEMENT_CONDITION_TEXTS = {
  noScore: 'People without a score yet (never sent a campaign, or before the first insights refresh) match no score condition.',
  needsBound: 'Choose a band or a score bound.',
} as const;

const text = z.string().check(z.maxLength(SEGMENT_LIMITS.value, SEGMENT_MESSAGES.conditionInvalid));
const id = z.string().check(z.regex(UUID_PATTERN, SEGMENT_MESSAGES.listInvalid));
const isoDate = z.string().check(z.maxLength(SEGMENT_LIMITS.value, { error: SEGMENT_MESSAGES.conditionInvalid, abort: true }), z.refine((value) => /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), SEGMENT_MESSAGES.conditionInvalid));

export const segmentConditionSchema = z.discriminatedUnion(
  'field',
  [
    z.strictObject({ field: z.enum(SEGMENT_TEXT_FIELDS), op: z.enum(SEGMENT_TEXT_OPS), value: z._default(text, '') }),
    z.strictObject({
      field: z.literal('attribute'),
      key: z.string().check(z.maxLength(SEGMENT_LIMITS.attributeKey, { error: SEGMENT_MESSAGES.conditionInvalid, abort: true }), z.regex(/^[A-Za-z][A-Za-z0-9_]*$/, SEGMENT_MESSAGES.conditionInvalid)),
      op: z.enum(SEGMENT_ATTRIBUTE_OPS),
      value: z._default(text, ''),
    }),
    z.strictObject({ field: z.literal('status'), op: z.enum(['is', 'is_not']), value: z.enum(SUBSCRIBER_STATUSES) }),
    z.strictObject({ field: z.literal('list'), op: z.enum(['in', 'not_in']), value: id }),
    z.strictObject({ field: z.literal('created_at'), op: z.enum(['before', 'after']), value: isoDate }),
    /** Opened (as a person), clicked or unsubscribed from one campaign: its report's readers (issue 38). */
    z.strictObject({ field: z.literal('campaign'), op: z.enum(REPORT_READER_ACTIONS), value: z.string().check(z.regex(UUID_PATTERN, SEGMENT_MESSAGES.campaignInvalid)) }),
    z.strictObject({ field: z.literal('engagement'), op: z.enum(SEGMENT_ENGAGEMENT_OPS), value: z.enum(SEGMENT_ENGAGEMENT_DAYS) }),
    z.strictObject({
      field: z.literal('purchases'),
      key: z.enum(SEGMENT_PURCHASE_FIGURES, { error: SEGMENT_MESSAGES.conditionInvalid }),
      op: z.enum(['gt', 'lt']),
      value: z.string().check(
        z.maxLength(30, { error: SEGMENT_MESSAGES.conditionInvalid, abort: true }),
        z.refine((value) => value.trim() !== '' && Number.isFinite(Number(value)), SEGMENT_MESSAGES.conditionInvalid),
      ),
    }),
    z
      .strictObject({
        field: z.literal(SEGMENT_ENGAGEMENT_SCORE_FIELD),
        /** Any of these bands; empty: any band. */
        bands: z._default(z.array(z.enum(ENGAGEMENT_BANDS, { error: SEGMENT_MESSAGES.conditionInvalid })).check(z.maxLength(ENGAGEMENT_BANDS.length, SEGMENT_MESSAGES.conditionInvalid)), []),
        score_at_least: z._default(z.nullable(z.number().check(z.minimum(0, SEGMENT_MESSAGES.conditionInvalid), z.maximum(1, SEGMENT_MESSAGES.conditionInvalid))), null),
        score_below: z._default(z.nullable(z.number().check(z.minimum(0, SEGMENT_MESSAGES.conditionInvalid), z.maximum(1, SEGMENT_MESSAGES.conditionInvalid))), null),
      })
      .check(z.refine((condition) => condition.bands.length > 0 || condition.score_at_least !== null || condition.score_below !== null, ENGAGEMENT_CONDITION_TEXTS.needsBound)),
    z.strictObject({ field: z.literal('rfm_group'), op: z.enum(['is', 'is_not']), value: z.enum(RFM_GROUPS, { error: SEGMENT_MESSAGES.conditionInvalid }) }),
    z.strictObject({
      field: z.literal('event'),
      op: z.enum(SEGMENT_EVENT_OPS),
      /** The event's name. */
      value: z.string().check(z.maxLength(100, { error: SEGMENT_MESSAGES.conditionInvalid, abort: true }), z.regex(EVENT_NAME_PATTERN, SEGMENT_MESSAGES.conditionInvalid)),
      /** A property the event must carry with this value ('' for none), compared as text. */
      key: z._default(z.string().check(z.maxLength(SEGMENT_LIMITS.attributeKey, { error: SEGMENT_MESSAGES.conditionInvalid, abort: true }), z.regex(/^([A-Za-z_][A-Za-z0-9_]*)?$/, SEGMENT_MESSAGES.conditionInvalid)), ''),
      property_value: z._default(text, ''),
      at_least: z._default(z.int().check(z.minimum(1, SEGMENT_MESSAGES.conditionInvalid), z.maximum(SEGMENT_EVENT_LIMITS.atLeast, SEGMENT_MESSAGES.conditionInvalid)), 1),
      /** In the last this many days; null for ever. */
      days: z._default(z.nullable(z.int().check(z.minimum(1, SEGMENT_MESSAGES.conditionInvalid), z.maximum(SEGMENT_EVENT_LIMITS.days, SEGMENT_MESSAGES.conditionInvalid))), null),
    }),
  ],
  { error: SEGMENT_MESSAGES.conditionInvalid },
);
export type SegmentCondition = z.output<typeof segmentConditionSchema>;

/** A score (0..1) as people read it: a whole percentage ("42%"). */
export function scorePercent(score: number): string {
  return `${Math.round(score * 100)}%`;
}

/** An engagement score condition in words: "engagement Dormant or Cooling, score at least 20%". */
export function describeEngagementCondition(condition: { bands: readonly EngagementBand[]; score_at_least: number | null; score_below: number | null }): string {
  const parts: string[] = [];
  if (condition.bands.length > 0) parts.push(condition.bands.map((band) => ENGAGEMENT_BAND_LABELS[band]).join(' or '));
  if (condition.score_at_least !== null) parts.push(`score at least ${scorePercent(condition.score_at_least)}`);
  if (condition.score_below !== null) parts.push(`score below ${scorePercent(condition.score_below)}`);
  return `engagement ${parts.join(', ')}`;
}

export const segmentDefinitionSchema = z.strictObject({
  /** all: every condition holds; any: at least one does. */
  match: z._default(z.enum(['all', 'any']), 'all'),
  conditions: z
    .array(segmentConditionSchema)
    .check(z.minLength(1, SEGMENT_MESSAGES.conditionsRequired), z.maxLength(SEGMENT_LIMITS.conditions, SEGMENT_MESSAGES.tooManyConditions)),
});
export type SegmentDefinition = z.output<typeof segmentDefinitionSchema>;

const segmentName = z
  .string({ error: SEGMENT_MESSAGES.nameRequired })
  .check(z.trim(), z.minLength(1, SEGMENT_MESSAGES.nameRequired), z.maxLength(SEGMENT_LIMITS.name, `At most ${SEGMENT_LIMITS.name} characters.`));

export const segmentCreateSchema = z.strictObject({ name: segmentName, definition: segmentDefinitionSchema });
export type SegmentCreate = z.output<typeof segmentCreateSchema>;

export const segmentUpdateSchema = z.strictObject({ name: z.optional(segmentName), definition: z.optional(segmentDefinitionSchema) });
export type SegmentUpdate = z.output<typeof segmentUpdateSchema>;

/** The builder's live count of a definition not yet saved. */
export const segmentPreviewSchema = z.strictObject({ definition: segmentDefinitionSchema });

export interface Segment {
  id: string;
  name: string;
  definition: SegmentDefinition;
  created_at: string;
  updated_at: string;
  /** How many subscribers match now. */
  count: number;
}
