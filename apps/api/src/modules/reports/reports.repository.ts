import { sql } from 'drizzle-orm';
import type { CampaignReceiverReports, CampaignReportLink, CampaignReportPoint, ReportReader, ReportReaderAction } from '@postlark/shared/campaign-reports';
import { BLOCK_MESSAGES } from '@postlark/shared/content-blocks';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import { RECOMMENDED_LINK } from '../campaigns/content-blocks';
import { attributedUnsubscribesSql, campaignReadersSql } from './campaign-readers-sql';

// What the Reports pages read: every figure grouped by campaign in one statement per kind, so the
// page across campaigns costs the same few queries as one campaign's report. Machine opens and
// clicks (tracking/machine-opens.ts) are counted apart and never in the human figures.

export interface EngagementCounts {
  humanOpens: number;
  machineOpens: number;
  uniqueOpens: number;
  clicks: number;
  uniqueClicks: number;
  unsubscribes: number;
  bounces: number;
  complaints: number;
}

const ZERO: EngagementCounts = { humanOpens: 0, machineOpens: 0, uniqueOpens: 0, clicks: 0, uniqueClicks: 0, unsubscribes: 0, bounces: 0, complaints: 0 };

type Keyed<T> = T & { campaignId: string };

export async function engagementCounts(db: Db, campaignIds: readonly string[]): Promise<Map<string, EngagementCounts>> {
  const counts = new Map<string, EngagementCounts>(campaignIds.map((id) => [id, { ...ZERO }]));
  if (campaignIds.length === 0) return counts;
  const ids = sql`${sql.param([...campaignIds])}::uuid[]`;
  const merge = (rows: Keyed<Partial<EngagementCounts>>[]) => {
    for (const { campaignId, ...values } of rows) Object.assign(counts.get(campaignId)!, values);
  };
  merge(
    rowsOf(
      await db.execute(sql`select campaign_id as "campaignId",
          (count(*) filter (where not machine))::int as "humanOpens",
          (count(*) filter (where machine))::int as "machineOpens",
          (count(distinct subscriber_id) filter (where not machine))::int as "uniqueOpens"
        from campaign_opens where campaign_id = any(${ids}) group by campaign_id`),
    ),
  );
  merge(
    rowsOf(
      await db.execute(sql`select campaign_id as "campaignId", count(*)::int as "clicks", count(distinct subscriber_id)::int as "uniqueClicks"
        from campaign_clicks where campaign_id = any(${ids}) and not machine group by campaign_id`),
    ),
  );
  merge(
    rowsOf(
      await db.execute(sql`select campaign_id as "campaignId",
          (count(distinct subscriber_id) filter (where kind <> 'complaint'))::int as "bounces",
          (count(distinct subscriber_id) filter (where kind = 'complaint'))::int as "complaints"
        from campaign_bounces where campaign_id = any(${ids}) group by campaign_id`),
    ),
  );
  // Counted as the readers list finds them (campaign-readers-sql.ts): by the last campaign sent before.
  merge(
    rowsOf(
      await db.execute(sql`select campaign_id as "campaignId", count(distinct subscriber_id)::int as "unsubscribes"
        from (${attributedUnsubscribesSql(sql`m.campaign_id = any(${ids})`)}) unsubscribed group by campaign_id`),
    ),
  );
  return counts;
}

/**
 * Human clicks per link, most clicked first. A link is named by its href as the campaign wrote it
 * (`links`, by link number), so a link a merge tag made different for everyone is one row, and
 * two links to the same address are one row too. Clicks on links made before links were
 * numbered are grouped by the address they led to.
 */
