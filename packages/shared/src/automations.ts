import * as z from 'zod/mini';
import { abStepTestSchema, type AbTestReport, type AbTestState } from './ab-tests';
import { attributesSchema, isTimeZone } from './audience';
import { CAMPAIGN_LIMITS } from './campaigns';
import { lowerCaseEmailSchema } from './email';
import { EVENT_NAME_PATTERN } from './events';
import { UUID_PATTERN } from './ids';
import { webhookUrlSchema } from './outgoing-webhooks';
import { segmentConditionSchema } from './segments';

// Automations (issue 19): flows a trigger starts for one person at a time, made of steps joined by
// ids. One definition for the flow builder and the API (docs/decisions/007-automations.md).
//
// A flow's definition: { trigger, start, steps, rules, goal }. `start` names the first step; each
// step names what follows it (`next`, or `yes`/`no` for a split, `next`/`timeout_next` for a wait
// for an event); null ends the person's run there. Steps keep their `id` across versions: that is
// how a live edit knows who is where.

export const FLOW_STATUSES = ['draft', 'active', 'paused'] as const;
export type FlowStatus = (typeof FLOW_STATUSES)[number];

export const FLOW_LIMITS = {
  name: 200,
  steps: 100,
  stepId: 40,
  filters: 10,
  rules: 20,
  propertyPath: 100,
  filterValue: 500,
  /** The longest wait, timeout or re-entry delay, in days. */
  maxDays: 365,
  url: 2000,
  webhookPayloadBytes: 8_192,
  listsPerUpdate: 20,
  unsubscribeReason: 200,
} as const;

export const AUTOMATION_MESSAGES = {
  nameRequired: 'Give the flow a name.',
  tooLong: (limit: number) => `At most ${limit.toLocaleString('en')} characters.`,
  notFound: 'This flow does not exist.',
  versionNotFound: 'This version of the flow does not exist.',
  created: 'Flow saved as a draft.',
  saved: 'Flow saved.',
  savedLive: 'Flow saved. People already in it carry on with the new version.',
  deleted: 'Flow deleted.',
  notDeletable: 'An active flow cannot be deleted. Pause it first.',
  activated: 'Flow activated. People who meet its trigger from now on enter it.',
  webhookSecretMade: 'New signing secret made. Copy it now: it is not shown again, and the old one stops working.',
  paused: 'Flow paused. Nobody enters or moves on until you activate it again.',
  alreadyActive: 'This flow is already active.',
  notActive: 'Only an active flow can be paused.',
  templateUnknown: 'Choose one of the starter templates.',
  triggerInvalid: 'Choose what starts the flow.',
  eventInvalid: 'An event name is 1 to 100 characters of a-z, 0-9, _ . : and -.',
  stepIdInvalid: 'A step id is 1 to 40 characters of letters, digits, _ and -.',
  stepIdTwice: (id: string) => `Two steps have the id "${id}".`,
  stepMissing: (id: string) => `No step has the id "${id}".`,
  stepUnreachable: (id: string) => `The step "${id}" cannot be reached from the start.`,
  stepLoop: (id: string) => `The step "${id}" leads back to itself: a flow runs each step at most once per person.`,
  tooManySteps: `A flow has at most ${FLOW_LIMITS.steps} steps.`,
  stepInvalid: 'Complete or remove this step.',
  waitInvalid: 'Wait for a duration, or until a weekday and hour: one of the two.',
  weekdaysRequired: 'Choose at least one weekday.',
  durationInvalid: `A duration is a whole number of minutes, hours, days or weeks, up to ${FLOW_LIMITS.maxDays} days.`,
  conditionInvalid: 'Complete or remove this condition.',
  listInvalid: 'One of the chosen lists is not one of yours.',
  segmentInvalid: 'The chosen segment is not one of yours.',
  formInvalid: 'The chosen form is not one of yours.',
  payloadTooLarge: 'The webhook payload is larger than 8 KB.',
  timezoneInvalid: 'Choose a timezone from the list.',
  hourInvalid: 'An hour is a whole number from 0 to 23.',
  reentryDaysRequired: 'Say after how many days a person may enter again.',
  emailInvalid: 'Enter a valid email address.',
  subjectRequired: 'Add a subject line to every email step before activating.',
  fromRequired: 'Add the sender name and address to every email step before activating.',
  contentRequired: 'Write the content of every email step before activating.',
  subscriberNotFound: 'This subscriber does not exist.',
  eventNotFound: 'This event does not exist for this subscriber.',
  testAtInvalid: 'at must be an ISO 8601 date and time.',
  unsubscribeReasonRequired: `Say why, in 1 to ${FLOW_LIMITS.unsubscribeReason} characters (it is recorded with the unsubscribe).`,
} as const;

/** The sunset template's recorded reason for those who did not answer (issue 21). */
export const SUNSET_NO_ANSWER_REASON = 'Sunset: no answer';
/**
 * An email step that cannot send for a reason of the step's own (its sender, its content), not the
 * person's: the run stops there instead of going on as if the email had gone (issue 21: a sunset
 * flow must not unsubscribe people it never asked).
 */
export const FLOW_RUN_TEXTS = {
  contentBroken: (problem: string) => `Not sent: the step's content cannot be built (${problem}).`,
  stoppedAtEmail: (stepId: string, reason: string) => `Stopped at the email step "${stepId}" without sending it, so the later steps did not run. ${reason}`,
} as const;
/** The segment the sunset template starts from, made for the account when it has none of this name. */
export const SUNSET_SEGMENT_NAME = 'Dormant (engagement score)';

