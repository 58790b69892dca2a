import { BUILT_IN_EVENTS, EVENT_LIMITS, EVENT_MESSAGES, type EventsIngestResult, parseIsoDateTime, type PersonEvent, type PersonEventsPage, type PersonEventsQuery } from '@postlark/shared/events';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import { findSubscriber } from '../audience/subscribers.repository';
import { ensurePartitions } from './event-partitions';
import { type EventVerdict, type ParsedEvent, parseEvent } from './event-input';
import {
  createProfiles,
  type EventRow,
  pagePersonEvents,
  type PersonEventRow,
  type PersonRow,
  storeEvents,
  subscribersByEmails,
  subscribersByIds,
  suppressedEmails,
  unsubscribeAfter,
} from './events.repository';
import { decodeStreamCursor, encodeStreamCursor } from './stream-cursor';

/** An event as stored, handed to whoever reacts to new events (automations) inside the same transaction. */
export interface StoredEvent {
  id: number;
  subscriberId: string;
  name: string;
  occurredAt: Date;
  value: number | null;
  currency: string | null;
  properties: Record<string, unknown> | null;
  /** The idempotency key (hex): one trigger occurrence. */
  key: string;
}

export type EventsStoredHook = (tx: Db, customerId: string, stored: readonly StoredEvent[]) => Promise<void>;

export interface EventDeps {
  db: Db;
  now: () => Date;
  /** Runs in the ingest transaction with the events stored by this call (not the duplicates). */
  onEventsStored?: EventsStoredHook;
}

/** Where an event came from: the API, an import, or a connected platform. */
export type EventSource = 'api' | 'import' | 'mailchimp' | 'brevo' | 'beehiiv' | 'hubspot';

type Checked = { index: number; event: ParsedEvent };

/** The body's events, or a 400 when the body is not a batch at all. */
function batchOf(body: unknown): unknown[] {
  const events = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { events?: unknown }).events : undefined;
  const extra = typeof body === 'object' && body !== null ? Object.keys(body).filter((key) => key !== 'events') : [];
  if (!Array.isArray(events) || events.length === 0 || extra.length > 0) throw new HttpError(400, EVENT_MESSAGES.bodyInvalid);
  if (events.length > EVENT_LIMITS.perCall) throw new HttpError(400, EVENT_MESSAGES.tooMany);
  return events;
}

/**
 * Each event's person: a subscriber of the customer, by id or address. An unknown address gets a
 * profile without consent; an erased one is refused, and so is an id that is not the customer's.
 */
async function resolvePeople(db: Db, customerId: string, checked: readonly Checked[], now: Date): Promise<Map<number, string | { refused: string }>> {
  const emails = new Set<string>();
  const ids = new Set<string>();
  for (const { event } of checked) {
    if ('email' in event.person) emails.add(event.person.email);
    else ids.add(event.person.subscriberId);
  }
  const byEmail = new Map<string, PersonRow>((await subscribersByEmails(db, customerId, [...emails])).map((row) => [row.email, row]));
  const unknown = [...emails].filter((email) => !byEmail.has(email));
  const erased = await suppressedEmails(db, customerId, unknown);
  for (const row of await createProfiles(db, customerId, unknown.filter((email) => !erased.has(email)), now)) byEmail.set(row.email, row);
  const ownIds = new Set((await subscribersByIds(db, customerId, [...ids])).map((row) => row.id));

  const people = new Map<number, string | { refused: string }>();
  for (const { index, event } of checked) {
    if ('email' in event.person) {
      const row = byEmail.get(event.person.email);
      people.set(index, row ? row.id : { refused: erased.has(event.person.email) ? EVENT_MESSAGES.erased : EVENT_MESSAGES.emailInvalid });
    } else {
      people.set(index, ownIds.has(event.person.subscriberId) ? event.person.subscriberId : { refused: EVENT_MESSAGES.subscriberIdInvalid });
    }
  }
  return people;
}

/**
 * Takes a batch of up to 5,000 events: each is checked on its own (one bad event never sinks the
 * others), a repeated key changes nothing, and the rest are stored in one transaction.
 */
