import { sql } from 'drizzle-orm';
import { STO_GROUPS, type SendTimeOptimisation } from '@postlark/shared/send-time-optimisation';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import { bestHourSql, withinWindowSql } from './best-time-sql';

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The shares of `audience` that explore and are held out: whole people, rounded, never more than all. */
export function stoGroupSizes(audience: number, settings: SendTimeOptimisation): { explore: number; holdout: number } {
  const explore = Math.min(audience, Math.round((audience * settings.explore_percent) / 100));
  const holdout = Math.min(audience - explore, Math.round((audience * settings.holdout_percent) / 100));
  return { explore, holdout };
}

/**
 * Gives each of the campaign's pending rows its own send time, in the transaction that made them
 * (or, with an A/B test, the one that released its rest: `restOnly`). In one random order made in
 * SQL: the first `explore` rows go at a random instant of [start, start + window), the next
 * `holdout` at the start, the others at their best time within the window (best-time-sql.ts).
 * The engine needs nothing else: a row is claimed once its next_attempt_at has come, and the
 * campaign finishes when every row is settled. Answers false when the campaign has no STO.
 */
export async function assignSendTimes(db: Db, campaignId: string, start: Date, options: { restOnly: boolean }): Promise<boolean> {
  const [campaign] = rowsOf<{ customerId: string; settings: SendTimeOptimisation | null }>(
    await db.execute(sql`select customer_id as "customerId", send_time_optimisation as settings from campaigns where id = ${campaignId}::uuid`),
  );
  if (!campaign?.settings) return false;
  const { settings } = campaign;
  const scope = sql`campaign_id = ${campaignId}::uuid and flow_step_run_id = 0 and status = 'pending' ${options.restOnly ? sql`and ab_rest` : sql`and not ab_rest`}`;
  const [counted] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from campaign_messages where ${scope}`));
  const { explore, holdout } = stoGroupSizes(counted?.n ?? 0, settings);
  const window = sql`${settings.window_hours}::int`;
  const hour = bestHourSql(sql`dealt.subscriber_id`, sql`${campaign.customerId}::uuid`);
  await db.execute(sql`
    with dealt as (
      select id, subscriber_id, row_number() over (order by random()) - 1 as k
      from campaign_messages where ${scope})
    update campaign_messages m set
      sto_group = (case when dealt.k < ${explore} then ${STO_GROUPS.explore}
        when dealt.k < ${explore + holdout} then ${STO_GROUPS.holdout} else ${STO_GROUPS.optimised} end)::smallint,
      next_attempt_at = case when dealt.k < ${explore} then ${at(start)} + make_interval(secs => floor(random() * ${settings.window_hours * 3600}))
        when dealt.k < ${explore + holdout} then ${at(start)}
        else ${withinWindowSql(at(start), hour, window)} end
    from dealt where m.id = dealt.id`);
  return true;
}
