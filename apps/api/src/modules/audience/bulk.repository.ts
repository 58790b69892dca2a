import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { changedRows } from '../../db/results';
import { subscribers } from '../../db/schema/audience';
import { filtersOf, type ResolvedFilter, suppressionHashOf } from './subscribers.repository';

// Set-based changes to many subscribers at once: one statement each, however many match.

/** A selection of ids, or every subscriber a filter matches; always within the customer's audience. */
export type BulkTarget = { ids: readonly string[] } | { filter: ResolvedFilter };

function targetOf(customerId: string, target: BulkTarget): SQL {
  if ('ids' in target) return and(eq(subscribers.customerId, customerId), inArray(subscribers.id, [...target.ids]))!;
  return filtersOf(customerId, target.filter);
}

/**
 * Puts the targeted subscribers on a list as a single add does (setMemberships): a new membership,
 * or re-joining one they left, is confirmed as the customer's own choice; one awaiting a double
 * opt-in stays unconfirmed, since only the person can confirm it. Answers how many changed.
 */
export async function addTargetToList(db: Db, customerId: string, listId: string, target: BulkTarget, now: Date): Promise<number> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    insert into list_memberships (list_id, subscriber_id, status, created_at, updated_at, confirmed_at)
    select ${listId}::uuid, "id", 'confirmed', ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
    from ${subscribers} where ${targetOf(customerId, target)}
    on conflict (list_id, subscriber_id) do update
      set status = 'confirmed', updated_at = excluded.updated_at, confirmed_at = coalesce(list_memberships.confirmed_at, excluded.confirmed_at)
      where list_memberships.status = 'unsubscribed'`);
  return changedRows(result);
}

/** Takes the targeted subscribers off a list (kept as unsubscribed, for the record). */
export async function removeTargetFromList(db: Db, customerId: string, listId: string, target: BulkTarget, now: Date): Promise<number> {
  const result = await db.execute(sql`
    update list_memberships set status = 'unsubscribed', updated_at = ${now.toISOString()}::timestamptz
    where list_id = ${listId}::uuid and status <> 'unsubscribed'
      and subscriber_id in (select "id" from ${subscribers} where ${targetOf(customerId, target)})`);
  return changedRows(result);
}

/** Unsubscribes the targeted active subscribers from all mail. */
export async function unsubscribeTarget(db: Db, customerId: string, target: BulkTarget, now: Date): Promise<number> {
  const result = await db.execute(sql`
    update ${subscribers} set "status" = 'unsubscribed', "updated_at" = ${now.toISOString()}::timestamptz
    where ${targetOf(customerId, target)} and "status" = 'active'`);
  return changedRows(result);
}

/**
 * Erases the targeted subscribers; a SHA-256 of each address goes on the suppression list in the
 * same statement (PostgreSQL's sha256 of the stored lower-case address, as suppressionHash computes it).
 */
export async function eraseTarget(db: Db, customerId: string, target: BulkTarget, now: Date): Promise<number> {
  const result = await db.execute(sql`
    with erased as (delete from ${subscribers} where ${targetOf(customerId, target)} returning "customer_id", "email", "status"),
    suppressed as (
      insert into suppressions (customer_id, email_hash, reason, created_at)
      select customer_id, ${suppressionHashOf(sql`email`)}, case when status = 'active' then 'erased' else status end,
        ${now.toISOString()}::timestamptz
      from erased
      on conflict do nothing
    )
    select count(*)::int as erased from erased`);
  const rows = (result as { rows?: { erased: number }[] }).rows ?? (result as unknown as { erased: number }[]);
  return rows[0]?.erased ?? 0;
}
