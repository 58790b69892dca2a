import * as z from 'zod/mini';

// Events: what people did (bought, viewed, opened a platform's email), sent through the public
// API or brought from another platform. One definition of a valid event for the API, the import
// and the docs.

export const EVENT_LIMITS = {
  /** Events in one POST /api/v1/events. */
  perCall: 5_000,
  name: 100,
  idempotencyKey: 200,
  /** The properties object as JSON, in bytes. */
  propertiesBytes: 16_384,
  /** How far ahead of now an event may claim to have happened (clock skew), in ms. */
  futureMs: 86_400_000,
  /** A person's events per page of GET /api/v1/subscribers/{id}/events. */
  page: 100,
  campaignRef: 200,
} as const;

/** Lower-case letters, digits and `_ . : -`: names stay readable in segments and flows. */
export const EVENT_NAME_PATTERN = /^[a-z0-9_.:-]{1,100}$/;

/** Names with a fixed meaning; anything else that fits the pattern is a custom event. */
export const BUILT_IN_EVENTS = {
  orderPlaced: 'order_placed',
  productViewed: 'product_viewed',
  emailDelivered: 'email_delivered',
  emailOpened: 'email_opened',
  emailClicked: 'email_clicked',
  emailBounced: 'email_bounced',
  emailUnsubscribed: 'email_unsubscribed',
} as const;

/** Engagement history from another platform: each names the send it belongs to. */
export const EMAIL_HISTORY_EVENTS: readonly string[] = [
  BUILT_IN_EVENTS.emailDelivered,
  BUILT_IN_EVENTS.emailOpened,
  BUILT_IN_EVENTS.emailClicked,
  BUILT_IN_EVENTS.emailBounced,
  BUILT_IN_EVENTS.emailUnsubscribed,
];

export const EVENT_MESSAGES = {
  bodyInvalid: 'Send {"events": [...]} with between 1 and 5,000 events.',
  notAnObject: 'An event is a JSON object.',
  unknownField: (field: string) => `Unknown field "${field}". An event has name, email or subscriber_id, occurred_at, id, properties, value and currency.`,
  nameInvalid: 'name must be 1 to 100 characters of a-z, 0-9, _ . : and -.',
  personMissing: 'Give the person as email or subscriber_id.',
  personTwice: 'Give email or subscriber_id, not both.',
  emailInvalid: 'email is not a valid address.',
  subscriberIdInvalid: 'subscriber_id is not one of your subscribers.',
  occurredAtInvalid: 'occurred_at must be an ISO 8601 date and time, such as 2026-11-24T09:30:00Z.',
  occurredAtFuture: 'occurred_at is more than a day in the future.',
  idInvalid: 'id must be a string of 1 to 200 characters.',
  propertiesInvalid: 'properties must be a JSON object.',
  propertiesTooLarge: 'properties is larger than 16 KB.',
  propertiesUnstorable: 'properties holds a NUL character or a broken UTF-16 surrogate, which cannot be stored.',
  valueInvalid: 'value must be a finite number.',
  currencyInvalid: 'currency must be an ISO 4217 code, such as USD or EUR.',
  currencyWithoutValue: 'currency goes with a value.',
  valueWithoutCurrency: 'value needs its currency.',
  orderIdMissing: 'order_placed needs properties.order_id.',
  orderValueMissing: 'order_placed needs a value and its currency.',
  orderItemsInvalid: 'properties.items must be a list of {product_id, quantity, price}.',
  productIdMissing: 'product_viewed needs properties.product_id.',
  campaignRefMissing: 'Email history events need properties.campaign_ref (up to 200 characters).',
  erased: 'This address was erased from your audience; its events are not kept.',
  tooMany: 'Too many events in one call: send at most 5,000.',
  subscriberNotFound: 'This subscriber does not exist.',
  cursorInvalid: 'This page link is not valid any more. Start from the first page.',
} as const;

/** The fields an event may carry: anything else is refused by name, so a typo is not lost silently. */
export const EVENT_FIELDS = ['name', 'email', 'subscriber_id', 'occurred_at', 'id', 'properties', 'value', 'currency'] as const;

let currencies: ReadonlySet<string> | undefined;
/** ISO 4217 codes as the runtime's Intl knows them. */
export function isCurrencyCode(code: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return code.length === 3 && currencies.has(code);
}

// ISO 8601 with a date and a time; the zone may be left out (read as UTC).
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A date-time a person may send: ISO 8601, at most 40 characters, a real instant. */
export function parseIsoDateTime(value: unknown): Date | null {
  if (typeof value !== 'string' || value.length > 40 || !ISO_DATE_TIME.test(value)) return null;
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/.test(value);
  const date = new Date(hasZone ? value : `${value}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The query of a person's events page. */
// `after` is, as in the subscribers table, where to continue: the `next_cursor` of the previous
// page; an ISO date-time there instead asks for the events after that time.
export const personEventsQuerySchema = z.strictObject({
  name: z.optional(z.string().check(z.maxLength(EVENT_LIMITS.name, EVENT_MESSAGES.nameInvalid), z.regex(EVENT_NAME_PATTERN, EVENT_MESSAGES.nameInvalid))),
  after: z.optional(z.string().check(z.maxLength(200, EVENT_MESSAGES.cursorInvalid))),
});
export type PersonEventsQuery = z.output<typeof personEventsQuerySchema>;

/** One event as the API answers it (own tracking and imported history alike). */
export interface PersonEvent {
  name: string;
  occurred_at: string;
  source: string;
  value: number | null;
  currency: string | null;
  campaign_ref: string | null;
  /** email_opened / email_clicked: a machine (privacy proxy, scanner), not the person. */
  machine: boolean | null;
  properties: Record<string, unknown> | null;
}

export interface PersonEventsPage {
  events: PersonEvent[];
  /** Pass as `after` for the next (older) page; null on the last. */
  next_cursor: string | null;
}

export interface EventsIngestResult {
  accepted: number;
  duplicates: number;
  rejected: { index: number; message: string }[];
}
