import * as z from 'zod/mini';
import { abStepTestSchema } from './ab-tests';
import { attributesSchema, isTimeZone } from './audience';
import { CAMPAIGN_LIMITS } from './campaigns';
import { lowerCaseEmailSchema } from './email';
import { EVENT_NAME_PATTERN } from './events';
import { UUID_PATTERN } from './ids';
import { webhookUrlSchema } from './outgoing-webhooks';
import { segmentConditionSchema } from './segments';
import { AUTOMATION_MESSAGES, FLOW_LIMITS } from './automations-messages';

// Automations (issue 19): flows a trigger starts for one person at a time, made of steps joined by
// ids. One definition for the flow builder and the API (docs/decisions/007-automations.md).
//
// A flow's definition: { trigger, start, steps, rules, goal }. `start` names the first step; each
// step names what follows it (`next`, or `yes`/`no` for a split, `next`/`timeout_next` for a wait
// for an event); null ends the person's run there. Steps keep their `id` across versions: that is
// how a live edit knows who is where.

export const FLOW_STATUSES = ['draft', 'active', 'paused'] as const;
export type FlowStatus = (typeof FLOW_STATUSES)[number];

const capped = (limit: number) => z.string().check(z.maxLength(limit, AUTOMATION_MESSAGES.tooLong(limit)));
export const uuidOf = (message: string) => z.string().check(z.regex(UUID_PATTERN, message));
/** An event's name, as triggers, goals and waits name one. */
export const eventName = z.string({ error: AUTOMATION_MESSAGES.eventInvalid }).check(z.regex(EVENT_NAME_PATTERN, AUTOMATION_MESSAGES.eventInvalid));
const STEP_ID = /^[A-Za-z0-9_-]{1,40}$/;
const stepId = z.string({ error: AUTOMATION_MESSAGES.stepIdInvalid }).check(z.regex(STEP_ID, AUTOMATION_MESSAGES.stepIdInvalid));
const nextStep = z._default(z.nullable(stepId), null);
const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).check(z.refine(Number.isInteger, message), z.minimum(min, message), z.maximum(max, message));
const hour = wholeNumber(0, 23, AUTOMATION_MESSAGES.hourInvalid);
const timezone = z.string().check(z.refine(isTimeZone, AUTOMATION_MESSAGES.timezoneInvalid));

export const DURATION_UNITS = ['minutes', 'hours', 'days', 'weeks'] as const;
const UNIT_MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000, weeks: 604_800_000 } as const;

/** A length of time: `{ amount: 2, unit: 'days' }`. */
export const durationSchema = z
  .strictObject({ amount: wholeNumber(1, 525_600, AUTOMATION_MESSAGES.durationInvalid), unit: z.enum(DURATION_UNITS, AUTOMATION_MESSAGES.durationInvalid) })
  .check(z.refine((value) => value.amount * UNIT_MS[value.unit] <= FLOW_LIMITS.maxDays * UNIT_MS.days, AUTOMATION_MESSAGES.durationInvalid));
export type Duration = z.output<typeof durationSchema>;

export function durationMs(duration: Duration): number {
  return duration.amount * UNIT_MS[duration.unit];
}

export const PROPERTY_FILTER_OPS = ['equals', 'not_equals', 'contains', 'gt', 'lt', 'exists', 'not_exists'] as const;

/**
 * A condition on an event's properties: `path` is dotted (`items.0.product_id`, `category`);
 * `value` compares as text, except gt/lt, which compare numbers.
 */
export const propertyFilterSchema = z.strictObject({
  path: z.string().check(z.minLength(1, AUTOMATION_MESSAGES.conditionInvalid), z.maxLength(FLOW_LIMITS.propertyPath, AUTOMATION_MESSAGES.conditionInvalid)),
  op: z.enum(PROPERTY_FILTER_OPS, AUTOMATION_MESSAGES.conditionInvalid),
  value: z._default(z.union([capped(FLOW_LIMITS.filterValue), z.number(), z.boolean()]), ''),
});
export type PropertyFilter = z.output<typeof propertyFilterSchema>;
const filters = z._default(z.array(propertyFilterSchema).check(z.maxLength(FLOW_LIMITS.filters, AUTOMATION_MESSAGES.conditionInvalid)), []);

export const TRIGGER_TYPES = ['event', 'list_joined', 'segment_entered', 'date', 'form_signup'] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

/**
 * What starts a run for a person:
 * - event: an event of this name whose properties pass every filter (entry once per event: its idempotency key);
 * - list_joined: a confirmed membership of the list (a double opt-in counts when confirmed);
 * - segment_entered: newly matching the segment (looked at every minute; who matched at activation does not enter);
 * - date: the attribute holds a date (YYYY-MM-DD, a birthday or anniversary); the run starts `offset_days`
 *   from its yearly recurrence (negative: before) at `hour` in the person's timezone;
 * - form_signup: a confirmed sign-up through the form.
 */
