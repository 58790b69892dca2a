import { createHash } from 'node:crypto';
import { normaliseSubscriberEmail } from '@postlark/shared/audience';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '@postlark/shared/email';
import {
  BUILT_IN_EVENTS,
  EMAIL_HISTORY_EVENTS,
  EVENT_FIELDS,
  EVENT_LIMITS,
  EVENT_MESSAGES,
  EVENT_NAME_PATTERN,
  isCurrencyCode,
  parseIsoDateTime,
} from '@postlark/shared/events';
import { isUuid } from '../../lib/uuid';
import { isMachineAgent } from '../tracking/machine-opens';
import type { EventRow } from './events.repository';

// One event as sent, checked field by field by hand rather than by a schema: a call carries up to
// 5,000 of them, each answered with its own message, and this is the ingestion's hot path.

/** Who the event is about, as sent: an address (lower-cased) or one of the customer's ids. */
export type EventPerson = { email: string } | { subscriberId: string };

/** An event as it will be stored, with its person as sent (not yet resolved to a subscriber). */
export type ParsedEvent = Omit<EventRow, 'subscriberId'> & { person: EventPerson };

export type EventVerdict = { ok: true; event: ParsedEvent } | { ok: false; message: string };

const KNOWN_FIELDS: ReadonlySet<string> = new Set(EVENT_FIELDS);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(message: string): EventVerdict {
  return { ok: false, message };
}

// A NUL, or half of a surrogate pair, cannot be stored in PostgreSQL's text or jsonb: one such
// character would fail the whole batch, so the event that carries it is refused on its own.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const storableText = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/** Whether every key and string inside can be stored (see storableText). */
function storable(value: unknown): boolean {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) return value.every(storable);
  if (isPlainObject(value)) return Object.entries(value).every(([key, inner]) => storableText(key) && storable(inner));
  return true;
}

/** JSON with object keys in order, so the same content always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isPlainObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function keyOf(raw: Record<string, unknown>, person: EventPerson, receivedAt: Date): string {
  const hash = createHash('sha256');
  if (typeof raw.id === 'string') {
    hash.update(`id:${raw.id}`);
  } else {
    // Without an id, the content is the key. An event sent without its time is dated on receipt,
    // so a retry is recognised within the same minute; an id makes retries safe at any distance.
    const when = raw.occurred_at ?? `received:${receivedAt.toISOString().slice(0, 16)}`;
    hash.update(`content:${canonicalJson({ name: raw.name, person, when, value: raw.value ?? null, currency: raw.currency ?? null, properties: raw.properties ?? null })}`);
  }
  return hash.digest('hex').slice(0, 32);
}

function personOf(raw: Record<string, unknown>): EventPerson | string {
  const hasEmail = raw.email !== undefined;
  const hasId = raw.subscriber_id !== undefined;
  if (hasEmail && hasId) return EVENT_MESSAGES.personTwice;
  if (hasEmail) {
    const { email } = raw;
    // Length first: the pattern never reads more than an address can hold.
    const valid = typeof email === 'string' && email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email.trim());
    return valid ? { email: normaliseSubscriberEmail(email) } : EVENT_MESSAGES.emailInvalid;
  }
  if (hasId) {
    const id = raw.subscriber_id;
    return typeof id === 'string' && isUuid(id) ? { subscriberId: id.toLowerCase() } : EVENT_MESSAGES.subscriberIdInvalid;
  }
  return EVENT_MESSAGES.personMissing;
}

function money(raw: Record<string, unknown>): { value: number | null; currency: string | null } | string {
  const { value, currency } = raw;
  if (value !== undefined && value !== null && (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) >= 1e14)) return EVENT_MESSAGES.valueInvalid;
  if (currency !== undefined && currency !== null && (typeof currency !== 'string' || !isCurrencyCode(currency.toUpperCase()))) return EVENT_MESSAGES.currencyInvalid;
  const hasValue = typeof value === 'number';
  const hasCurrency = typeof currency === 'string';
  if (hasCurrency && !hasValue) return EVENT_MESSAGES.currencyWithoutValue;
  if (hasValue && !hasCurrency) return EVENT_MESSAGES.valueWithoutCurrency;
  return { value: hasValue ? value : null, currency: hasCurrency ? currency.toUpperCase() : null };
}

function isOrderItem(item: unknown): boolean {
  if (!isPlainObject(item)) return false;
  const id = item.product_id;
  return (
    (typeof id === 'string' || typeof id === 'number') &&
    String(id).length > 0 &&
    String(id).length <= 200 &&
    (item.quantity === undefined || (typeof item.quantity === 'number' && Number.isFinite(item.quantity) && item.quantity >= 0)) &&
    (item.price === undefined || (typeof item.price === 'number' && Number.isFinite(item.price)))
  );
}

function isReference(value: unknown): boolean {
  return (typeof value === 'string' && value.length > 0 && value.length <= 200) || (typeof value === 'number' && Number.isFinite(value));
}

/** The rules of the built-in names; null when the event keeps them. */
function builtInProblem(name: string, properties: Record<string, unknown> | null, value: number | null): string | null {
  if (name === BUILT_IN_EVENTS.orderPlaced) {
    if (!properties || !isReference(properties.order_id)) return EVENT_MESSAGES.orderIdMissing;
    if (value === null) return EVENT_MESSAGES.orderValueMissing;
    const { items } = properties;
    if (items !== undefined && (!Array.isArray(items) || !items.every(isOrderItem))) return EVENT_MESSAGES.orderItemsInvalid;
  }
  if (name === BUILT_IN_EVENTS.productViewed && (!properties || !isReference(properties.product_id))) return EVENT_MESSAGES.productIdMissing;
  if (EMAIL_HISTORY_EVENTS.includes(name)) {
    const ref = properties?.campaign_ref;
    if (typeof ref !== 'string' || ref.length === 0 || ref.length > EVENT_LIMITS.campaignRef) return EVENT_MESSAGES.campaignRefMissing;
  }
  return null;
}

