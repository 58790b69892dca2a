import type { PurchaseInsights, PurchaseModel } from '@postlark/shared/insights';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { changedRows, rowsOf } from '../../db/results';
import { insightModels, insightRefreshes, subscriberInsights } from '../../db/schema/insights';
import type { StoreBatch } from './store-batches';

// Insights in and out: the refreshes asked for, each person's figures, each account's model.

export type RefreshRow = typeof insightRefreshes.$inferSelect;
export type RefreshTrigger = 'api' | 'nightly' | 'orders' | 'engagement';

export const PURCHASES_KIND = 'purchases';

/** A new queued refresh, or null when the account already has one queued or running. */
export async function insertRefresh(
  db: Db,
  values: { customerId: string; trigger: RefreshTrigger; asOf: Date | null; requestedAt: Date },
): Promise<RefreshRow | null> {
  const [row] = await db
    .insert(insightRefreshes)
    .values({ ...values, status: 'queued' })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function pendingRefresh(db: Db, customerId: string): Promise<RefreshRow | undefined> {
  const [row] = await db
    .select()
    .from(insightRefreshes)
    .where(and(eq(insightRefreshes.customerId, customerId), inArray(insightRefreshes.status, ['queued', 'running'])))
    .limit(1);
  return row;
}

export async function findRefresh(db: Db, customerId: string, id: string): Promise<RefreshRow | undefined> {
  const [row] = await db
    .select()
    .from(insightRefreshes)
    .where(and(eq(insightRefreshes.customerId, customerId), eq(insightRefreshes.id, id)));
  return row;
}

/**
 * Takes a refresh to run: queued, or running when a worker died holding it (its job expired and
 * came back). Null when it is finished or gone: nothing to do.
 */
export async function startRefresh(db: Db, id: string, at: Date): Promise<RefreshRow | null> {
  const [row] = await db
    .update(insightRefreshes)
    .set({ status: 'running', startedAt: at, peopleDone: 0 })
    .where(and(eq(insightRefreshes.id, id), inArray(insightRefreshes.status, ['queued', 'running'])))
    .returning();
  return row ?? null;
}

export async function recordProgress(db: Db, id: string, peopleDone: number, peopleTotal: number): Promise<void> {
  await db.update(insightRefreshes).set({ peopleDone, peopleTotal }).where(eq(insightRefreshes.id, id));
}

export async function finishRefresh(db: Db, id: string, model: PurchaseModel, at: Date): Promise<void> {
  await db
    .update(insightRefreshes)
    .set({ status: 'done', finishedAt: at, model })
    .where(and(eq(insightRefreshes.id, id), eq(insightRefreshes.status, 'running')));
}

export async function failRefresh(db: Db, id: string, error: string, at: Date): Promise<void> {
  await db
    .update(insightRefreshes)
    .set({ status: 'failed', finishedAt: at, error })
    .where(and(eq(insightRefreshes.id, id), inArray(insightRefreshes.status, ['queued', 'running'])));
}

/** Refreshes still pending long after they were asked for (their jobs gave up): failed, so the account is free again. */
export async function failStaleRefreshes(db: Db, requestedBefore: Date, error: string, at: Date): Promise<number> {
  const result = await db.execute(sql`
    update insight_refreshes set status = 'failed', finished_at = ${at}, error = ${error}
    where status in ('queued', 'running') and requested_at < ${requestedBefore}`);
  return changedRows(result);
}

/**
 * Stores one batch of people's purchase figures (store-batches.ts's purchasesBatch), marked with
 * the refresh that computed them. Only the account's own current subscribers are written (someone
 * erased meanwhile is skipped).
 */
export async function storePurchases(db: Db, customerId: string, refreshId: string, batch: StoreBatch, at: Date): Promise<void> {
  if (batch.people === 0) return;
  await db.execute(sql`
    insert into subscriber_insights (subscriber_id, customer_id, purchases, purchases_refresh_id, updated_at)
    select s.id, s.customer_id, r.purchases, ${refreshId}::uuid, ${at}
    from jsonb_to_recordset(${batch.json}::jsonb) as r(subscriber_id uuid, purchases jsonb)
    join subscribers s on s.id = r.subscriber_id and s.customer_id = ${customerId}::uuid
    on conflict (subscriber_id) do update
      set purchases = excluded.purchases, purchases_refresh_id = excluded.purchases_refresh_id, updated_at = excluded.updated_at`);
}

/** Clears the purchase figures a refresh did not rewrite: people with no order before its as-of time. */
export async function clearOtherPurchases(db: Db, customerId: string, refreshId: string, at: Date): Promise<void> {
  await db.execute(sql`
    update subscriber_insights set purchases = null, purchases_refresh_id = ${refreshId}::uuid, updated_at = ${at}
    where customer_id = ${customerId}::uuid and purchases is not null
      and purchases_refresh_id is distinct from ${refreshId}::uuid`);
}

export async function saveModel(db: Db, customerId: string, refreshId: string, model: PurchaseModel): Promise<void> {
  const values = { customerId, kind: PURCHASES_KIND, model, asOf: new Date(model.as_of), fittedAt: new Date(model.fitted_at), refreshId };
  await db
    .insert(insightModels)
    .values(values)
    .onConflictDoUpdate({ target: [insightModels.customerId, insightModels.kind], set: { model, asOf: values.asOf, fittedAt: values.fittedAt, refreshId } });
}

export async function modelOf(db: Db, customerId: string): Promise<PurchaseModel | undefined> {
  const [row] = await db
    .select({ model: insightModels.model })
    .from(insightModels)
    .where(and(eq(insightModels.customerId, customerId), eq(insightModels.kind, PURCHASES_KIND)));
  return row?.model as PurchaseModel | undefined;
}

/** A person's stored figures: undefined without a row, null when the last refresh found no order. */
export async function purchasesOf(db: Db, customerId: string, subscriberId: string): Promise<PurchaseInsights | null | undefined> {
  const [row] = await db
    .select({ purchases: subscriberInsights.purchases })
    .from(subscriberInsights)
    .where(and(eq(subscriberInsights.customerId, customerId), eq(subscriberInsights.subscriberId, subscriberId)));
  return row ? row.purchases : undefined;
}

/**
 * Accounts whose insights are due: with orders or email history and no full refresh since
 * `nightStart` (the nightly pass; also an account's first), or, when the last full refresh was
 * before `hourAgo`, with orders stored since it or new human engagement (opens not flagged machine,
 * clicks) since it. New orders are found through the (customer_id, name, occurred_at) index: those
 * that happened within a day of the last refresh and arrived after it; new engagement through the
 * opens' and clicks' (campaign_id, at) indexes and the events index; an import of older history is
 * picked up by the nightly pass. Accounts with a refresh pending are left alone.
 */
export async function accountsDue(db: Db, nightStart: Date, hourAgo: Date): Promise<{ customerId: string; trigger: RefreshTrigger }[]> {
  const result = await db.execute(sql`
    select c.id::text as customer_id, last.requested_at as last_requested_at,
      (last.requested_at < ${hourAgo}
        and exists (select 1 from events e where e.customer_id = c.id and e.name = 'order_placed'
          and e.occurred_at >= last.requested_at - interval '1 day' and e.received_at > last.requested_at)) as new_orders
    from customers c
    left join lateral (
      select max(r.requested_at) as requested_at from insight_refreshes r where r.customer_id = c.id and r.as_of is null
    ) last on true
    where not exists (select 1 from insight_refreshes p where p.customer_id = c.id and p.status in ('queued', 'running'))
      and (
        ((last.requested_at is null or last.requested_at < ${nightStart})
          and (exists (select 1 from events e where e.customer_id = c.id and e.name in ('order_placed', 'email_delivered'))
            or exists (select 1 from campaigns k where k.customer_id = c.id and k.status in ('sending', 'sent'))))
        or (last.requested_at < ${hourAgo}
          and (exists (select 1 from events e where e.customer_id = c.id and e.name in ('order_placed', 'email_opened', 'email_clicked')
              and e.occurred_at >= last.requested_at - interval '1 day' and e.received_at > last.requested_at
              and (e.name = 'order_placed' or e.machine is not true))
            or exists (select 1 from campaigns k join campaign_opens o on o.campaign_id = k.id
              where k.customer_id = c.id and o.at > last.requested_at and o.machine is not true)
            or exists (select 1 from campaigns k join campaign_clicks l on l.campaign_id = k.id
              where k.customer_id = c.id and l.at > last.requested_at and l.machine is not true)))
      )`);
  return rowsOf<{ customer_id: string; last_requested_at: Date | string | null; new_orders: boolean | null }>(result).map((row) => ({
    customerId: row.customer_id,
    trigger:
      row.last_requested_at === null || new Date(row.last_requested_at) < nightStart ? 'nightly' : row.new_orders ? 'orders' : 'engagement',
  }));
}
