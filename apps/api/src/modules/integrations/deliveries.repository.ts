import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import { platformDeliveries } from '../../db/schema/connections';
import type { RemoteReportFigures } from './platform-client';

// The moves of platform_deliveries. Part -1 is a campaign's delivery lock: a worker takes it (made
// new, or taken over when its lease ran out) before it works on the campaign, and every write it
// makes after is conditional on still holding it, so two workers never make a campaign twice.

export type DeliveryRow = typeof platformDeliveries.$inferSelect;

/** The part that is a campaign's delivery lock, never a campaign on the platform. */
export const LOCK_PART = -1;

/** Takes the campaign's delivery lock until `until`; answers the lease (the token of later renewals), or null when another worker holds it. */
export async function takeLock(db: Db, values: { campaignId: string; connectionId: string; platform: DeliveryRow['platform']; now: Date; until: Date }): Promise<Date | null> {
  const [row] = await db
    .insert(platformDeliveries)
    .values({ campaignId: values.campaignId, part: LOCK_PART, connectionId: values.connectionId, platform: values.platform, remoteAudienceId: '', status: 'preparing', createdAt: values.now, leaseUntil: values.until })
    .onConflictDoUpdate({
      target: [platformDeliveries.campaignId, platformDeliveries.part],
      set: { leaseUntil: values.until },
      setWhere: sql`${platformDeliveries.leaseUntil} is null or ${platformDeliveries.leaseUntil} <= ${values.now.toISOString()}::timestamptz`,
    })
    .returning({ leaseUntil: platformDeliveries.leaseUntil });
  return row?.leaseUntil ?? null;
}

/** Extends the lock while this worker still holds it (its lease is `token`); null when it was taken over. */
export async function renewLock(db: Db, campaignId: string, token: Date, until: Date): Promise<Date | null> {
  const [row] = await db
    .update(platformDeliveries)
    .set({ leaseUntil: until })
    .where(and(eq(platformDeliveries.campaignId, campaignId), eq(platformDeliveries.part, LOCK_PART), eq(platformDeliveries.leaseUntil, token)))
    .returning({ leaseUntil: platformDeliveries.leaseUntil });
  return row?.leaseUntil ?? null;
}

/** Lets the lock go: free at `freeAt` (now, or when the platform said to come back). */
export async function releaseLock(db: Db, campaignId: string, token: Date, freeAt: Date = new Date(0)): Promise<void> {
  await db
    .update(platformDeliveries)
    .set({ leaseUntil: freeAt })
    .where(and(eq(platformDeliveries.campaignId, campaignId), eq(platformDeliveries.part, LOCK_PART), eq(platformDeliveries.leaseUntil, token)));
}

/** The part's row, made when it is not there yet. */
export async function ensurePart(db: Db, values: Omit<typeof platformDeliveries.$inferInsert, 'status'>): Promise<DeliveryRow> {
  await db.insert(platformDeliveries).values({ ...values, status: 'preparing' }).onConflictDoNothing();
  const [row] = await db.select().from(platformDeliveries).where(and(eq(platformDeliveries.campaignId, values.campaignId), eq(platformDeliveries.part, values.part)));
  if (!row) throw new Error('ensurePart: the part vanished');
  return row;
}

/** Records the platform's campaign id the moment it exists; false when another worker recorded one first. */
export async function saveRemoteCampaign(db: Db, campaignId: string, part: number, remoteCampaignId: string, tag: string | null, recipients: number | null): Promise<boolean> {
  const rows = await db
    .update(platformDeliveries)
    .set({ remoteCampaignId, tag, ...(recipients !== null && { recipients }) })
    .where(and(eq(platformDeliveries.campaignId, campaignId), eq(platformDeliveries.part, part), sql`${platformDeliveries.remoteCampaignId} is null`))
    .returning({ part: platformDeliveries.part });
  return rows.length > 0;
}

/** Everything went out: the campaign is sent (only from sending, so a cancel meanwhile stands), its lock gone. */
export async function finishDelivery(db: Db, campaignId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`update campaigns set status = 'sent', finished_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
      where id = ${campaignId}::uuid and status = 'sending'`);
    await tx.delete(platformDeliveries).where(and(eq(platformDeliveries.campaignId, campaignId), eq(platformDeliveries.part, LOCK_PART)));
  });
}