export const flowTriggerSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('event'), event: eventName, filters }),
    z.strictObject({ type: z.literal('list_joined'), list_id: uuidOf(AUTOMATION_MESSAGES.listInvalid) }),
    z.strictObject({ type: z.literal('segment_entered'), segment_id: uuidOf(AUTOMATION_MESSAGES.segmentInvalid) }),
    z.strictObject({
      type: z.literal('date'),
      attribute: z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, AUTOMATION_MESSAGES.conditionInvalid)),
      offset_days: z._default(wholeNumber(-FLOW_LIMITS.maxDays, FLOW_LIMITS.maxDays, AUTOMATION_MESSAGES.durationInvalid), 0),
      hour: z._default(hour, 9),
    }),
    z.strictObject({ type: z.literal('form_signup'), form_id: uuidOf(AUTOMATION_MESSAGES.formInvalid) }),
  ],
  { error: AUTOMATION_MESSAGES.triggerInvalid },
);
export type FlowTrigger = z.output<typeof flowTriggerSchema>;

/** One test in a split: about the person (any segment condition), a segment, or their events. */
export const flowRuleSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('profile'), condition: segmentConditionSchema }),
    z.strictObject({ type: z.literal('segment'), op: z.enum(['in', 'not_in']), segment_id: uuidOf(AUTOMATION_MESSAGES.segmentInvalid) }),
    z.strictObject({
      type: z.literal('event'),
      op: z.enum(['did', 'did_not']),
      event: eventName,
      filters,
      at_least: z._default(wholeNumber(1, 1000, AUTOMATION_MESSAGES.conditionInvalid), 1),
      days: wholeNumber(1, FLOW_LIMITS.maxDays, AUTOMATION_MESSAGES.conditionInvalid),
    }),
  ],
  { error: AUTOMATION_MESSAGES.conditionInvalid },
);
export type FlowRule = z.output<typeof flowRuleSchema>;

export const flowConditionSchema = z.strictObject({
  match: z._default(z.enum(['all', 'any']), 'all'),
  rules: z.array(flowRuleSchema).check(z.minLength(1, AUTOMATION_MESSAGES.conditionInvalid), z.maxLength(FLOW_LIMITS.rules, AUTOMATION_MESSAGES.conditionInvalid)),
});
export type FlowCondition = z.output<typeof flowConditionSchema>;

const emailAddress = lowerCaseEmailSchema(AUTOMATION_MESSAGES.emailInvalid, { allowEmpty: true });

export const STEP_TYPES = ['email', 'wait', 'wait_event', 'wait_best_time', 'split', 'update', 'webhook', 'exit'] as const;
export type StepType = (typeof STEP_TYPES)[number];

const emailStep = z.strictObject({
  id: stepId,
  type: z.literal('email'),
  name: z._default(capped(FLOW_LIMITS.name), ''),
  subject: z._default(capped(CAMPAIGN_LIMITS.subject), ''),
  preheader: z._default(capped(CAMPAIGN_LIMITS.preheader), ''),
  from_name: z._default(capped(CAMPAIGN_LIMITS.fromName), ''),
  /** A confirmed sender address (Senders page): checked when the flow is activated and at each send. */
  from_email: z._default(emailAddress, ''),
  reply_to: z._default(emailAddress, ''),
  /** The same HTML and merge tags as a campaign's content; the compliance footer is added. */
  content_html: z._default(capped(CAMPAIGN_LIMITS.html), ''),
  /** Null: made from the HTML. */
  content_text: z._default(z.nullable(capped(CAMPAIGN_LIMITS.text)), null),
  tracking: z._default(z.boolean(), true),
  /** Variants of one field (issue 20): each person passing through gets one at random until the test is decided, then the winner (A without one). */
  ab_test: z.optional(z.nullable(abStepTestSchema)),
  next: nextStep,
});

const waitStep = z
  .strictObject({
    id: stepId,
    type: z.literal('wait'),
    /** Wait this long... */
    duration: z.optional(durationSchema),
    /** ...or until the next of these weekdays (0 Sunday ... 6 Saturday) at this hour, in the person's timezone. */
    until: z.optional(
      z.strictObject({
        weekdays: z.array(wholeNumber(0, 6, AUTOMATION_MESSAGES.weekdaysRequired)).check(z.minLength(1, AUTOMATION_MESSAGES.weekdaysRequired), z.maxLength(7, AUTOMATION_MESSAGES.weekdaysRequired)),
        hour,
      }),
    ),
    next: nextStep,
  })
  .check(z.refine((step) => (step.duration === undefined) !== (step.until === undefined), { error: AUTOMATION_MESSAGES.waitInvalid, path: ['duration'] }));

const waitEventStep = z.strictObject({
  id: stepId,
  type: z.literal('wait_event'),
  event: eventName,
  filters,
  timeout: durationSchema,
  /** Where the person goes when the event comes in time... */
  next: nextStep,
  /** ...and when it does not. */
  timeout_next: nextStep,
});

