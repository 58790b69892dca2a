import * as z from 'zod/mini';
import { ACCOUNT_EMAIL_PATTERN } from './account';
import { EMAIL_MAX_LENGTH, lowerCaseEmailSchema } from './email';
import { UUID_PATTERN } from './ids';
import type { EngagementBand, SubscriberInsights } from './insights';

// A customer's audience: subscribers and lists. The requests are defined once here for the
// dashboard's forms and the API's routes.

// not_subscribed: a profile known only from events (a purchase, a visit) with no consent to mail:
// counted, scored and segmented, never sent a campaign until the person subscribes.
export const SUBSCRIBER_STATUSES = ['active', 'unsubscribed', 'bounced', 'complained', 'not_subscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
/** What a customer may set by hand; bounced and complained come only from the mail servers. */
export const SETTABLE_SUBSCRIBER_STATUSES = ['active', 'unsubscribed'] as const;

/**
 * What the subscribers table filters by: a status, or "awaiting confirmation" (active, but every
 * list they joined still waits for their double opt-in), which "active" then leaves out, as the
 * table's badges and Home's counts do.
 */
export const SUBSCRIBER_FILTER_STATUSES = [...SUBSCRIBER_STATUSES, 'awaiting_confirmation'] as const;
export type SubscriberFilterStatus = (typeof SUBSCRIBER_FILTER_STATUSES)[number];

export const MEMBERSHIP_STATUSES = ['unconfirmed', 'confirmed', 'unsubscribed'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** engagement: by the score of the last insights refresh; people without one come last either way. */
export const SUBSCRIBER_SORTS = ['created_at', 'email', 'first_name', 'last_name', 'engagement'] as const;
export type SubscriberSort = (typeof SUBSCRIBER_SORTS)[number];

export const AUDIENCE_LIMITS = {
  name: 100,
  listName: 100,
  listDescription: 500,
  listFromName: 100,
  attributeKeys: 50,
  attributeKey: 64,
  attributeValue: 1000,
  /** The most attribute keys the segment builder's picker lists (the most common first). */
  attributeKeysListed: 200,
  search: 200,
  pageSize: 50,
  maxPageSize: 200,
  listsPerRequest: 100,
  bulkSelection: 1000,
} as const;

export const AUDIENCE_MESSAGES = {
  emailRequired: 'Enter an email address.',
  emailInvalid: 'Enter a valid email address, like name@example.com.',
  tooLong: (max: number) => `At most ${max} characters.`,
  statusInvalid: 'Choose active or unsubscribed.',
  timezoneInvalid: 'Choose a time zone from the list, like Europe/London.',
  attributesInvalid: `Attributes are up to ${AUDIENCE_LIMITS.attributeKeys} named values: letters, digits and _ in the names; text, numbers, true or false as values.`,
  listIdsInvalid: 'One of the chosen lists is not one of yours.',
  listNameRequired: 'Give the list a name.',
  listNameTaken: 'You already have a list with this name.',
  listFromNotYours: 'Choose one of your senders: a confirmed address, one at a domain you authenticated, or your account’s own.',
  subscriberExists: 'This address is already in your audience.',
  subscriberNotFound: 'This subscriber does not exist.',
  listNotFound: 'This list does not exist.',
  suppressed: 'This address unsubscribed, bounced or complained before, or was erased: it cannot be added again by hand.',
  subscriberAdded: 'Subscriber added.',
  subscriberSaved: 'Subscriber saved.',
  subscriberDeleted: 'Subscriber deleted. Their address stays on your suppression list so no import brings it back.',
  listCreated: 'List created.',
  listSaved: 'List saved.',
  listDeleted: 'List deleted. Its subscribers stay in your audience.',
  segmentInvalid: 'This segment does not exist.',
  cursorInvalid: 'This page of results is out of date: start again from the first page.',
  bulkActionInvalid: 'Choose add to list, remove from list, unsubscribe or delete.',
  bulkTargetRequired: 'Choose some subscribers, or apply the action to every subscriber the filter matches.',
  bulkSelectionTooLarge: `Select at most ${AUDIENCE_LIMITS.bulkSelection.toLocaleString("en")} subscribers, or apply the action to every subscriber the filter matches.`,
  bulkListRequired: 'Choose a list.',
  bulkDone: (count: number) => `Done: ${count} ${count === 1 ? 'subscriber' : 'subscribers'} changed.`,
} as const;

/** Addresses are kept lower-case, so one person is one subscriber however they type it. */
export function normaliseSubscriberEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const subscriberEmailSchema = z.string({ error: AUDIENCE_MESSAGES.emailRequired }).check(
  z.trim(),
  z.minLength(1, { error: AUDIENCE_MESSAGES.emailRequired, abort: true }),
  z.maxLength(EMAIL_MAX_LENGTH, { error: AUDIENCE_MESSAGES.emailInvalid, abort: true }),
  z.regex(ACCOUNT_EMAIL_PATTERN, AUDIENCE_MESSAGES.emailInvalid),
  z.toLowerCase(),
);

const boundedName = z.string().check(z.trim(), z.maxLength(AUDIENCE_LIMITS.name, AUDIENCE_MESSAGES.tooLong(AUDIENCE_LIMITS.name)));

const ATTRIBUTE_KEY = /^[A-Za-z][A-Za-z0-9_]*$/;
export type AttributeValue = string | number | boolean | null;
export type Attributes = Record<string, AttributeValue>;

/** An attribute key some of the customer's subscribers have, and how many have it (set, even to null). */
export interface AttributeKeyCount {
  key: string;
  subscribers: number;
}

function validAttributes(value: Record<string, unknown>): boolean {
  const entries = Object.entries(value);
  return (
    entries.length <= AUDIENCE_LIMITS.attributeKeys &&
    entries.every(
      ([key, item]) =>
        key.length <= AUDIENCE_LIMITS.attributeKey &&
        ATTRIBUTE_KEY.test(key) &&
        (item === null ||
          typeof item === 'boolean' ||
          (typeof item === 'number' && Number.isFinite(item)) ||
          (typeof item === 'string' && item.length <= AUDIENCE_LIMITS.attributeValue)),
    )
  );
}

export const attributesSchema = z
  .record(z.string(), z.unknown(), { error: AUDIENCE_MESSAGES.attributesInvalid })
  .check(
    z.refine(validAttributes, AUDIENCE_MESSAGES.attributesInvalid),
    // What validAttributes checks, as the API's JSON Schema says it (a refine is invisible to z.toJSONSchema).
    z.meta({
      maxProperties: AUDIENCE_LIMITS.attributeKeys,
      propertyNames: { type: 'string', maxLength: AUDIENCE_LIMITS.attributeKey, pattern: ATTRIBUTE_KEY.source },
      additionalProperties: { anyOf: [{ type: 'string', maxLength: AUDIENCE_LIMITS.attributeValue }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }] },
    }),
  ) as unknown as z.ZodMiniType<Attributes, Attributes>;

/** An IANA time zone name the runtime knows (browsers and Node share the list). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value.length > 0 && value.length <= 64;
  } catch {
    return false;
  }
}

const timezoneSchema = z.nullable(z.string().check(z.refine(isTimeZone, AUDIENCE_MESSAGES.timezoneInvalid)));
const uuid = z.string().check(z.regex(UUID_PATTERN, AUDIENCE_MESSAGES.listIdsInvalid));
const listIdsSchema = z.array(uuid).check(z.maxLength(AUDIENCE_LIMITS.listsPerRequest, AUDIENCE_MESSAGES.listIdsInvalid));

export const subscriberCreateSchema = z.strictObject({
  email: subscriberEmailSchema,
  first_name: z._default(boundedName, ''),
  last_name: z._default(boundedName, ''),
  attributes: z._default(attributesSchema, {}),
  timezone: z._default(timezoneSchema, null),
  status: z._default(z.enum(SETTABLE_SUBSCRIBER_STATUSES, { error: AUDIENCE_MESSAGES.statusInvalid }), 'active'),
  /** The lists to add them to; added by the customer, so confirmed. */
  list_ids: z._default(listIdsSchema, []),
});
export type SubscriberCreate = z.input<typeof subscriberCreateSchema>;
export type SubscriberCreateData = z.output<typeof subscriberCreateSchema>;