/**
 * Campaigns handed to a platform (sending, naming a connection) with work to do: nothing made yet,
 * a part a stopped worker left, a tagging a slice handed back, or an A/B test decided whose rest has
 * not gone. Not those whose test is still measuring, nor those a worker holds now. One a customer
 * (their oldest), the customers in turn (platform-turns.repository.ts): a customer with many
 * campaigns waiting, or one that takes long, does not keep the others' from their turn.
 */
export async function campaignsAwaitingDelivery(db: Db, now: Date, limit: number): Promise<string[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    select d.id from (
      select distinct on (c.customer_id) c.id, c.customer_id, c.started_at from campaigns c
      where c.status = 'sending' and c.delivery_connection_id is not null
        and not exists (select 1 from ab_tests t where t.campaign_id = c.id and t.status = 'testing')
        and not exists (select 1 from platform_deliveries d where d.campaign_id = c.id and d.status = 'preparing' and d.lease_until > ${at})
        and not exists (select 1 from platform_deliveries d where d.campaign_id = c.id and d.part = 0 and d.status <> 'preparing')
      order by c.customer_id, c.started_at
    ) d
    left join platform_turns t on t.customer_id = d.customer_id and t.loop = 'delivery'
    order by t.turn nulls first, d.started_at limit ${limit}`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/** Records how far a part's tagging got (it only moves forward: tagging again is harmless, going back is not). */
export async function saveTagged(db: Db, campaignId: string, part: number, tagged: number): Promise<void> {
  await db
    .update(platformDeliveries)
    .set({ tagged: sql`greatest(${platformDeliveries.tagged}, ${tagged})` })
    .where(and(eq(platformDeliveries.campaignId, campaignId), eq(platformDeliveries.part, part)));
}

export async function updatePart(db: Db, campaignId: string, part: number, values: Partial<typeof platformDeliveries.$inferInsert>): Promise<void> {
  await db.update(platformDeliveries).set(values).where(and(eq(platformDeliveries.campaignId, campaignId), eq(platformDeliveries.part, part)));
}

export async function partsOf(db: Db, campaignIds: readonly string[]): Promise<DeliveryRow[]> {
  if (campaignIds.length === 0) return [];
  return db
    .select()
    .from(platformDeliveries)
    .where(and(sql`${platformDeliveries.campaignId} = any(${sql.param([...campaignIds])}::uuid[])`, sql`${platformDeliveries.part} >= 0`))
    .orderBy(platformDeliveries.part);
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
    // Sent again, it is dealt afresh (under new tags: deliveryTag carries the sending's start).
    await tx.execute(sql`delete from platform_delivery_recipients where campaign_id = ${campaignId}::uuid`);
    return true;
  });
}


/**
 * The test's split, dealt once: the stored one, or `deal()`'s stored now (a worker that dealt it
 * first meanwhile wins: its rows stay and are answered). Part 0 is the rest, 1–4 the variants.
 */
export async function frozenSplit(db: Db, campaignId: string, deal: () => Promise<Array<{ email: string; part: number }>>): Promise<Map<number, string[]>> {
  const read = async () => {
    const result = await db.execute(sql`select email, part from platform_delivery_recipients where campaign_id = ${campaignId}::uuid order by email`);
    const parts = new Map<number, string[]>();
    for (const row of rowsOf<{ email: string; part: number }>(result)) {
      const part = Number(row.part);
      const emails = parts.get(part) ?? [];
      if (emails.length === 0) parts.set(part, emails);
      emails.push(row.email);
    }
    return parts;
  };
  const stored = await read();
  if (stored.size > 0) return stored;
  const dealt = await deal();
  if (dealt.length === 0) return new Map();
  await db.execute(sql`
    insert into platform_delivery_recipients (campaign_id, email, part)
    select ${campaignId}::uuid, d.email, d.part from jsonb_to_recordset(${JSON.stringify(dealt)}::jsonb) as d(email text, part int)
    on conflict do nothing`);
  return read();
}