/**
 * Email history keeps its send's reference in a column, and an open's or click's user agent only
 * long enough to judge whether a machine made it (as our own tracking does); the agent is dropped.
 */
function emailHistoryParts(name: string, properties: Record<string, unknown> | null) {
  if (!properties || !EMAIL_HISTORY_EVENTS.includes(name)) return { campaignRef: null, machine: null, properties };
  const { campaign_ref: campaignRef, user_agent: userAgent, ...rest } = properties;
  const judged = name === BUILT_IN_EVENTS.emailOpened || name === BUILT_IN_EVENTS.emailClicked;
  return {
    campaignRef: campaignRef as string,
    machine: judged ? isMachineAgent(typeof userAgent === 'string' ? userAgent : undefined, '') : null,
    properties: Object.keys(rest).length > 0 ? rest : null,
  };
}

/** Checks one event of a call; `now` is the time of receipt. */
export function parseEvent(raw: unknown, now: Date): EventVerdict {
  if (!isPlainObject(raw)) return fail(EVENT_MESSAGES.notAnObject);
  for (const field of Object.keys(raw)) if (!KNOWN_FIELDS.has(field)) return fail(EVENT_MESSAGES.unknownField(field.slice(0, 100)));

  const { name } = raw;
  if (typeof name !== 'string' || name.length > EVENT_LIMITS.name || !EVENT_NAME_PATTERN.test(name)) return fail(EVENT_MESSAGES.nameInvalid);
  const person = personOf(raw);
  if (typeof person === 'string') return fail(person);

  let occurredAt = now;
  if (raw.occurred_at !== undefined) {
    const parsed = parseIsoDateTime(raw.occurred_at);
    if (!parsed) return fail(EVENT_MESSAGES.occurredAtInvalid);
    if (parsed.getTime() > now.getTime() + EVENT_LIMITS.futureMs) return fail(EVENT_MESSAGES.occurredAtFuture);
    occurredAt = parsed;
  }
  if (raw.id !== undefined && (typeof raw.id !== 'string' || raw.id.length === 0 || raw.id.length > EVENT_LIMITS.idempotencyKey)) return fail(EVENT_MESSAGES.idInvalid);

  let properties: Record<string, unknown> | null = null;
  if (raw.properties !== undefined && raw.properties !== null) {
    if (!isPlainObject(raw.properties)) return fail(EVENT_MESSAGES.propertiesInvalid);
    if (Buffer.byteLength(JSON.stringify(raw.properties)) > EVENT_LIMITS.propertiesBytes) return fail(EVENT_MESSAGES.propertiesTooLarge);
    if (!storable(raw.properties)) return fail(EVENT_MESSAGES.propertiesUnstorable);
    properties = raw.properties;
  }
  const amount = money(raw);
  if (typeof amount === 'string') return fail(amount);
  const problem = builtInProblem(name, properties, amount.value);
  if (problem) return fail(problem);

  const history = emailHistoryParts(name, properties);
  return {
    ok: true,
    event: { name, person, occurredAt, ...amount, ...history, key: keyOf(raw, person, now) },
  };
}
