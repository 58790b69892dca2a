import * as z from 'zod/mini';
import { INTEGRATION_MESSAGES, PLATFORM_IDS } from './integrations';
import { CAMPAIGN_LIMITS } from './campaign-limits';
import { GENERIC_MESSAGES } from './messages';

// A/B tests (issue 20): a campaign (or an automation's email step) holds 2 to 4 variants of one
// field. A test share of the audience gets the variants at random and evenly; a sequential test
// (apps/api/src/modules/ab-tests/sequential-test.ts) decides as opens and clicks arrive, and the
// winner (or the original, A, when no variant is clearly better) goes to the rest.

export const AB_DIMENSIONS = ['subject', 'preheader', 'from_name', 'content', 'send_time'] as const;
export type AbDimension = (typeof AB_DIMENSIONS)[number];

/** revenue = revenue per recipient, from attributed order_placed events. */
export const AB_METRICS = ['open_rate', 'click_rate', 'revenue'] as const;
export type AbMetric = (typeof AB_METRICS)[number];

export const AB_LIMITS = {
  minVariants: 2,
  maxVariants: 4,
  testShare: { min: 5, max: 100, default: 20 },
  waitMinutes: { min: 30, max: 72 * 60, default: 4 * 60 },
  lookEveryMinutes: 5,
  sendDelayMaxMinutes: 72 * 60,
  /** Above this share of machine opens, the report warns that an open-rate test is blurred. */
  machineOpenWarningShare: 0.3,
} as const;

export const AB_VARIANT_LABELS = ['A', 'B', 'C', 'D'] as const;
export type AbVariantLabel = (typeof AB_VARIANT_LABELS)[number];

export const AB_STATUSES = ['draft', 'testing', 'winner', 'no_winner', 'cancelled'] as const;
export type AbStatus = (typeof AB_STATUSES)[number];

/** Default metric per dimension: opens for subject/preheader/from_name/send_time, clicks for content. */
export function defaultMetric(dimension: AbDimension): AbMetric {
  return dimension === 'content' ? 'click_rate' : 'open_rate';
}

/** The fields a variant other than A carries, per dimension. */
export const AB_VARIANT_FIELDS: Record<AbDimension, readonly string[]> = {
  subject: ['subject'],
  preheader: ['preheader'],
  from_name: ['from_name'],
  content: ['content_html', 'content_text'],
  send_time: ['send_delay_minutes'],
};

export const AB_MESSAGES = {
  dimensionInvalid: 'Choose what the variants differ in: subject, preheader, sender name, content or send time.',
  metricInvalid: 'Choose how the winner is picked: open rate, click rate or revenue per recipient.',
  testShareInvalid: `The test share is a whole percentage from ${AB_LIMITS.testShare.min} to ${AB_LIMITS.testShare.max}.`,
  waitInvalid: `The longest wait is a whole number of minutes from ${AB_LIMITS.waitMinutes.min} to ${AB_LIMITS.waitMinutes.max} (72 hours).`,
  variantsCount: `A test has ${AB_LIMITS.minVariants} to ${AB_LIMITS.maxVariants} variants.`,
  variantAOriginal: 'Variant A is the campaign as written: leave it empty (send time: a delay of 0).',
  variantFields: 'Each variant holds only the tested field (send time: the delay in minutes).',
  sendDelayInvalid: `A send delay is a whole number of minutes from 0 to ${AB_LIMITS.sendDelayMaxMinutes} (72 hours).`,
  variantEmpty: (label: string, dimension: AbDimension) => `Fill in variant ${label}’s ${AB_DIMENSION_LABELS[dimension].toLowerCase()} before sending.`,
  variantSame: (label: string) => `Variant ${label} is the same as another variant: make each one different.`,
  variantMergeTags: (label: string) => `Fix the merge tags in variant ${label} before sending.`,
  metricNeedsEvents: 'Revenue per recipient needs order_placed events: send them through the events API first, or pick the open or click rate.',
  clickNeedsTracking: 'Open and click rates need tracking: turn tracking on, or remove the A/B test.',
  sendTimeInAutomation: 'An automation step cannot test send times: its people arrive one at a time.',
  notEditable: 'This test has started, so it can no longer be changed.',
  statusInvalid: 'Choose a status: draft, testing, winner, no_winner or cancelled.',
  // What the report and the campaign page say about the decision.
  reasonDraft: 'The test starts when the campaign is sent.',
  reasonTesting: 'Measuring: no variant is clearly better yet.',
  reasonWinner: (label: string, metric: AbMetric, lift: number | null) =>
    `Variant ${label} has a clearly higher ${AB_METRIC_LABELS[metric].toLowerCase()}${lift === null ? '' : ` (${lift >= 0 ? '+' : ''}${Math.round(lift * 100)}% over A)`}: the difference holds at 95% confidence, however often the test looked.`,
  reasonNoWinner: 'At the deadline no variant was clearly better, so the original (A) went to the rest.',
  reasonNoWinnerAll: 'At the deadline no variant was clearly better. Everyone was in the test, so nobody else gets it.',
  reasonCancelled: 'The campaign was cancelled before the test was decided.',
  reasonRemoved: 'The test was taken off the step before it was decided: everyone gets the original (A) from now on.',
  reasonNoWinnerStep: 'At the deadline no variant was clearly better, so everyone passing through gets the original (A) from now on.',
  machineOpenWarning: (share: number) =>
    `${Math.round(share * 100)}% of opens came from mail scanners and privacy proxies, not people: they are left out of the open rate, but so many of them blur an open-rate test.`,
  revenueCurrency: (currency: string) => `Revenue is counted in ${currency}, the account’s most common order currency; orders in other currencies are left out.`,
} as const;

