import { and, desc, eq, sql } from 'drizzle-orm';
import type { PlatformId, SyncRunKind } from '@postlark/shared/integrations';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import { setLocalAsyncCommit } from '../imports/import-batch.repository';
import { lists } from '../../db/schema/audience';
import { connectionLinks, connectionRuns, connections, type SyncRunError } from '../../db/schema/connections';

export type ConnectionRow = typeof connections.$inferSelect;
export type LinkRow = typeof connectionLinks.$inferSelect;
export type RunRow = typeof connectionRuns.$inferSelect;

export async function connectionsOf(db: Db, customerId: string): Promise<ConnectionRow[]> {
  return db.select().from(connections).where(eq(connections.customerId, customerId)).orderBy(connections.connectedAt);
}

export async function findConnection(db: Db, customerId: string, id: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(connections).where(and(eq(connections.customerId, customerId), eq(connections.id, id)));
  return row;
}

export async function connectionById(db: Db, id: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(connections).where(eq(connections.id, id));
  return row;
}

/** Inserts a connection whose id was chosen first (its secret is sealed to it); null when the platform is already connected. */
export async function insertConnection(db: Db, row: typeof connections.$inferInsert): Promise<ConnectionRow | null> {
  const [saved] = await db.insert(connections).values(row).onConflictDoNothing().returning();
  return saved ?? null;
}

export async function deleteConnection(db: Db, customerId: string, id: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.delete(connections).where(and(eq(connections.customerId, customerId), eq(connections.id, id))).returning();
  return row;
}

/** Marks it broken (a revoked key) once; answers whether this call did, so the customer is told once. */
export async function markBroken(db: Db, id: string, message: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(connections)
    .set({ status: 'broken', healthMessage: message, checkedAt: now })
    .where(and(eq(connections.id, id), eq(connections.status, 'connected')))
    .returning({ id: connections.id });
  return rows.length > 0;
}

/** A broken connection with a new key or token: connected again, its sync resuming. Only from broken. */
export async function reconnectConnection(db: Db, id: string, values: { secret: string; authKind: ConnectionRow['authKind']; now: Date }): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .update(connections)
    .set({ secret: values.secret, authKind: values.authKind, status: 'connected', healthMessage: null, checkedAt: values.now })
    .where(and(eq(connections.id, id), eq(connections.status, 'broken')))
    .returning();
  return row;
}

export async function countConnections(db: Db, customerId: string): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(connections).where(eq(connections.customerId, customerId));
  return row?.count ?? 0;
}

export type LinkWithList = LinkRow & { listName: string };

export async function linksOf(db: Db, connectionId: string): Promise<LinkWithList[]> {
  const rows = await db
    .select({ link: connectionLinks, listName: lists.name })
    .from(connectionLinks)
    .innerJoin(lists, eq(lists.id, connectionLinks.listId))
    .where(eq(connectionLinks.connectionId, connectionId))
    .orderBy(connectionLinks.createdAt);
  return rows.map((row) => ({ ...row.link, listName: row.listName }));
}

export async function findLink(db: Db, id: string): Promise<LinkRow | undefined> {
  const [row] = await db.select().from(connectionLinks).where(eq(connectionLinks.id, id));
  return row;
}

/**
 * Inserts a link unless the audience is linked already (null) or the connection has `max` links
 * ('full'). The connection's row is locked while its links are counted, so two requests at once
 * cannot both take the last place.
 */
