import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import { suppressionHashOf } from '../audience/subscribers.repository';

// Events in and out: who they belong to, storing them once, and reading a person's stream (the
// person_events view: stored events and our own tracking alike).

export interface PersonRow {
  id: string;
  email: string;
  status: string;
}

/** The customer's subscribers with these addresses (kept lower-case). */
export async function subscribersByEmails(db: Db, customerId: string, emails: readonly string[]): Promise<PersonRow[]> {
  if (emails.length === 0) return [];
  const result = await db.execute(sql`
    select id, email, status from subscribers
    where customer_id = ${customerId}::uuid and email = any(${sql.param([...emails])}::text[])`);
  return rowsOf<PersonRow>(result);
}

/** Of these ids, the customer's own subscribers. */
export async function subscribersByIds(db: Db, customerId: string, ids: readonly string[]): Promise<PersonRow[]> {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`
    select id::text as id, email, status from subscribers
    where customer_id = ${customerId}::uuid and id = any(${sql.param([...ids])}::uuid[])`);
  return rowsOf<PersonRow>(result);
}

/**
 * Of these addresses (none of them a subscriber now), the ones on the suppression list: an address
 * that left the audience entirely was erased, and its erasure stands.
 */
export async function suppressedEmails(db: Db, customerId: string, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const result = await db.execute(sql`
    select e.email from unnest(${sql.param([...emails])}::text[]) as e(email)
    where exists (select 1 from suppressions s where s.customer_id = ${customerId}::uuid and s.email_hash = ${suppressionHashOf(sql`e.email`)})`);
  return new Set(rowsOf<{ email: string }>(result).map((row) => row.email));
}

/**
 * Profiles without consent for addresses we only know from events: never on a list, never mailed
 * (status not_subscribed) until the person subscribes. Answers every address's id, including
 * those another request made meanwhile.
 */
export async function createProfiles(db: Db, customerId: string, emails: readonly string[], now: Date): Promise<PersonRow[]> {
  if (emails.length === 0) return [];
  await db.execute(sql`
    insert into subscribers (customer_id, email, status, consent_source, created_at, updated_at)
    select ${customerId}::uuid, e.email, 'not_subscribed', 'event', ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from unnest(${sql.param([...emails])}::text[]) as e(email)
    on conflict (customer_id, email) do nothing`);
  return subscribersByEmails(db, customerId, emails);
}

export interface EventRow {
  subscriberId: string;
  name: string;
  occurredAt: Date;
  value: number | null;
  currency: string | null;
  campaignRef: string | null;
  machine: boolean | null;
  properties: Record<string, unknown> | null;
  /** The idempotency key, in hex: 16 bytes of a SHA-256 of the sent id, or of the content without one. */
  key: string;
}

export interface StoredEventRow {
  id: number;
  key: string;
}

/**
 * Stores the events whose keys are new: the keys go in first (a repeated one is skipped by its
 * primary key, also against a concurrent call), then those events. Each statement takes the whole
 * batch as one JSON document that the database unpacks (jsonb_to_recordset): serialising a few
 * thousand rows as parameter arrays, element by element and escaped, costs the server more.
 */