export const subscriberUpdateSchema = z.strictObject({
  email: z.optional(subscriberEmailSchema),
  first_name: z.optional(boundedName),
  last_name: z.optional(boundedName),
  attributes: z.optional(attributesSchema),
  timezone: z.optional(timezoneSchema),
  status: z.optional(z.enum(SETTABLE_SUBSCRIBER_STATUSES, { error: AUDIENCE_MESSAGES.statusInvalid })),
  /** The complete set of lists they belong to: lists left out are left (as unsubscribed). */
  list_ids: z.optional(listIdsSchema),
});
export type SubscriberUpdate = z.output<typeof subscriberUpdateSchema>;

/** Which subscribers: a search, a status, a list, a segment. The table, the CSV export and bulk actions share it. */
const filterShape = {
  q: z._default(z.string().check(z.trim(), z.maxLength(AUDIENCE_LIMITS.search, AUDIENCE_MESSAGES.tooLong(AUDIENCE_LIMITS.search))), ''),
  status: z.optional(z.enum(SUBSCRIBER_FILTER_STATUSES)),
  list_id: z.optional(uuid),
  /** Subscribers matching one of the customer's segments. */
  segment_id: z.optional(z.string().check(z.regex(UUID_PATTERN, AUDIENCE_MESSAGES.segmentInvalid))),
};
export const subscriberFilterSchema = z.strictObject(filterShape);
export type SubscriberFilter = z.output<typeof subscriberFilterSchema>;