export async function insertLink(db: Db, row: typeof connectionLinks.$inferInsert, max: number): Promise<LinkRow | null | 'full'> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from connections where id = ${row.connectionId}::uuid for update`);
    const [counted] = await tx.select({ count: sql<number>`count(*)::int` }).from(connectionLinks).where(eq(connectionLinks.connectionId, row.connectionId));
    if ((counted?.count ?? 0) >= max) return 'full';
    const [saved] = await tx.insert(connectionLinks).values(row).onConflictDoNothing().returning();
    return saved ?? null;
  });
}

export async function updateLink(db: Db, id: string, values: Partial<typeof connectionLinks.$inferInsert>): Promise<void> {
  await db.update(connectionLinks).set(values).where(eq(connectionLinks.id, id));
}

/** The link a webhook's URL names, with its connection. */
export async function linkForWebhook(db: Db, linkId: string): Promise<{ link: LinkRow; connection: ConnectionRow } | undefined> {
  const [row] = await db
    .select({ link: connectionLinks, connection: connections })
    .from(connectionLinks)
    .innerJoin(connections, eq(connections.id, connectionLinks.connectionId))
    .where(eq(connectionLinks.id, linkId));
  return row;
}

/** Queues a run unless one of the kind is already open for the link: answers the open one either way. */
export async function queueRun(db: Db, values: { connectionId: string; linkId: string | null; kind: SyncRunKind; now: Date; dueAt?: Date }): Promise<RunRow> {
  const at = values.now.toISOString();
  const due = (values.dueAt ?? values.now).toISOString();
  await db.execute(sql`
    insert into connection_runs (connection_id, link_id, kind, status, created_at, due_at)
    values (${values.connectionId}::uuid, ${values.linkId}::uuid, ${values.kind}, 'queued', ${at}::timestamptz, ${due}::timestamptz)
    on conflict (connection_id, coalesce(link_id, '00000000-0000-0000-0000-000000000000'::uuid), kind) where status in ('queued', 'running')
    do nothing`);
  const linkCondition = values.linkId === null ? sql`${connectionRuns.linkId} is null` : eq(connectionRuns.linkId, values.linkId);
  const [open] = await db
    .select()
    .from(connectionRuns)
    .where(and(eq(connectionRuns.connectionId, values.connectionId), linkCondition, eq(connectionRuns.kind, values.kind), sql`${connectionRuns.status} in ('queued', 'running')`));
  if (!open) throw new Error('queueRun: the open run vanished');
  return open;
}

export async function runsOf(db: Db, connectionId: string, limit: number): Promise<RunRow[]> {
  return db.select().from(connectionRuns).where(eq(connectionRuns.connectionId, connectionId)).orderBy(desc(connectionRuns.createdAt)).limit(limit);
}

/**
 * Takes a due run (or one whose worker's lease ran out) for this worker, on a connection that
 * works: of the customer whose turn in the sync is oldest (or who never had one), that customer's
 * run due first. One statement, so two workers never take the same run; the claim is the
 * customer's turn (platform-turns.repository.ts), so one customer's many runs take turns with
 * everyone else's. Each claim draws a new lease token: a worker whose lease ran out and was taken
 * over finds its token gone and writes nothing.
 */
export async function claimDueRun(db: Db, now: Date, leaseMs: number): Promise<RunRow | undefined> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    with picked as (
      select r.id, c.customer_id from connection_runs r
      join connections c on c.id = r.connection_id
      left join platform_turns t on t.customer_id = c.customer_id and t.loop = 'sync'
      where c.status = 'connected' and r.due_at <= ${at}::timestamptz
        and (r.status = 'queued' or (r.status = 'running' and r.lease_until < ${at}::timestamptz))
      order by t.turn nulls first, r.due_at
      limit 1
      for update of r skip locked
    ), claimed as (
      update connection_runs set status = 'running', started_at = coalesce(connection_runs.started_at, ${at}::timestamptz),
        lease_until = ${at}::timestamptz + ${`${leaseMs} milliseconds`}::interval, lease_token = gen_random_uuid()
      from picked where connection_runs.id = picked.id
      returning connection_runs.id, picked.customer_id
    ), turned as (
      insert into platform_turns (customer_id, loop, turn) select customer_id, 'sync', nextval('platform_turns_seq') from claimed
      on conflict (customer_id, loop) do update set turn = excluded.turn
    )
    select id from claimed`);
  const [claimed] = rowsOf<{ id: string }>(result);
  if (!claimed) return undefined;
  const [row] = await db.select().from(connectionRuns).where(eq(connectionRuns.id, claimed.id));
  return row;
}

export interface RunProgress {
  cursor: Record<string, unknown> | null;
  processed: number;
  total: number | null;
  added: number;
  updated: number;
  suppressed: number;
  errors: SyncRunError[];
  /** What the subscriber schema refused, left out (sync-validate.ts): how many, and how many for each reason. */
  dropped: number;
  droppedReasons: Record<string, number>;
}

/** A claimed run: its id and the lease token of the claim. */
export interface RunClaim {
  id: string;
  leaseToken: string | null;
}

const heldBy = (claim: RunClaim) =>
  and(eq(connectionRuns.id, claim.id), eq(connectionRuns.status, 'running'), claim.leaseToken === null ? sql`${connectionRuns.leaseToken} is null` : eq(connectionRuns.leaseToken, claim.leaseToken));