export async function ingestEvents(deps: EventDeps, customerId: string, body: unknown, source: EventSource): Promise<EventsIngestResult> {
  const now = deps.now();
  const raw = batchOf(body);
  const rejected: EventsIngestResult['rejected'] = [];
  const checked: Checked[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  raw.forEach((item, index) => {
    const verdict: EventVerdict = parseEvent(item, now);
    if (!verdict.ok) return void rejected.push({ index, message: verdict.message });
    const { key } = verdict.event;
    // The same event twice in one call: the second is a duplicate like a retried one.
    if (seen.has(key)) return void (duplicates += 1);
    seen.add(key);
    checked.push({ index, event: verdict.event });
  });

  const people = await resolvePeople(deps.db, customerId, checked, now);
  const rows: EventRow[] = [];
  for (const { index, event } of checked) {
    const person = people.get(index);
    if (typeof person !== 'string') {
      rejected.push({ index, message: person?.refused ?? EVENT_MESSAGES.personMissing });
      continue;
    }
    rows.push({ ...event, subscriberId: person });
  }
  rejected.sort((left, right) => left.index - right.index);
  if (rows.length === 0) return { accepted: 0, duplicates, rejected };

  await ensurePartitions(deps.db, rows.map((row) => row.occurredAt));
  const stored = await deps.db.transaction(async (tx) => {
    const inserted = await storeEvents(tx, customerId, rows, source, now);
    const byKey = new Map(rows.map((row) => [row.key, row]));
    const events: StoredEvent[] = inserted.map(({ id, key }) => {
      const row = byKey.get(key)!;
      return { id, key, subscriberId: row.subscriberId, name: row.name, occurredAt: row.occurredAt, value: row.value, currency: row.currency, properties: row.properties };
    });
    const optOuts = events.filter((event) => event.name === BUILT_IN_EVENTS.emailUnsubscribed).map((event) => ({ subscriberId: event.subscriberId, at: event.occurredAt }));
    await unsubscribeAfter(tx, customerId, optOuts, now);
    if (deps.onEventsStored && events.length > 0) await deps.onEventsStored(tx, customerId, events);
    return events;
  });
  return { accepted: stored.length, duplicates: duplicates + rows.length - stored.length, rejected };
}

function toPersonEvent(row: PersonEventRow): PersonEvent {
  return {
    name: row.name,
    occurred_at: new Date(row.occurredAt).toISOString(),
    source: row.source,
    value: row.value === null ? null : Number(row.value),
    currency: row.currency,
    campaign_ref: row.campaignRef,
    machine: row.machine,
    properties: row.properties,
  };
}

/**
 * A page of a person's events (own tracking and stored events), newest first. `after` is an ISO
 * time (only events after it) or the previous page's next_cursor, which carries that time on.
 */
export async function personEvents(deps: { db: Db }, customerId: string, subscriberId: string, query: PersonEventsQuery): Promise<PersonEventsPage> {
  if (!isUuid(subscriberId) || !(await findSubscriber(deps.db, customerId, subscriberId))) throw new HttpError(404, EVENT_MESSAGES.subscriberNotFound);
  const sinceAsked = query.after === undefined ? null : parseIsoDateTime(query.after);
  const cursor = query.after === undefined || sinceAsked ? null : decodeStreamCursor(query.after, subscriberId);
  if (query.after !== undefined && !sinceAsked && !cursor) throw new HttpError(400, EVENT_MESSAGES.cursorInvalid);
  const since = sinceAsked ?? (cursor?.since ? parseIsoDateTime(cursor.since) : null);
  const rows = await pagePersonEvents(deps.db, customerId, subscriberId, { name: query.name, after: since ?? undefined }, cursor, EVENT_LIMITS.page);
  const page = rows.slice(0, EVENT_LIMITS.page);
  const last = page.at(-1);
  const next =
    rows.length > EVENT_LIMITS.page && last
      ? encodeStreamCursor({ subscriberId, at: last.at, origin: Number(last.origin), rowId: last.rowId, since: since?.toISOString() ?? null })
      : null;
  return { events: page.map(toPersonEvent), next_cursor: next };
}