export async function storeEvents(db: Db, customerId: string, rows: readonly EventRow[], source: string, now: Date): Promise<StoredEventRow[]> {
  if (rows.length === 0) return [];
  const fresh = await db.execute(sql`
    insert into event_keys (customer_id, key_hash)
    select ${customerId}::uuid, decode(k.key, 'hex') from jsonb_array_elements_text(${JSON.stringify(rows.map((row) => row.key))}::jsonb) as k(key)
    on conflict do nothing
    returning encode(key_hash, 'hex') as key`);
  const freshKeys = new Set(rowsOf<{ key: string }>(fresh).map((row) => row.key));
  const kept = rows.filter((row) => freshKeys.has(row.key));
  if (kept.length === 0) return [];
  const batch = JSON.stringify(
    kept.map((row) => ({
      subscriber_id: row.subscriberId,
      name: row.name,
      occurred_at: row.occurredAt.toISOString(),
      value: row.value,
      currency: row.currency,
      campaign_ref: row.campaignRef,
      machine: row.machine,
      properties: row.properties,
    })),
  );
  const result = await db.execute(sql`
    insert into events (customer_id, subscriber_id, name, occurred_at, received_at, source, value, currency, campaign_ref, machine, properties)
    select ${customerId}::uuid, e.subscriber_id, e.name, e.occurred_at, ${now.toISOString()}::timestamptz, ${source}, e.value, e.currency, e.campaign_ref, e.machine, e.properties
    from jsonb_to_recordset(${batch}::jsonb) as e(subscriber_id uuid, name text, occurred_at timestamptz, value numeric, currency text, campaign_ref text, machine boolean, properties jsonb)
    returning id`);
  const ids = rowsOf<{ id: string | number }>(result);
  return kept.map((row, index) => ({ id: Number(ids[index]?.id), key: row.key }));
}

/**
 * An unsubscribe recorded on another platform after the person's consent here is an opt-out, and
 * opt-outs win: an active subscriber becomes unsubscribed (the suppression trigger does the rest).
 */
export async function unsubscribeAfter(db: Db, customerId: string, optOuts: readonly { subscriberId: string; at: Date }[], now: Date): Promise<void> {
  if (optOuts.length === 0) return;
  await db.execute(sql`
    update subscribers s set status = 'unsubscribed', updated_at = ${now.toISOString()}::timestamptz
    from unnest(${sql.param(optOuts.map((row) => row.subscriberId))}::uuid[], ${sql.param(optOuts.map((row) => row.at.toISOString()))}::timestamptz[]) as o(id, at)
    where s.id = o.id and s.customer_id = ${customerId}::uuid and s.status = 'active' and o.at > coalesce(s.confirmed_at, s.consent_at, s.created_at)`);
}

export interface PersonEventRow {
  name: string;
  occurredAt: string;
  source: string;
  value: string | number | null;
  currency: string | null;
  campaignRef: string | null;
  machine: boolean | null;
  properties: Record<string, unknown> | null;
  /** The row's place in the stream (its paging key): occurred_at to the microsecond, in UTC. */
  at: string;
  origin: number;
  /** The row's id where it comes from, as text (a bigint). */
  rowId: string;
}

/**
 * Where a page of a person's stream ends: the last row's key (occurred_at to the microsecond,
 * origin and id in the view person_events). The next page is every row before it in that order.
 */
export interface StreamPosition {
  at: string;
  origin: number;
  rowId: string;
}

/**
 * A page of one person's stream, newest first, in one total order (time, then origin, then id)
 * so pages neither skip nor repeat; each page starts from the previous one's last key (keyset),
 * so any page costs the same as the first.
 */
export async function pagePersonEvents(
  db: Db,
  customerId: string,
  subscriberId: string,
  filter: { name?: string; after?: Date },
  position: StreamPosition | null,
  limit: number,
): Promise<PersonEventRow[]> {
  const conditions = [sql`customer_id = ${customerId}::uuid`, sql`subscriber_id = ${subscriberId}::uuid`];
  if (filter.name) conditions.push(sql`name = ${filter.name}`);
  if (filter.after) conditions.push(sql`occurred_at > ${filter.after.toISOString()}::timestamptz`);
  if (position) conditions.push(sql`(occurred_at, origin, row_id) < (${position.at}::timestamptz, ${position.origin}::smallint, ${position.rowId}::bigint)`);
  const result = await db.execute(sql`
    select name, occurred_at as "occurredAt", source, value, currency, campaign_ref as "campaignRef", machine, properties,
      to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, origin, row_id::text as "rowId"
    from person_events
    where ${sql.join(conditions, sql` and `)}
    order by occurred_at desc, origin desc, row_id desc
    limit ${limit + 1}`);
  return rowsOf<PersonEventRow>(result);
}
