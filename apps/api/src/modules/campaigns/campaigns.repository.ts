import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PlatformId } from '@postlark/shared/integrations';
import type { MessageCounts } from '@postlark/shared/campaigns';
import { MESSAGE_STATUSES } from '@postlark/shared/campaigns';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { campaignMessages, campaigns } from '../../db/schema/campaigns';

export type CampaignRow = typeof campaigns.$inferSelect;
export type NewCampaign = typeof campaigns.$inferInsert;

export async function listCampaigns(db: Db, customerId: string, platform?: PlatformId): Promise<CampaignRow[]> {
  // A flow's email steps are campaign rows too (kind 'automation'): the flow shows them, not this list.
  return db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.customerId, customerId), eq(campaigns.kind, 'campaign'), platform ? deliveredThrough(sql`${campaigns.id}`, sql`${campaigns.deliveryConnectionId}`, platform) : undefined))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
}

/**
 * A campaign is the platform's when it names a connection to it, or was delivered through it (its
 * parts say so after the connection is gone).
 */
export function deliveredThrough(campaignId: SQL, connectionId: SQL, platform: PlatformId): SQL {
  return sql`(exists (select 1 from connections k where k.id = ${connectionId} and k.platform = ${platform})
    or exists (select 1 from platform_deliveries d where d.campaign_id = ${campaignId} and d.platform = ${platform}))`;
}

export async function findCampaign(db: Db, customerId: string, id: string): Promise<CampaignRow | undefined> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.customerId, customerId), eq(campaigns.id, id), eq(campaigns.kind, 'campaign')));
  return row;
}

export async function campaignById(db: Db, id: string): Promise<CampaignRow | undefined> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return row;
}

export async function insertCampaign(db: Db, values: NewCampaign): Promise<CampaignRow> {
  const [row] = await db.insert(campaigns).values(values).returning();
  if (!row) throw new Error('campaign insert returned no row');
  return row;
}

/** Changes a campaign only while it is in one of `inStatus`; undefined when it is not (any more). */
export async function updateCampaignIn(db: Db, customerId: string, id: string, inStatus: readonly string[], values: Partial<NewCampaign>): Promise<CampaignRow | undefined> {
  const [row] = await db
    .update(campaigns)
    .set(values)
    .where(and(eq(campaigns.customerId, customerId), eq(campaigns.id, id), eq(campaigns.kind, 'campaign'), sql`${campaigns.status} = any(${sql.param([...inStatus])}::text[])`))
    .returning();
  return row;
}

export async function deleteCampaignIn(db: Db, customerId: string, id: string, inStatus: readonly string[]): Promise<boolean> {
  const rows = await db
    .delete(campaigns)
    .where(and(eq(campaigns.customerId, customerId), eq(campaigns.id, id), eq(campaigns.kind, 'campaign'), sql`${campaigns.status} = any(${sql.param([...inStatus])}::text[])`))
    .returning({ id: campaigns.id });
  return rows.length > 0;
}

/** How many of each campaign's rows are in each state (campaigns with no rows are absent). */
export async function messageCounts(db: Db, campaignIds: readonly string[]): Promise<Map<string, MessageCounts>> {
  if (campaignIds.length === 0) return new Map();
  const rows = await db
    .select({ campaignId: campaignMessages.campaignId, status: campaignMessages.status, count: sql<number>`count(*)::int` })
    .from(campaignMessages)
    .where(sql`${campaignMessages.campaignId} = any(${sql.param([...campaignIds])}::uuid[])`)
    .groupBy(campaignMessages.campaignId, campaignMessages.status);
  const counts = new Map<string, MessageCounts>();
  for (const row of rows) {
    const entry = counts.get(row.campaignId) ?? (Object.fromEntries(MESSAGE_STATUSES.map((status) => [status, 0])) as MessageCounts);
    entry[row.status] = row.count;
    counts.set(row.campaignId, entry);
  }
  return counts;
}

/** The customer's postal address as the profile's contact information holds it. */
export async function postalAddressParts(db: Db, customerId: string) {
  const [row] = await db.select({ info: customers.additionalInfo, country: customers.country }).from(customers).where(eq(customers.id, customerId));
  return row;
}
