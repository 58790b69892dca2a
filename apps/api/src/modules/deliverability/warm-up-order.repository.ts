import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * A campaign prepared during a warm-up: its pending rows are made due in the order of their
 * readers' engagement score (highest first; people without one after, in the order they were
 * added), a millisecond apart and all already due, so the claims, which follow due time, give the
 * day's volume to the readers whose opens and clicks teach receivers the sender is wanted.
 */
export async function orderEngagedFirst(db: Db, campaignId: string, now: Date): Promise<void> {
  await db.execute(sql`
    with ranked as (
      select m.id, row_number() over (order by (si.engagement->>'score')::float8 desc nulls last, m.id) as rank, count(*) over () as total
      from campaign_messages m left join subscriber_insights si on si.subscriber_id = m.subscriber_id
      where m.campaign_id = ${campaignId}::uuid and m.flow_step_run_id = 0 and m.status = 'pending')
    update campaign_messages m set next_attempt_at = ${now.toISOString()}::timestamptz - make_interval(secs => (ranked.total - ranked.rank + 1) / 1000.0)
    from ranked where m.id = ranked.id`);
}
