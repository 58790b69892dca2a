import { sql } from 'drizzle-orm';
import { BLOCK_ATTRIBUTES, BLOCK_ATTRIBUTION_DAYS, type CampaignReportBlock } from '@postlark/shared/content-blocks';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import { RECOMMENDED_LINK } from '../campaigns/content-blocks';
import type { CampaignRow } from '../campaigns/campaigns.repository';

/**
 * A campaign's recommendations block in its report: human clicks on recommended products (their
 * own link number), and the orders (order_placed events) placed by people who clicked one less than
 * BLOCK_ATTRIBUTION_DAYS before. Empty when the campaign has no such block and
 * nobody clicked one.
 */
export async function blockReport(db: Db, row: Pick<CampaignRow, 'id' | 'customerId' | 'contentHtml'>): Promise<CampaignReportBlock[]> {
  const [clicks] = rowsOf<{ clicks: number; unique_clicks: number }>(
    await db.execute(sql`select count(*)::int as clicks, count(distinct subscriber_id)::int as unique_clicks from campaign_clicks
      where campaign_id = ${row.id}::uuid and link_number = ${RECOMMENDED_LINK} and not machine`),
  );
  if (!clicks || (clicks.clicks === 0 && !row.contentHtml.includes(BLOCK_ATTRIBUTES.block))) return [];
  // An order counts once even for someone who clicked many products, when one of their clicks came
  // less than BLOCK_ATTRIBUTION_DAYS before it (a later click renews the window); the most common currency names the sum.
  const clicked = sql`campaign_clicks k where k.campaign_id = ${row.id}::uuid and k.link_number = ${RECOMMENDED_LINK} and not k.machine`;
  const [orders] = rowsOf<{ orders: number; revenue: string | number | null; currency: string | null }>(
    await db.execute(sql`with clickers as (select distinct k.subscriber_id from ${clicked})
      select count(*)::int as orders, coalesce(sum(e.value), 0) as revenue, mode() within group (order by e.currency) as currency
      from clickers c
      join events e on e.customer_id = ${row.customerId}::uuid and e.subscriber_id = c.subscriber_id and e.name = 'order_placed'
      where exists (select 1 from ${clicked} and k.subscriber_id = e.subscriber_id
        and k.at <= e.occurred_at and e.occurred_at < k.at + make_interval(days => ${BLOCK_ATTRIBUTION_DAYS}))`),
  );
  return [
    {
      block: 'recommendations',
      clicks: clicks.clicks,
      unique_clicks: clicks.unique_clicks,
      orders: orders?.orders ?? 0,
      revenue: Number(orders?.revenue ?? 0),
      currency: orders?.currency ?? null,
    },
  ];
}