const capped = (limit: number) => z.string().check(z.maxLength(limit, AUTOMATION_MESSAGES.tooLong(limit)));
const uuidOf = (message: string) => z.string().check(z.regex(UUID_PATTERN, message));
const eventName = z.string({ error: AUTOMATION_MESSAGES.eventInvalid }).check(z.regex(EVENT_NAME_PATTERN, AUTOMATION_MESSAGES.eventInvalid));
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

export const flowNameSchema = z
  .string({ error: AUTOMATION_MESSAGES.nameRequired })
  .check(z.trim(), z.minLength(1, AUTOMATION_MESSAGES.nameRequired), z.maxLength(FLOW_LIMITS.name, AUTOMATION_MESSAGES.tooLong(FLOW_LIMITS.name)));

export const FLOW_TEMPLATES = ['welcome_series', 'abandoned_cart', 'post_purchase', 'win_back', 'birthday', 'sunset'] as const;
export type FlowTemplateId = (typeof FLOW_TEMPLATES)[number];

/** POST .../flows: a definition, or a starter template's (then the list or segment it needs may follow). */
export const flowCreateSchema = z
  .strictObject({
    name: flowNameSchema,
    definition: z.optional(flowDefinitionSchema),
    template: z.optional(z.enum(FLOW_TEMPLATES, AUTOMATION_MESSAGES.templateUnknown)),
  })
  .check(z.refine((body) => !(body.definition && body.template), { error: AUTOMATION_MESSAGES.templateUnknown, path: ['template'] }));
export type FlowCreate = z.output<typeof flowCreateSchema>;

/** PUT .../flows/{id}: a new version when the definition changes. */
export const flowUpdateSchema = z.strictObject({ name: z.optional(flowNameSchema), definition: z.optional(flowDefinitionSchema) });
export type FlowUpdate = z.output<typeof flowUpdateSchema>;

/** POST .../flows/{id}/test: the path this person would take, from one of their past events (or now). */
export const flowTestSchema = z.strictObject({
  subscriber_id: uuidOf(AUTOMATION_MESSAGES.subscriberNotFound),
  /**
   * One of the person's past events, as their timeline lists it (GET .../subscribers/{id}/events):
   * its name and occurred_at. The trigger to try; omitted, the flow is tried as if triggered at `at`.
   */
  event: z.optional(
    z.strictObject({
      name: eventName,
      occurred_at: z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value)), AUTOMATION_MESSAGES.testAtInvalid)),
    }),
  ),
  /** When to pretend it is (default now). */
  at: z.optional(z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value)), AUTOMATION_MESSAGES.testAtInvalid))),
});
export type FlowTest = z.output<typeof flowTestSchema>;

// What the routes answer.

export interface FlowSummary {
  id: string;
  name: string;
  status: FlowStatus;
  version: number;
  trigger: FlowTrigger;
  created_at: string;
  updated_at: string;
  activated_at: string | null;
  /** People in the flow now, and all who ever entered. */
  active_runs: number;
  total_runs: number;
}

export interface Flow extends FlowSummary {
  definition: FlowDefinition;
}

export interface FlowVersionSummary {
  version: number;
  created_at: string;
}

export interface StepStats {
  step_id: string;
  type: StepType;
  /** People who reached the step. */
  entered: number;
  /** Waiting at it now (or deferred, or being worked on). */
  waiting: number;
  /** Done with it (including skipped, failed or unknown). */
  completed: number;
  skipped: number;
  failed: number;
  /** Left unknown by a worker that stopped while sending its email or webhook. */
  unknown: number;
  emails_sent: number;
  /** Human opens and clicks (people, not machine opens). */
  opens: number;
  clicks: number;
  /** Runs through this step that reached the goal. */
  goal_conversions: number;
  /** order_placed value within the attribution window of this step's emails, by currency. */
  revenue: Record<string, number>;
  /** An email step's A/B test: where it is (issue 20); absent without one. */
  ab_test_state?: AbTestState;
  /** The same test's figures per variant, over the people sent it so far; absent without one. */
  ab_test?: AbTestReport;
}

export interface FlowStats {
  flow_id: string;
  runs: { active: number; completed: number; exited: number; goal: number; unsubscribed: number };
  entries: { pending: number; refused: number };
  /** Days after an automation email an order counts for it (the last automation email before the order). */
  attribution_days: number;
  revenue: Record<string, number>;
  steps: StepStats[];
}

export interface FlowRunNote {
  step_id: string | null;
  kind: 'skipped' | 'deferred' | 'refused' | 'failed' | 'unknown' | 'moved' | 'ended';
  reason: string;
  at: string;
}

export interface FlowRunView {
  id: string;
  subscriber_id: string;
  email: string;
  version: number;
  status: 'active' | 'completed' | 'exited' | 'goal' | 'unsubscribed';
  started_at: string;
  ended_at: string | null;
  end_reason: string | null;
  steps: { step_id: string; type: StepType; status: string; outcome: string | null; reason: string | null; due_at: string; finished_at: string | null }[];
  notes: FlowRunNote[];
}

export interface FlowTestStep {
  step_id: string;
  type: StepType;
  /** What would happen: sent, would_skip, deferred, waited, branch, updated, called, exited, ... */
  outcome: string;
  /** Why, in words. */
  reason: string;
  /** When the person would reach the step. */
  at: string;
}

export interface FlowTestResult {
  /** Whether the person would enter, and why (or why not). */
  enters: boolean;
  reason: string;
  path: FlowTestStep[];
}