/** The subscribers table's query string. */
export const subscriberQuerySchema = z.strictObject({
  ...filterShape,
  sort: z._default(z.enum(SUBSCRIBER_SORTS), 'created_at'),
  order: z._default(z.enum(['asc', 'desc']), 'desc'),
  /** The cursor of the page to continue after (next_cursor of the previous page). */
  after: z.optional(z.string().check(z.maxLength(1000, AUDIENCE_MESSAGES.cursorInvalid))),
  limit: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(AUDIENCE_LIMITS.maxPageSize)),
    AUDIENCE_LIMITS.pageSize,
  ),
});
export type SubscriberQuery = z.output<typeof subscriberQuerySchema>;

const listNameSchema = z
  .string({ error: AUDIENCE_MESSAGES.listNameRequired })
  .check(
    z.trim(),
    z.minLength(1, AUDIENCE_MESSAGES.listNameRequired),
    z.maxLength(AUDIENCE_LIMITS.listName, AUDIENCE_MESSAGES.tooLong(AUDIENCE_LIMITS.listName)),
  );
const listDescriptionSchema = z
  .string()
  .check(z.trim(), z.maxLength(AUDIENCE_LIMITS.listDescription, AUDIENCE_MESSAGES.tooLong(AUDIENCE_LIMITS.listDescription)));

