import { sql } from 'drizzle-orm';
import type { MembershipStatus } from '@postlark/shared/audience';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import type { LocalPerson } from './person-state';
import { textArray } from '../../db/array-param';

// The statements the sync runs per page of people: each column travels as one array parameter
// (unnest), as the CSV import's do, so a page of a thousand is a handful of short statements.

/** A person here with what the platform last had of them. */
interface SyncedPerson extends LocalPerson {
  /** What the platform last had of them (connection_people), or null when the link has never seen them. */
  syncedHash: string | null;
  remoteId: string | null;
}

export interface LocalMatch extends SyncedPerson {
  updatedAt: Date;
  /** When we last read or wrote the person there. */
  syncedAt: Date | null;
  /** When the address was last opted out here (its suppression), or null. */
  suppressedAt: Date | null;
}

/** The account's people among these addresses, with where they stand on the link's list and what the platform last had. */
export async function localMatches(db: Db, link: { customerId: string; listId: string; id: string }, emails: readonly string[]): Promise<LocalMatch[]> {
  if (emails.length === 0) return [];
  const result = await db.execute(sql`
    select s.id, s.email, s.first_name as "firstName", s.last_name as "lastName", s.attributes, s.status, s.updated_at as "updatedAt",
      m.status as membership, p.synced_hash as "syncedHash", p.remote_id as "remoteId", p.synced_at as "syncedAt", x.created_at as "suppressedAt"
    from subscribers s
    left join list_memberships m on m.list_id = ${link.listId}::uuid and m.subscriber_id = s.id
    left join connection_people p on p.link_id = ${link.id}::uuid and p.subscriber_id = s.id
    left join suppressions x on x.customer_id = s.customer_id and x.email_hash = encode(sha256(convert_to(s.email, 'UTF8')), 'hex')
    where s.customer_id = ${link.customerId}::uuid and s.email = any(${textArray(emails)})`);
  return rowsOf<LocalMatch & { updatedAt: Date | string; syncedAt: Date | string | null; suppressedAt: Date | string | null }>(result).map((row) => ({
    ...row,
    updatedAt: new Date(row.updatedAt),
    syncedAt: row.syncedAt === null ? null : new Date(row.syncedAt),
    suppressedAt: row.suppressedAt === null ? null : new Date(row.suppressedAt),
  }));
}

/** Addresses suppressed here (unsubscribed, bounced, complained or erased) among these. */
export async function suppressedEmails(db: Db, customerId: string, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const result = await db.execute(sql`
    select e.email from unnest(${textArray(emails)}) as e(email)
    join suppressions x on x.customer_id = ${customerId}::uuid and x.email_hash = encode(sha256(convert_to(e.email, 'UTF8')), 'hex')`);
  return new Set(rowsOf<{ email: string }>(result).map((row) => row.email));
}

export interface NewPerson extends Omit<LocalPerson, 'id' | 'membership'> {
  membership: MembershipStatus;
  /** When they subscribed on the platform: their consent's time. */
  consentAt: Date;
}