export async function clicksPerLink(db: Db, campaignId: string, links: readonly string[], limit: number): Promise<CampaignReportLink[]> {
  return rowsOf<CampaignReportLink>(
    // Every recommended product (content-blocks.ts) is one row: each person's were different.
    await db.execute(sql`select case when c.link_number = ${RECOMMENDED_LINK} then ${BLOCK_MESSAGES.recommendedProducts} else coalesce(nullif(link.href, ''), c.url) end as url, count(*)::int as clicks, count(distinct c.subscriber_id)::int as unique_clicks
      from campaign_clicks c
      left join unnest(${sql.param([...links])}::text[]) with ordinality as link(href, number) on link.number = c.link_number + 1
      where c.campaign_id = ${campaignId}::uuid and not c.machine
      group by 1 order by clicks desc, url limit ${limit}`),
  );
}

/** Messages sent, human opens and human clicks per hour, hours with nothing left out. */
export async function hourlyTimeline(db: Db, campaignId: string, limit: number): Promise<CampaignReportPoint[]> {
  const rows = rowsOf<{ at: Date | string; sent: number; opens: number; clicks: number }>(
    await db.execute(sql`select hour as at, sum(sent)::int as sent, sum(opens)::int as opens, sum(clicks)::int as clicks from (
        select date_trunc('hour', sent_at) as hour, 1 as sent, 0 as opens, 0 as clicks
          from campaign_messages where campaign_id = ${campaignId}::uuid and sent_at is not null
        union all
        select date_trunc('hour', at), 0, 1, 0 from campaign_opens where campaign_id = ${campaignId}::uuid and not machine
        union all
        select date_trunc('hour', at), 0, 0, 1 from campaign_clicks where campaign_id = ${campaignId}::uuid and not machine
      ) hits group by hour order by hour limit ${limit}`),
  );
  return rows.map((row) => ({ at: new Date(row.at).toISOString(), sent: row.sent, opens: row.opens, clicks: row.clicks }));
}

const RECEIVER_REPORTS_SHOWN = 20;

/** The campaign's delivery reports that asked for something (not auto-replies or deliveries), counted and the latest listed. */
export async function receiverReports(db: Db, campaignId: string): Promise<CampaignReceiverReports> {
  const counted = rowsOf<{ outcome: keyof CampaignReceiverReports['counts']; n: number }>(
    await db.execute(sql`select outcome, count(*)::int as n from delivery_reports where campaign_id = ${campaignId}::uuid and outcome <> 'none' group by outcome`),
  );
  const counts = { dead: 0, soft: 0, sender: 0, complaint: 0 };
  for (const row of counted) counts[row.outcome] = Number(row.n);
  const latest = rowsOf<CampaignReceiverReports['latest'][number] & { received_at: Date | string }>(
    await db.execute(sql`select email, outcome, status, diagnostic, received_at from delivery_reports
      where campaign_id = ${campaignId}::uuid and outcome <> 'none' order by received_at desc, id desc limit ${RECEIVER_REPORTS_SHOWN}`),
  );
  return { counts, latest: latest.map((row) => ({ ...row, received_at: new Date(row.received_at).toISOString() })) };
}

/** One page of the campaign's readers who did `action`, newest first, with everyone counted. */
export async function campaignReaders(db: Db, campaignId: string, action: ReportReaderAction, limit: number, offset: number): Promise<{ readers: ReportReader[]; total: number }> {
  const rows = rowsOf<ReportReader & { at: Date | string; total: number }>(
    await db.execute(sql`select s.id as subscriber_id, s.email, s.first_name, s.last_name, r.at, (count(*) over ())::int as total
      from (${campaignReadersSql(campaignId, action)}) r join subscribers s on s.id = r.subscriber_id
      order by r.at desc, s.id limit ${limit} offset ${offset}`),
  );
  const total = rows[0]?.total ?? (offset > 0 ? await countReaders(db, campaignId, action) : 0);
  return { readers: rows.map(({ total: _total, ...row }) => ({ ...row, at: new Date(row.at).toISOString() })), total };
}

async function countReaders(db: Db, campaignId: string, action: ReportReaderAction): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${campaignReadersSql(campaignId, action)}) r`));
  return row?.n ?? 0;
}