export const AB_DIMENSION_LABELS: Record<AbDimension, string> = {
  subject: 'Subject',
  preheader: 'Preheader',
  from_name: 'Sender name',
  content: 'Content',
  send_time: 'Send time',
};

export const AB_METRIC_LABELS: Record<AbMetric, string> = {
  open_rate: 'Open rate',
  click_rate: 'Click rate',
  revenue: 'Revenue per recipient',
};

const capped = (limit: number) => z.string().check(z.maxLength(limit, GENERIC_MESSAGES.tooLong(limit)));
const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).check(z.int({ error: message }), z.minimum(min, message), z.maximum(max, message));

/**
 * One variant: only the tested field. Variant 0 (A) is ALWAYS the campaign's own fields, stored as
 * {} (send time: { send_delay_minutes: 0 }); variants 1..3 carry the field. Empty text is allowed in
 * a draft; sending checks every variant is complete.
 */
export const abVariantSchema = z.strictObject({
  subject: z.optional(capped(CAMPAIGN_LIMITS.subject)),
  preheader: z.optional(capped(CAMPAIGN_LIMITS.preheader)),
  from_name: z.optional(capped(CAMPAIGN_LIMITS.fromName)),
  content_html: z.optional(capped(CAMPAIGN_LIMITS.html)),
  content_text: z.optional(z.nullable(capped(CAMPAIGN_LIMITS.text))),
  send_delay_minutes: z.optional(wholeNumber(0, AB_LIMITS.sendDelayMaxMinutes, AB_MESSAGES.sendDelayInvalid)),
});
export type AbVariant = z.output<typeof abVariantSchema>;

const variantKeysFit = (dimension: AbDimension, variants: AbVariant[]) =>
  variants.every((variant, index) =>
    Object.keys(variant).every((key) => (index === 0 ? dimension === 'send_time' && key === 'send_delay_minutes' : AB_VARIANT_FIELDS[dimension].includes(key))),
  );
const variantAOriginal = (variants: AbVariant[]) => (variants[0]?.send_delay_minutes ?? 0) === 0;

const testFields = {
  dimension: z.enum(AB_DIMENSIONS, AB_MESSAGES.dimensionInvalid),
  metric: z.optional(z.enum(AB_METRICS, AB_MESSAGES.metricInvalid)),
  wait_minutes: z._default(wholeNumber(AB_LIMITS.waitMinutes.min, AB_LIMITS.waitMinutes.max, AB_MESSAGES.waitInvalid), AB_LIMITS.waitMinutes.default),
  variants: z.array(abVariantSchema, AB_MESSAGES.variantsCount).check(z.minLength(AB_LIMITS.minVariants, AB_MESSAGES.variantsCount), z.maxLength(AB_LIMITS.maxVariants, AB_MESSAGES.variantsCount)),
};

