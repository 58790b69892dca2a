import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import type { ClaimedStep } from './engine.repository';

// How the engine takes work: per account, in turns. Each account with due work gets a share of
// the pass (steps of several flows in the order they fell due), and the pass takes the first of
// every account's share before the second of any, so an account with a backlog of thousands
// costs another account with one step nothing but its turn. Turns start after the account served
// last, so when more accounts have work than a pass takes, the next pass begins with the others.

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** Webhook steps have lanes of their own; every other step (emails, waits, splits…) runs in the main pass. */
export type StepLane = 'steps' | 'webhooks';

export interface ClaimPlan {
  /** What this claim takes at most. */
  limit: number;
  /** An account's most: its share is this, or an equal part of `limit` when that is less (webhooks: this less its calls under way). */
  perAccount: number;
  /** The account the last claim served last: the turns begin after it. */
  after: string | null;
}

/** The account served last by a claim (by the turns that began after `after`): where the next one begins. */
export function lastServed(customerIds: Iterable<string>, after: string | null): string | null {
  const start = after ?? NIL_UUID;
  let last: string | null = null;
  const key = (id: string) => `${id > start ? 0 : 1}${id}`;
  for (const id of customerIds) if (last === null || key(id) > key(last)) last = id;
  return last ?? after;
}

/**
 * Takes due steps of active flows' active runs for this worker (others skip them) on one lane,
 * per account in turns. Webhooks: an account's share is what its calls under way (on any worker)
 * leave of `perAccount`.
 */
export async function claimDueSteps(db: Db, lane: StepLane, plan: ClaimPlan, now: Date): Promise<ClaimedStep[]> {
  const ofLane = lane === 'webhooks' ? sql`s.step_type = 'webhook'` : sql`s.step_type <> 'webhook'`;
  const due = sql`s.status in ('pending', 'waiting') and s.due_at <= ${at(now)} and ${ofLane}`;
  const busy =
    lane === 'webhooks'
      ? sql`select f.customer_id, count(*)::int as n from flow_step_runs s join flows f on f.id = s.flow_id
          where s.status = 'running' and s.step_type = 'webhook' group by f.customer_id`
      : sql`select null::uuid as customer_id, 0 as n where false`;
  const share =
    lane === 'webhooks' ? sql`${plan.perAccount} - t.busy` : sql`least(${plan.perAccount}, ceil(${plan.limit}::numeric / t.accounts)::int)`;
  const result = await db.execute(sql`
    with busy as (${busy}),
    flows_due as (
      select f.id, f.customer_id from flows f
      where f.status = 'active' and exists (select 1 from flow_step_runs s where s.flow_id = f.id and ${due})),
    accounts as (
      select a.customer_id, coalesce(b.n, 0) as busy from (select distinct customer_id from flows_due) a left join busy b on b.customer_id = a.customer_id
      where coalesce(b.n, 0) < ${plan.perAccount}),
    turns as (
      select a.customer_id, a.busy, row_number() over (order by a.customer_id > ${plan.after ?? NIL_UUID}::uuid desc, a.customer_id) as turn,
        count(*) over () as accounts
      from accounts a),
    shares as materialized (select t.customer_id, t.turn, ${share} as share from turns t where t.turn <= ${plan.limit}),
    taken as (
      select c.id, sh.turn, sh.share, row_number() over (partition by sh.customer_id order by c.due_at, c.id) as rank
      from shares sh join flows_due fd on fd.customer_id = sh.customer_id
      cross join lateral (
        select s.id, s.due_at from flow_step_runs s where s.flow_id = fd.id and ${due}
        order by s.due_at, s.id limit sh.share
        for update of s skip locked) c),
    picked as (select id from taken where rank <= share order by rank, turn limit ${plan.limit})
    update flow_step_runs set status = 'running', claimed_at = ${at(now)}, attempts = attempts + 1
    where id in (select id from picked) and status in ('pending', 'waiting')
    returning id, run_id as "runId", flow_id as "flowId", subscriber_id as "subscriberId", step_id as "stepId", step_type as "stepType",
      started_at as "startedAt", attempts, event_at as "eventAt", claimed_at as "claimedAt",
      (select r.customer_id from flow_runs r where r.id = flow_step_runs.run_id) as "customerId"`);
  return rowsOf<ClaimedStep>(result).map((row) => ({
    ...row,
    id: Number(row.id),
    startedAt: row.startedAt ? new Date(row.startedAt) : null,
    eventAt: row.eventAt ? new Date(row.eventAt) : null,
    claimedAt: row.claimedAt ? new Date(row.claimedAt) : undefined,
  }));
}
