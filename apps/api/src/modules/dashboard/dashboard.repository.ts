import { sql } from 'drizzle-orm';
import type { PlatformId } from '@postlark/shared/integrations';
import type { AbStatus } from '@postlark/shared/ab-tests';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import { awaitingConfirmationSql } from '../audience/emailable-sql';

// What Home reads besides the reports' figures: the audience's changes, what is scheduled, live
// flows and tests, and the get-started steps' facts. Each is one statement, whatever the audience's size.

/** Audience changes per UTC day since `since`; the row with a null day is everyone counted at `since`. */
export interface AudienceChangeRow {
  day: string | null;
  joined: number;
  left: number;
}

/**
 * One grouped pass over the customer's subscribers (events-only profiles, never subscribed, are
 * not audience). A person joined when they consented (or were added); someone no longer active left
 * at their last unsubscribe, bounce or complaint (without one, they never counted). Someone active
 * now counts from when they first joined. So the last day's size is the active count now. Someone
 * awaiting their double opt-in confirmation has not joined yet.
 */
export async function audienceChanges(db: Db, customerId: string, since: Date): Promise<AudienceChangeRow[]> {
  const from = sql`${since.toISOString()}::timestamptz`;
  return rowsOf<AudienceChangeRow>(
    await db.execute(sql`with people as (
        select coalesce(s.consent_at, s.created_at) as joined_at,
          case when s.status = 'active' then null
            else coalesce((select max(e.at) from subscriber_events e
              where e.subscriber_id = s.id and e.kind in ('unsubscribed', 'bounced', 'complained')), coalesce(s.consent_at, s.created_at)) end as left_at
        from subscribers s
        where s.customer_id = ${customerId}::uuid and s.status <> 'not_subscribed'
          -- Not audience until they confirm (emailable-sql.ts): Home's size is who can be emailed.
          and not ${awaitingConfirmationSql(sql`s.id`)}
      ), counted as (
        select joined_at, left_at from people where left_at is null or left_at > joined_at
      )
      select day, sum(joined)::int as joined, sum("left")::int as "left" from (
        select null as day, 1 as joined, 0 as "left" from counted where joined_at < ${from} and (left_at is null or left_at >= ${from})
        union all
        select to_char(joined_at at time zone 'UTC', 'YYYY-MM-DD'), 1, 0 from counted where joined_at >= ${from}
        union all
        select to_char(left_at at time zone 'UTC', 'YYYY-MM-DD'), 0, 1 from counted where left_at >= ${from}
      ) changes group by day`),
  );
}

export interface ScheduledRow {
  id: string;
  name: string;
  scheduledAt: Date | string;
  total: number;
}

/** The soonest scheduled campaigns, each row carrying how many are scheduled in all. */
export async function scheduledCampaigns(db: Db, customerId: string, limit: number): Promise<ScheduledRow[]> {
  return rowsOf<ScheduledRow>(
    await db.execute(sql`select id, name, scheduled_at as "scheduledAt", (count(*) over ())::int as total
      from campaigns where customer_id = ${customerId}::uuid and kind = 'campaign' and status = 'scheduled'
      order by scheduled_at, id limit ${limit}`),
  );
}

export interface LiveFlowRow {
  id: string;
  name: string;
  people: number;
  total: number;
}

/** Live flows, the most people in them now first. */
export async function liveFlows(db: Db, customerId: string, limit: number): Promise<LiveFlowRow[]> {
  return rowsOf<LiveFlowRow>(
    await db.execute(sql`select f.id, f.name,
        (select count(*) from flow_runs r where r.flow_id = f.id and r.status = 'active')::int as people,
        (count(*) over ())::int as total
      from flows f where f.customer_id = ${customerId}::uuid and f.status = 'active'
      order by people desc, f.name, f.id limit ${limit}`),
  );
}

export interface RunningTestRow {
  id: string;
  name: string;
  status: AbStatus;
  deadlineAt: Date | string | null;
  total: number;
}

/** A/B tests still deciding, newest first. */
export async function runningTests(db: Db, customerId: string, limit: number): Promise<RunningTestRow[]> {
  return rowsOf<RunningTestRow>(
    await db.execute(sql`select c.id, c.name, t.status, t.deadline_at as "deadlineAt", (count(*) over ())::int as total
      from ab_tests t join campaigns c on c.id = t.campaign_id
      where t.customer_id = ${customerId}::uuid and c.customer_id = ${customerId}::uuid and t.status = 'testing'
      order by t.started_at desc nulls last, c.id limit ${limit}`),
  );
}

/** The platforms the customer has a working connection to. */
export async function connectedPlatforms(db: Db, customerId: string): Promise<PlatformId[]> {
  const rows = rowsOf<{ platform: PlatformId }>(
    await db.execute(sql`select distinct platform from connections where customer_id = ${customerId}::uuid and status = 'connected' order by platform`),
  );
  return rows.map((row) => row.platform);
}

/** Whether the customer has a sender address confirmed, the one thing Postlark's own sending needs to be set up. */
export async function hasConfirmedSender(db: Db, customerId: string): Promise<boolean> {
  const result = await db.execute(
    sql`select exists (select 1 from sender_identities where customer_id = ${customerId}::uuid and confirmed_at is not null) as found`,
  );
  return Boolean(rowsOf<{ found: boolean }>(result)[0]?.found);
}
