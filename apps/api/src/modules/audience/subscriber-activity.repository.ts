import { sql } from 'drizzle-orm';
import type { ActivityKind } from '@postlark/shared/audience';
import type { Db } from '../../db/client';

export interface ActivityRow {
  kind: ActivityKind;
  at: Date;
  listId: string | null;
  listName: string | null;
  source: string | null;
}

/**
 * A subscriber's timeline, newest first: what the rows themselves say (subscribed, confirmed,
 * joined and confirmed lists) and what was recorded as it happened (subscriber_events).
 */
export async function activityOf(db: Db, subscriberId: string, limit: number): Promise<ActivityRow[]> {
  const id = sql`${subscriberId}::uuid`;
  const result = await db.execute(sql`
    select activity.kind, activity.at, activity.list_id as "listId", lists.name as "listName", activity.source
    from (
      select 'subscribed' as kind, s.created_at as at, null::uuid as list_id, s.consent_source as source from subscribers s where s.id = ${id}
      union all
      select 'confirmed', s.confirmed_at, null, null from subscribers s where s.id = ${id} and s.confirmed_at is not null
      union all
      select 'joined_list', m.created_at, m.list_id, null from list_memberships m where m.subscriber_id = ${id}
      union all
      -- Confirming later than joining is worth a line of its own; an import joins confirmed.
      select 'confirmed_list', m.confirmed_at, m.list_id, null from list_memberships m where m.subscriber_id = ${id} and m.confirmed_at > m.created_at
      union all
      select e.kind, e.at, e.list_id, null from subscriber_events e where e.subscriber_id = ${id}
    ) as activity
    left join lists on lists.id = activity.list_id
    order by activity.at desc, activity.kind, lists.name
    limit ${limit}`);
  return (result as unknown as { rows: (Omit<ActivityRow, 'at'> & { at: Date | string })[] }).rows.map((row) => ({ ...row, at: new Date(row.at) }));
}
