import { sql } from 'drizzle-orm';
import { BLOCK_ATTRIBUTES, BLOCK_ATTRIBUTION_DAYS, type CampaignReportBlock } from '@postlark/shared/content-blocks';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import { RECOMMENDED_LINK } from '../campaigns/content-blocks';
import type { CampaignRow } from '../campaigns/campaigns.repository';

/**
 * A campaign's recommendations block in its report: human clicks on recommended products (their
 * own link number), and the orders (order_placed events) placed by people who clicked one, within
 * BLOCK_ATTRIBUTION_DAYS of their first such click. Empty when the campaign has no such block and
 * nobody clicked one.
 */
export async function blockReport(db: Db, row: Pick<CampaignRow, 'id' | 'customerId' | 'contentHtml'>): Promise<CampaignReportBlock[]> {
  const [clicks] = rowsOf<{ clicks: number; unique_clicks: number }>(
    await db.execute(sql`select count(*)::int as clicks, count(distinct subscriber_id)::int as unique_clicks from campaign_clicks
      where campaign_id = ${row.id}::uuid and link_number = ${RECOMMENDED_LINK} and not machine`),
  );
  if (!clicks || (clicks.clicks === 0 && !row.contentHtml.includes(BLOCK_ATTRIBUTES.block))) return [];
  // An order counts once even for someone who clicked many products; the most common currency names the sum.
  const [orders] = rowsOf<{ orders: number; revenue: string | number | null; currency: string | null }>(
    await db.execute(sql`with clickers as (
        select subscriber_id, min(at) as first_at from campaign_clicks
        where campaign_id = ${row.id}::uuid and link_number = ${RECOMMENDED_LINK} and not machine group by subscriber_id)
      select count(*)::int as orders, coalesce(sum(e.value), 0) as revenue, mode() within group (order by e.currency) as currency
      from clickers k
      join events e on e.customer_id = ${row.customerId}::uuid and e.subscriber_id = k.subscriber_id and e.name = 'order_placed'
        and e.occurred_at >= k.first_at and e.occurred_at < k.first_at + make_interval(days => ${BLOCK_ATTRIBUTION_DAYS})`),
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