/** Saves a run's progress between pages, and renews its lease; answers false when the lease is no longer this worker's. */
export async function saveRunProgress(db: Db, claim: RunClaim, progress: RunProgress, leaseUntil: Date): Promise<boolean> {
  // Saved after every page: its commit does not wait for the disk. A crash loses at most the last
  // few saves, in order, and the run goes on from an earlier page (re-read pages change nothing).
  return db.transaction(async (tx) => {
    await setLocalAsyncCommit(tx);
    const rows = await tx
      .update(connectionRuns)
      .set({ cursor: progress.cursor, processed: progress.processed, total: progress.total, added: progress.added, updated: progress.updated, suppressed: progress.suppressed, dropped: progress.dropped, droppedReasons: progress.droppedReasons, leaseUntil })
      .where(heldBy(claim))
      .returning({ id: connectionRuns.id });
    return rows.length > 0;
  });
}

/**
 * Saves a slice's progress and hands the run back to the queue (due again at `dueAt`), or ends it;
 * only while this worker holds the lease (answers whether it did).
 */
export async function settleRun(db: Db, claim: RunClaim, progress: RunProgress, outcome: { status: 'queued'; dueAt: Date } | { status: 'done' | 'failed'; now: Date }, errorsKept: number): Promise<boolean> {
  const errors = progress.errors.slice(-errorsKept);
  const rows = await db
    .update(connectionRuns)
    .set({
      cursor: progress.cursor,
      processed: progress.processed,
      total: progress.total,
      added: progress.added,
      updated: progress.updated,
      suppressed: progress.suppressed,
      dropped: progress.dropped,
      droppedReasons: progress.droppedReasons,
      errors,
      errorCount: progress.errors.length,
      status: outcome.status,
      leaseUntil: null,
      leaseToken: null,
      ...(outcome.status === 'queued' ? { dueAt: outcome.dueAt } : { finishedAt: outcome.now }),
    })
    .where(heldBy(claim))
    .returning({ id: connectionRuns.id });
  return rows.length > 0;
}

/** Queues a poll of every linked audience whose time has come, and moves its next time on. */
export async function queueDuePolls(db: Db, now: Date, everyMs: number): Promise<number> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    with due as (
      update connection_links l set next_poll_at = ${at}::timestamptz + ${`${everyMs} milliseconds`}::interval
      from connections c
      where c.id = l.connection_id and c.status = 'connected' and l.imported_at is not null and l.next_poll_at <= ${at}::timestamptz
      returning l.id, l.connection_id
    )
    insert into connection_runs (connection_id, link_id, kind, status, created_at, due_at)
    select connection_id, id, 'poll', 'queued', ${at}::timestamptz, ${at}::timestamptz from due
    on conflict (connection_id, coalesce(link_id, '00000000-0000-0000-0000-000000000000'::uuid), kind) where status in ('queued', 'running')
    do nothing
    returning id`);
  return rowsOf(result).length;
}

/** How often a link's push reads everyone again from change_seq 0 (sync-engine.ts pushSlice says why). */
export const PUSH_RECONCILE_EVERY_MS = 24 * 60 * 60_000;

/**
 * Queues a push for every linked audience with people changed here past its cursor (the push moves
 * the cursor past everyone it scanned, so this is true only until a push has run), or whose daily
 * full push is due.
 */
export async function queueDuePushes(db: Db, now: Date): Promise<number> {
  const at = now.toISOString();
  const reconcileBefore = new Date(now.getTime() - PUSH_RECONCILE_EVERY_MS).toISOString();
  const result = await db.execute(sql`
    insert into connection_runs (connection_id, link_id, kind, status, created_at, due_at)
    select l.connection_id, l.id, 'push', 'queued', ${at}::timestamptz, ${at}::timestamptz
    from connection_links l join connections c on c.id = l.connection_id
    where c.status = 'connected' and l.imported_at is not null
      and (exists (select 1 from subscribers s where s.customer_id = l.customer_id and s.change_seq > l.push_cursor)
        or l.push_reconciled_at is null or l.push_reconciled_at <= ${reconcileBefore}::timestamptz)
    on conflict (connection_id, coalesce(link_id, '00000000-0000-0000-0000-000000000000'::uuid), kind) where status in ('queued', 'running')
    do nothing
    returning id`);
  return rowsOf(result).length;
}

export async function platformOf(db: Db, connectionId: string): Promise<PlatformId | undefined> {
  const [row] = await db.select({ platform: connections.platform }).from(connections).where(eq(connections.id, connectionId));
  return row?.platform;
}

/** Which of these names the customer's lists already use (lower-cased: list names are unique regardless of case). */
export async function listsNamed(db: Db, customerId: string, names: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .select({ name: lists.name })
    .from(lists)
    .where(and(eq(lists.customerId, customerId), sql`lower(${lists.name}) = any(${sql.param(names.map((name) => name.toLowerCase()))}::text[])`));
  return new Set(rows.map((row) => row.name.toLowerCase()));
}
