import { type SQL, sql } from 'drizzle-orm';
import type { ReportReaderAction } from '@postlark/shared/campaign-reports';

// Who did something with one campaign, as (subscriber_id, at) rows: the one definition the
// report's readers list and the segment condition "opened / clicked / unsubscribed from campaign
// X" both read, counted the way the report's figures count them (reports.repository.ts).

/**
 * Unsubscribes (from everything, or one list) as (campaign_id, subscriber_id, at) rows, each
 * belonging to the last campaign the person was sent before it: the one whose footer they most
 * likely used. `campaigns` picks the campaigns, over `m` (campaign_messages).
 */
export function attributedUnsubscribesSql(campaigns: SQL): SQL {
  return sql`select m.campaign_id, m.subscriber_id, e.at
    from campaign_messages m
    join subscriber_events e on e.subscriber_id = m.subscriber_id and e.kind in ('unsubscribed', 'left_list') and e.at >= m.sent_at
    where ${campaigns} and m.status = 'sent'
      and not exists (select 1 from campaign_messages later
        where later.subscriber_id = m.subscriber_id and later.status = 'sent' and later.sent_at > m.sent_at and later.sent_at <= e.at)`;
}

/** The campaign's readers who did `action`, each once, with when they first did it. */
export function campaignReadersSql(campaignId: string, action: ReportReaderAction): SQL {
  const campaign = sql`${campaignId}::uuid`;
  switch (action) {
    case 'opened':
      // Human opens only: privacy proxies and scanners (tracking/machine-opens.ts) opened nothing.
      return sql`select subscriber_id, min(at) as at from campaign_opens where campaign_id = ${campaign} and not machine group by subscriber_id`;
    case 'clicked':
      return sql`select subscriber_id, min(at) as at from campaign_clicks where campaign_id = ${campaign} and not machine group by subscriber_id`;
    default:
      return sql`select subscriber_id, min(at) as at from (${attributedUnsubscribesSql(sql`m.campaign_id = ${campaign}`)}) unsubscribed group by subscriber_id`;
  }
}