/** Adds people new to the account, on the link's list; an address that appeared meanwhile is left alone. Answers email → id. */
export async function insertPeople(db: Db, customerId: string, listId: string, source: string, people: readonly NewPerson[], now: Date): Promise<Map<string, string>> {
  if (people.length === 0) return new Map();
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    with input as (
      select * from unnest(${textArray(people.map((row) => row.email))}, ${textArray(people.map((row) => row.firstName))}, ${textArray(people.map((row) => row.lastName))},
        ${textArray(people.map((row) => JSON.stringify(row.attributes)))}, ${textArray(people.map((row) => row.status))}, ${textArray(people.map((row) => row.membership))},
        ${textArray(people.map((row) => row.consentAt.toISOString()))}) as input(email, first_name, last_name, attributes, status, membership, consent_at)
    ), added as (
      insert into subscribers (customer_id, email, first_name, last_name, attributes, status, created_at, updated_at, consent_source, consent_at)
      select ${customerId}::uuid, email, first_name, last_name, attributes::jsonb, status, ${at}, ${at}, ${source}, consent_at::timestamptz from input
      on conflict (customer_id, email) do nothing
      returning id, email, status
    ), joined as (
      insert into list_memberships (list_id, subscriber_id, status, created_at, updated_at, confirmed_at, subscriber_status)
      select ${listId}::uuid, added.id, input.membership, ${at}, ${at}, case when input.membership = 'confirmed' then ${at} end, added.status
      from added join input using (email)
    )
    select id, email from added`);
  return new Map(rowsOf<{ id: string; email: string }>(result).map((row) => [row.email, row.id]));
}

export type PersonChange = Pick<LocalPerson, 'id' | 'firstName' | 'lastName' | 'attributes' | 'status'>;

/** Writes names, attributes and status; the triggers record a status change and suppress an opt-out. */
export async function updatePeople(db: Db, changes: readonly PersonChange[], now: Date): Promise<void> {
  if (changes.length === 0) return;
  await db.execute(sql`
    update subscribers s set first_name = c.first_name, last_name = c.last_name, attributes = c.attributes::jsonb, status = c.status,
      updated_at = ${now.toISOString()}::timestamptz
    from unnest(${textArray(changes.map((row) => row.id))}, ${textArray(changes.map((row) => row.firstName))}, ${textArray(changes.map((row) => row.lastName))},
      ${textArray(changes.map((row) => JSON.stringify(row.attributes)))}, ${textArray(changes.map((row) => row.status))}) as c(id, first_name, last_name, attributes, status)
    where s.id = c.id::uuid`);
}

/** Puts people on the list, or moves their membership: an existing one changes only where `membership` says more (confirmed over unconfirmed, or a departure). */
export async function setMemberships(db: Db, listId: string, rows: ReadonlyArray<{ id: string; membership: MembershipStatus }>, now: Date): Promise<void> {
  if (rows.length === 0) return;
  const at = sql`${now.toISOString()}::timestamptz`;
  await db.execute(sql`
    insert into list_memberships (list_id, subscriber_id, status, created_at, updated_at, confirmed_at)
    select ${listId}::uuid, c.id::uuid, c.membership, ${at}, ${at}, case when c.membership = 'confirmed' then ${at} end
    from unnest(${textArray(rows.map((row) => row.id))}, ${textArray(rows.map((row) => row.membership))}) as c(id, membership)
    on conflict (list_id, subscriber_id) do update set status = excluded.status, updated_at = excluded.updated_at,
      confirmed_at = coalesce(list_memberships.confirmed_at, excluded.confirmed_at)
    where list_memberships.status is distinct from excluded.status`);
}

/** Records what the platform now has of each person (their id there and the state's hash). */
export async function recordSynced(db: Db, linkId: string, rows: ReadonlyArray<{ subscriberId: string; remoteId: string; hash: string; archived?: boolean }>, now: Date): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into connection_people (link_id, subscriber_id, remote_id, synced_hash, synced_at, archived)
    select ${linkId}::uuid, c.subscriber_id::uuid, c.remote_id, c.hash, ${now.toISOString()}::timestamptz, c.archived::boolean
    from unnest(${textArray(rows.map((row) => row.subscriberId))}, ${textArray(rows.map((row) => row.remoteId))}, ${textArray(rows.map((row) => row.hash))},
      ${textArray(rows.map((row) => String(row.archived ?? false)))}) as c(subscriber_id, remote_id, hash, archived)
    on conflict (link_id, subscriber_id) do update set remote_id = excluded.remote_id, synced_hash = excluded.synced_hash,
      synced_at = excluded.synced_at, archived = excluded.archived`);
}

export interface PushCandidate extends SyncedPerson {
  changeSeq: number;
  archived: boolean;
}

/**
 * The next `limit` of the customer's people past the cursor, in change order (read by the
 * (customer_id, change_seq) index first, whatever the planner thinks of the joins), and of those
 * the ones that concern the link: on its list, or already on the platform (an opt-out of someone
 * who left the list still goes). Answers them with how far the scan went.
 */
export async function pushCandidates(db: Db, link: { customerId: string; listId: string; id: string }, after: number, limit: number): Promise<{ candidates: PushCandidate[]; scannedUpTo: number | null; scanned: number }> {
  const result = await db.execute(sql`
    with scanned as materialized (
      select id, change_seq from subscribers
      where customer_id = ${link.customerId}::uuid and change_seq > ${after}
      order by change_seq limit ${limit}
    )
    select s.id, s.email, s.first_name as "firstName", s.last_name as "lastName", s.attributes, s.status, m.status as membership,
      sc.change_seq as "changeSeq", p.synced_hash as "syncedHash", p.remote_id as "remoteId", coalesce(p.archived, false) as archived,
      (m.subscriber_id is not null or p.subscriber_id is not null) as concerned,
      (select max(change_seq) from scanned) as "scannedUpTo", (select count(*) from scanned) as scanned
    from scanned sc
    join subscribers s on s.id = sc.id
    left join list_memberships m on m.list_id = ${link.listId}::uuid and m.subscriber_id = s.id
    left join connection_people p on p.link_id = ${link.id}::uuid and p.subscriber_id = s.id
    order by sc.change_seq`);
  const rows = rowsOf<PushCandidate & { changeSeq: number | string; concerned: boolean; scannedUpTo: number | string | null; scanned: number | string }>(result);
  return {
    candidates: rows.filter((row) => row.concerned).map(({ concerned: _concerned, scannedUpTo: _upTo, scanned: _scanned, ...row }) => ({ ...row, changeSeq: Number(row.changeSeq) })),
    scannedUpTo: rows[0]?.scannedUpTo === null || rows[0] === undefined ? null : Number(rows[0].scannedUpTo),
    scanned: rows.length,
  };
}

/** Makes the push read these people again (this side won against the platform's version). */
export async function touchForPush(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`update subscribers set change_seq = nextval('subscriber_changes') where id = any(${textArray(ids)}::uuid[])`);
}
