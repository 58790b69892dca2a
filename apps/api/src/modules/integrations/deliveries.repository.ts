import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import { platformDeliveries, type RemoteReportFigures } from '../../db/schema/connections';

// The moves of platform_deliveries: a part is claimed by inserting it (or taking one whose worker's
// lease ran out), so two workers never make the same campaign twice on a platform.

export type DeliveryRow = typeof platformDeliveries.$inferSelect;

/**
 * Campaigns handed to a platform (sending, naming a connection) with work to do: nothing made yet,
 * a part a stopped worker left, or an A/B test decided whose rest has not gone. Not those whose
 * test is still measuring, nor those a worker holds now.
 */
export async function campaignsAwaitingDelivery(db: Db, now: Date, limit: number): Promise<string[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    select c.id from campaigns c
    where c.status = 'sending' and c.delivery_connection_id is not null
      and not exists (select 1 from ab_tests t where t.campaign_id = c.id and t.status = 'testing')
      and not exists (select 1 from platform_deliveries d where d.campaign_id = c.id and d.status = 'preparing' and d.lease_until > ${at})
      and not exists (select 1 from platform_deliveries d where d.campaign_id = c.id and d.part = 0 and d.status <> 'preparing')
    order by c.started_at limit ${limit}`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/** Claims a part of a campaign for this worker until `leaseUntil`: made new, or taken over from a stopped worker. Null when another holds it or it is done. */
export async function claimPart(db: Db, values: Omit<typeof platformDeliveries.$inferInsert, 'status'> & { leaseUntil: Date }, now: Date): Promise<DeliveryRow | null> {
  const [row] = await db
    .insert(platformDeliveries)
    .values({ ...values, status: 'preparing' })
    .onConflictDoUpdate({
      target: [platformDeliveries.campaignId, platformDeliveries.part],
      set: { leaseUntil: values.leaseUntil },
      setWhere: sql`${platformDeliveries.status} = 'preparing' and (${platformDeliveries.leaseUntil} is null or ${platformDeliveries.leaseUntil} <= ${now.toISOString()}::timestamptz)`,
    })
    .returning();
  return row ?? null;
}

export async function updatePart(db: Db, campaignId: string, part: number, values: Partial<typeof platformDeliveries.$inferInsert>): Promise<void> {
  await db.update(platformDeliveries).set(values).where(and(eq(platformDeliveries.campaignId, campaignId), eq(platformDeliveries.part, part)));
}

export async function partsOf(db: Db, campaignIds: readonly string[]): Promise<DeliveryRow[]> {
  if (campaignIds.length === 0) return [];
  return db.select().from(platformDeliveries).where(sql`${platformDeliveries.campaignId} = any(${sql.param([...campaignIds])}::uuid[])`).orderBy(platformDeliveries.part);
}

/** Parts whose report is due to be read again. */
export async function dueReports(db: Db, now: Date, limit: number): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(platformDeliveries)
    .where(sql`${platformDeliveries.nextReportAt} <= ${now.toISOString()}::timestamptz and ${platformDeliveries.remoteCampaignId} is not null and ${platformDeliveries.connectionId} is not null`)
    .orderBy(platformDeliveries.nextReportAt)
    .limit(limit);
}

export async function saveReport(db: Db, row: Pick<DeliveryRow, 'campaignId' | 'part'>, report: RemoteReportFigures, at: Date, nextReportAt: Date | null): Promise<void> {
  await updatePart(db, row.campaignId, row.part, { report, reportedAt: at, nextReportAt });
}

/** The emails of the campaign's eligible people whom the link's platform has (not archived there). */
export async function recipientsOnPlatform(db: Db, linkId: string, eligible: SQL): Promise<string[]> {
  const result = await db.execute(sql`
    select "subscribers"."email" as email from subscribers
    join connection_people p on p.subscriber_id = "subscribers"."id" and p.link_id = ${linkId}::uuid and not p.archived
    where ${eligible}
    order by "subscribers"."id"`);
  return rowsOf<{ email: string }>(result).map((row) => row.email);
}

/** A campaign a platform took: sent. Only from sending, so a cancel meanwhile stands. */
export async function markCampaignSent(db: Db, campaignId: string, now: Date): Promise<void> {
  await db.execute(sql`update campaigns set status = 'sent', finished_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
    where id = ${campaignId}::uuid and status = 'sending'`);
}

/**
 * A campaign the platform refused goes back to a draft with the platform's reason on it, and its
 * unsent parts go (sending it again makes them afresh). Answers whether it did.
 */
export async function holdCampaign(db: Db, campaignId: string, reason: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`update campaigns set status = 'draft', started_at = null, held_reason = ${reason}, updated_at = ${now.toISOString()}::timestamptz
      where id = ${campaignId}::uuid and status = 'sending' returning id`);
    if (rowsOf(result).length === 0) return false;
    await tx.execute(sql`delete from platform_deliveries where campaign_id = ${campaignId}::uuid and status <> 'sent'`);
    return true;
  });
}

/** A campaign's parts still being made wait until `until` (the platform asked to come back later). */
export async function leaseParts(db: Db, campaignId: string, until: Date): Promise<void> {
  await db.update(platformDeliveries).set({ leaseUntil: until }).where(and(eq(platformDeliveries.campaignId, campaignId), eq(platformDeliveries.status, 'preparing')));
}