/** Waits until the person's next best send time (issue 21; the audience's when theirs is unknown), at most a day. */
const waitBestTimeStep = z.strictObject({ id: stepId, type: z.literal('wait_best_time'), next: nextStep });

const splitStep = z.strictObject({ id: stepId, type: z.literal('split'), condition: flowConditionSchema, yes: nextStep, no: nextStep });

const listIds = z._default(z.array(uuidOf(AUTOMATION_MESSAGES.listInvalid)).check(z.maxLength(FLOW_LIMITS.listsPerUpdate, AUTOMATION_MESSAGES.listInvalid)), []);

const updateStep = z.strictObject({
  id: stepId,
  type: z.literal('update'),
  first_name: z.optional(capped(100)),
  last_name: z.optional(capped(100)),
  /** Merged into the person's attributes; null removes one. */
  attributes: z._default(attributesSchema, {}),
  /** Joined as confirmed members (the person's consent is what it was: no confirmation email). */
  add_to_lists: listIds,
  remove_from_lists: listIds,
  /** Unsubscribe the person (from everything, as their own unsubscribe would), recording why; null: not. */
  unsubscribe: z._default(z.nullable(z.strictObject({ reason: z.string().check(z.trim(), z.minLength(1, AUTOMATION_MESSAGES.unsubscribeReasonRequired), z.maxLength(FLOW_LIMITS.unsubscribeReason, AUTOMATION_MESSAGES.unsubscribeReasonRequired)) })), null),
  next: nextStep,
});

const webhookStep = z.strictObject({
  id: stepId,
  type: z.literal('webhook'),
  /** Checked as an outgoing webhook's address is: https on the public internet (WEBHOOKS_ALLOW_LOCAL lets development use http and this machine). */
  url: webhookUrlSchema,
  /** Sent beside the person and the trigger: {flow, step, subscriber, trigger, data}. */
  data: z._default(
    z.record(z.string(), z.unknown()).check(z.refine((value) => JSON.stringify(value).length <= FLOW_LIMITS.webhookPayloadBytes, AUTOMATION_MESSAGES.payloadTooLarge)),
    {},
  ),
  next: nextStep,
});

const exitStep = z.strictObject({ id: stepId, type: z.literal('exit') });

export const flowStepSchema = z.discriminatedUnion('type', [emailStep, waitStep, waitEventStep, waitBestTimeStep, splitStep, updateStep, webhookStep, exitStep], {
  error: AUTOMATION_MESSAGES.stepInvalid,
});
export type FlowStep = z.output<typeof flowStepSchema>;
export type EmailStep = z.output<typeof emailStep>;

export const REENTRY_MODES = ['never', 'after_days', 'always'] as const;

export const flowRulesSchema = z
  .strictObject({
    /** never: once per person ever; after_days: again once `reentry_days` have passed since the last entry; always. */
    reentry: z._default(z.enum(REENTRY_MODES), 'never'),
    reentry_days: z._default(z.nullable(wholeNumber(1, FLOW_LIMITS.maxDays, AUTOMATION_MESSAGES.reentryDaysRequired)), null),
    /** At most one automation email (from any flow) per this many hours; a later one is deferred, never dropped. */
    frequency_cap_hours: z._default(z.nullable(wholeNumber(1, 24 * 30, AUTOMATION_MESSAGES.durationInvalid)), null),
    /** No email from `start` to `end` o'clock in the person's timezone (22 to 8 spans midnight); deferred to `end`. */
    quiet_hours: z._default(z.nullable(z.strictObject({ start: hour, end: hour })), null),
    /** The timezone of people whose profile has none. */
    timezone: z._default(timezone, 'UTC'),
  })
  .check(z.refine((rules) => rules.reentry !== 'after_days' || rules.reentry_days !== null, { error: AUTOMATION_MESSAGES.reentryDaysRequired, path: ['reentry_days'] }));
export type FlowRules = z.output<typeof flowRulesSchema>;

export const DEFAULT_FLOW_RULES: FlowRules = { reentry: 'never', reentry_days: null, frequency_cap_hours: null, quiet_hours: null, timezone: 'UTC' };

export const flowDefinitionSchema = z.strictObject({
  trigger: flowTriggerSchema,
  /** The first step's id; null for a flow with no steps yet. */
  start: nextStep,
  steps: z._default(z.array(flowStepSchema).check(z.maxLength(FLOW_LIMITS.steps, AUTOMATION_MESSAGES.tooManySteps)), []),
  rules: z._default(flowRulesSchema, DEFAULT_FLOW_RULES),
  /** An event that ends the flow for the person as a conversion (a purchase ends an abandoned-cart flow). */
  goal: z._default(z.nullable(z.strictObject({ event: eventName, filters })), null),
});
export type FlowDefinition = z.output<typeof flowDefinitionSchema>;
