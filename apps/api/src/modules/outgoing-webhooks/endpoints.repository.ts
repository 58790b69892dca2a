import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { changedRows, rowsOf } from '../../db/results';
import { webhookEndpoints } from '../../db/schema/outgoing-webhooks';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

const owned = (customerId: string, id: string) => and(eq(webhookEndpoints.customerId, customerId), eq(webhookEndpoints.id, id));

export async function endpointsOf(db: Db, customerId: string): Promise<EndpointRow[]> {
  return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.customerId, customerId)).orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function endpointCount(db: Db, customerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.customerId, customerId));
  return row?.n ?? 0;
}

export async function findEndpoint(db: Db, customerId: string, id: string): Promise<EndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(owned(customerId, id));
  return row;
}

export async function insertEndpoint(db: Db, values: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  if (!row) throw new Error('webhook endpoint insert returned no row');
  return row;
}

export async function updateEndpoint(db: Db, customerId: string, id: string, values: Partial<typeof webhookEndpoints.$inferInsert>): Promise<EndpointRow | undefined> {
  const [row] = await db.update(webhookEndpoints).set(values).where(owned(customerId, id)).returning();
  return row;
}

export async function deleteEndpoint(db: Db, customerId: string, id: string): Promise<boolean> {
  return (await db.delete(webhookEndpoints).where(owned(customerId, id)).returning({ id: webhookEndpoints.id })).length > 0;
}

/** A test event for one endpoint, whatever types it asked for: the outbox row and its one send. */
export async function queueTestEvent(db: Db, customerId: string, endpointId: string, type: string, data: object, now: Date): Promise<string> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    with event as (
      insert into webhook_outbox (customer_id, type, data, created_at) values (${customerId}::uuid, ${type}, ${JSON.stringify(data)}::jsonb, ${at}) returning id
    ), send as (
      insert into webhook_sends (event_id, endpoint_id, next_attempt_at, created_at) select event.id, ${endpointId}::uuid, ${at}, ${at} from event
    )
    select id from event`);
  return rowsOf<{ id: string }>(result)[0]!.id;
}

export interface AttemptLogRow {
  id: string;
  eventId: string;
  eventType: string;
  at: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  deliveryStatus: 'pending' | 'delivered' | 'failed';
  nextAttemptAt: Date;
}

/** The endpoint's latest attempts, newest first. */
export async function latestAttempts(db: Db, endpointId: string, limit: number): Promise<AttemptLogRow[]> {
  const result = await db.execute(sql`
    select a.id::text as id, o.id as "eventId", o.type as "eventType", a.at, a.status_code as "statusCode", a.error, a.duration_ms as "durationMs",
      s.status as "deliveryStatus", s.next_attempt_at as "nextAttemptAt"
    from webhook_attempts a join webhook_sends s on s.id = a.send_id join webhook_outbox o on o.id = s.event_id
    where a.endpoint_id = ${endpointId}::uuid
    order by a.at desc, a.id desc limit ${limit}`);
  return rowsOf<AttemptLogRow>(result);
}


/** Endpoints whose secret is still sealed the old way (version 1), by id after `afterId`. */
export async function legacySealedEndpoints(db: Db, afterId: string | null, limit: number): Promise<{ id: string; secret: string }[]> {
  const after = afterId === null ? sql`true` : sql`id > ${afterId}::uuid`;
  const result = await db.execute(sql`select id, secret from webhook_endpoints where secret_version = 1 and ${after} order by id limit ${limit}`);
  return rowsOf<{ id: string; secret: string }>(result);
}

/**
 * Puts a re-sealed secret in place of the old seal it was read from, only if that seal is still
 * there: a roll or another process's re-seal in between wins, and this changes nothing.
 */
export async function replaceLegacySeal(db: Db, id: string, oldSealed: string, newSealed: string, version: number): Promise<boolean> {
  const result = await db.execute(
    sql`update webhook_endpoints set secret = ${newSealed}, secret_version = ${version} where id = ${id}::uuid and secret = ${oldSealed} and secret_version = 1`,
  );
  return changedRows(result) > 0;
}

export interface TestEventLimits {
  since: Date;
  perEndpoint: number;
  perAccount: number;
}

/**
 * Queues a test event unless the account already queued `perEndpoint` to this endpoint or
 * `perAccount` in all since `limits.since`. One account's test requests take a lock in turn, so
 * two at once cannot both take the last one.
 */
export async function queueLimitedTestEvent(
  db: Db,
  event: { customerId: string; endpointId: string; type: string; data: object; now: Date },
  limits: TestEventLimits,
): Promise<{ queued: string } | { refused: 'endpoint' | 'account' }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhook test events:${event.customerId}`}))`);
    // The account's count is of the events themselves, which outlive a deleted endpoint's sends.
    const counted = await tx.execute(sql`
      select count(s.id)::int as endpoint, count(distinct o.id)::int as account
      from webhook_outbox o left join webhook_sends s on s.event_id = o.id and s.endpoint_id = ${event.endpointId}::uuid
      where o.customer_id = ${event.customerId}::uuid and o.type = ${event.type} and o.created_at > ${limits.since.toISOString()}::timestamptz`);
    const sent = rowsOf<{ endpoint: number; account: number }>(counted)[0] ?? { endpoint: 0, account: 0 };
    if (sent.endpoint >= limits.perEndpoint) return { refused: 'endpoint' as const };
    if (sent.account >= limits.perAccount) return { refused: 'account' as const };
    return { queued: await queueTestEvent(tx, event.customerId, event.endpointId, event.type, event.data, event.now) };
  });
}