export const BULK_ACTIONS = ['add_to_list', 'remove_from_list', 'unsubscribe', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** An action on a selection (`ids`) or on every subscriber a filter matches (`filter`), never both. */
export const bulkActionSchema = z
  .strictObject({
    action: z.enum(BULK_ACTIONS, { error: AUDIENCE_MESSAGES.bulkActionInvalid }),
    list_id: z.optional(uuid),
    ids: z.optional(z.array(uuid).check(z.maxLength(AUDIENCE_LIMITS.bulkSelection, AUDIENCE_MESSAGES.bulkSelectionTooLarge))),
    filter: z.optional(subscriberFilterSchema),
  })
  .check(
    z.refine((value) => (value.ids === undefined) !== (value.filter === undefined), { error: AUDIENCE_MESSAGES.bulkTargetRequired, path: ['ids'] }),
    z.refine((value) => !value.action.endsWith('_list') || value.list_id !== undefined, { error: AUDIENCE_MESSAGES.bulkListRequired, path: ['list_id'] }),
  );
export type BulkActionRequest = z.output<typeof bulkActionSchema>;

// Who the list's double opt-in confirmation comes from; empty: the customer's name on the platform's address.
const listFromNameSchema = z.string().check(z.trim(), z.maxLength(AUDIENCE_LIMITS.listFromName, AUDIENCE_MESSAGES.tooLong(AUDIENCE_LIMITS.listFromName)));
const listFromEmailSchema = lowerCaseEmailSchema(AUDIENCE_MESSAGES.emailInvalid, { allowEmpty: true });

export const listCreateSchema = z.strictObject({
  name: listNameSchema,
  /** The customer's private note: never shown to readers. */
  description: z._default(listDescriptionSchema, ''),
  /** What readers see under the list's name in the preference centre. */
  public_description: z._default(listDescriptionSchema, ''),
  /** New members from a form must confirm by email before they receive anything. */
  double_opt_in: z._default(z.boolean(), true),
  from_name: z._default(listFromNameSchema, ''),
  from_email: z._default(listFromEmailSchema, ''),
});
export type ListCreate = z.input<typeof listCreateSchema>;
export type ListCreateData = z.output<typeof listCreateSchema>;

// Only what is sent changes.
export const listUpdateSchema = z.strictObject({
  name: z.optional(listNameSchema),
  description: z.optional(listDescriptionSchema),
  public_description: z.optional(listDescriptionSchema),
  double_opt_in: z.optional(z.boolean()),
  from_name: z.optional(listFromNameSchema),
  from_email: z.optional(listFromEmailSchema),
});
export type ListUpdate = z.output<typeof listUpdateSchema>;

// What the API answers.

export interface ListMembership {
  list_id: string;
  list_name: string;
  status: MembershipStatus;
  /** When the membership was confirmed (double opt-in), or null. */
  confirmed_at: string | null;
}

export interface SubscriberSummary {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  status: SubscriberStatus;
  /** Active, but every list they joined waits for their double opt-in confirmation: not emailable yet. */
  awaiting_confirmation: boolean;
  created_at: string;
}

/**
 * A subscriber's timeline. Recorded as they happen: status changes and leaving or rejoining a
 * list. Read from the rows: when they subscribed (and how), confirmed, joined or confirmed a list.
 */
export const RECORDED_ACTIVITY_KINDS = ['unsubscribed', 'resubscribed', 'bounced', 'complained', 'left_list', 'rejoined_list'] as const;
export type RecordedActivityKind = (typeof RECORDED_ACTIVITY_KINDS)[number];
export const ACTIVITY_KINDS = ['subscribed', 'confirmed', 'joined_list', 'confirmed_list', ...RECORDED_ACTIVITY_KINDS] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export interface SubscriberActivity {
  kind: ActivityKind;
  at: string;
  /** For list events: the list, and its name (null once the list is deleted). */
  list_id: string | null;
  list_name: string | null;
  /** For "subscribed": how they came in (manual, api, form, import). */
  source: string | null;
}

/** The newest events a subscriber's page shows. */
export const ACTIVITY_LIMIT = 50;

export interface Subscriber extends SubscriberSummary {
  attributes: Attributes;
  timezone: string | null;
  updated_at: string;
  /** Their preference centre (/u/{token}): what every campaign links to; the customer may share it. */
  preference_url: string;
  consent: { source: string; at: string | null; confirmed_at: string | null };
  lists: ListMembership[];
  /** Newest first, at most ACTIVITY_LIMIT. */
  activity: SubscriberActivity[];
  /** What the models worked out about them (purchases: issue 19). */
  insights: SubscriberInsights;
}

/** A row of the subscribers table: the summary and the engagement score (0..1) and band, null before any. */
export interface SubscriberListRow extends SubscriberSummary {
  engagement: { score: number; band: EngagementBand } | null;
}

export interface SubscribersPage {
  subscribers: SubscriberListRow[];
  /** Pass as `after` for the next page; null on the last. */
  next_cursor: string | null;
  /** How many match the filters (all pages). */
  total: number;
}

export interface AudienceList {
  id: string;
  name: string;
  /** The customer's private note. */
  description: string;
  /** Shown to readers in the preference centre. */
  public_description: string;
  double_opt_in: boolean;
  /** Who its confirmation emails come from ('' for both: the account's name on the platform's address). */
  from_name: string;
  from_email: string;
  created_at: string;
  /** Members by status. */
  counts: Record<MembershipStatus, number>;
}