/** The metric defaults by dimension (defaultMetric) when it is left out. */
const withMetric = <T extends { dimension: AbDimension; metric?: AbMetric | undefined }>(value: T): T & { metric: AbMetric } => ({
  ...value,
  metric: value.metric ?? defaultMetric(value.dimension),
});

export const abTestSchema = z.pipe(
  z
    .strictObject({
      ...testFields,
      test_share: z._default(wholeNumber(AB_LIMITS.testShare.min, AB_LIMITS.testShare.max, AB_MESSAGES.testShareInvalid), AB_LIMITS.testShare.default),
    })
    .check(
      z.refine((test) => variantAOriginal(test.variants), { error: AB_MESSAGES.variantAOriginal, path: ['variants', 0] }),
      z.refine((test) => variantKeysFit(test.dimension, test.variants), { error: AB_MESSAGES.variantFields, path: ['variants'] }),
    ),
  z.transform(withMetric),
);
export type AbTestInput = z.input<typeof abTestSchema>;
export type AbTestSettings = z.output<typeof abTestSchema>;

/** An automation email step's test: no test share (everyone passing through is in it until it is decided), no send time. */
export const abStepTestSchema = z.pipe(
  z
    .strictObject(testFields)
    .check(
      z.refine((test) => test.dimension !== 'send_time', { error: AB_MESSAGES.sendTimeInAutomation, path: ['dimension'] }),
      z.refine((test) => variantAOriginal(test.variants), { error: AB_MESSAGES.variantAOriginal, path: ['variants', 0] }),
      z.refine((test) => variantKeysFit(test.dimension, test.variants), { error: AB_MESSAGES.variantFields, path: ['variants'] }),
    ),
  z.transform(withMetric),
);
export type AbStepTestSettings = z.output<typeof abStepTestSchema>;

export const abTestListQuerySchema = z.strictObject({
  status: z.optional(z.enum(AB_STATUSES, AB_MESSAGES.statusInvalid)),
  /** Only tests delivered through this connected platform (the sidebar's sub-items). */
  platform: z.optional(z.enum(PLATFORM_IDS, INTEGRATION_MESSAGES.platformInvalid)),
});

export interface AbInterval {
  estimate: number;
  low: number;
  high: number;
}

export interface AbVariantResult {
  label: AbVariantLabel;
  /** What differs, for display (the subject text, "Content B", "+2 h"). */
  value: string;
  recipients: number;
  sent: number;
  human_opens: number;
  unique_opens: number;
  machine_opens: number;
  clicks: number;
  unique_clicks: number;
  revenue: number;
  currency: string | null;
  open_rate: AbInterval | null;
  click_rate: AbInterval | null;
  revenue_per_recipient: AbInterval | null;
}

/** What GET /api/campaigns/:id returns as `ab_test_state`, and reports embed. */
export interface AbTestState {
  status: AbStatus;
  started_at: string | null;
  deadline_at: string | null;
  decided_at: string | null;
  /** Index into variants; null for no_winner / not decided. */
  winner: number | null;
  /** One sentence a customer reads: why it was decided, or why not yet. */
  reason: string;
  /** The winner's (or best variant's) relative lift over A on the metric, 0.3 = +30%. */
  lift: number | null;
  /** When the rest of the audience gets the winner (or A). */
  rest_send_at: string | null;
}

export interface AbTestLook {
  at: string;
  information: number;
  leader: number | null;
  boundary_crossed: boolean;
}

export interface AbTestReport extends AbTestState {
  settings: AbTestSettings;
  variants: AbVariantResult[];
  machine_open_share: number | null;
  /** Warn when the share is over 0.3 and the metric is the open rate. */
  machine_open_warning: boolean;
  looks: AbTestLook[];
}

/** A row of the A/B tests page. */
export interface AbTestSummary {
  /** The test's campaign row: the campaign's id, or for an automation step its hidden campaign's (step ids repeat across flows). */
  id: string;
  kind: 'campaign' | 'automation';
  name: string;
  flow_id: string | null;
  /** Where to open it. */
  link: string;
  dimension: AbDimension;
  metric: AbMetric;
  variants: number;
  status: AbStatus;
  started_at: string | null;
  decided_at: string | null;
  winner_label: string | null;
  lift: number | null;
  /** Filled once connected platforms exist (issue 22). */
  platform: null;
}
