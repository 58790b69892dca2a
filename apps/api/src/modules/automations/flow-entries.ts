import { sql } from 'drizzle-orm';
import type { FlowDefinition, FlowStep } from '@postlark/shared/automations';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import { type ClaimPlan, lastServed } from './flow-claims.repository';
import { stepById } from './flow-graph';
import { definitionOf } from './flow-steps';

// The inbox to runs: each pending entry of an active flow becomes a run with its first step, or
// is refused with the reason (re-entry rule, already inside, unsubscribed), in one transaction
// per batch; entries of paused flows wait, and so do an account's entries past its hourly cap
// (they enter as the hour frees: nothing is dropped, and no account's flood delays another's).

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

interface PendingEntry {
  id: number;
  flowId: string;
  customerId: string;
  subscriberId: string;
  occurredAt: Date;
  context: Record<string, unknown>;
  version: number;
  subscriberStatus: string;
}

const LEFT_STATUSES: Record<string, string> = {
  unsubscribed: 'The person unsubscribed.',
  bounced: "The person's address bounced.",
  complained: 'The person complained (marked an email as spam).',
};

interface PreviousRuns {
  last: string | Date | null;
  active: number;
  total: number;
}

/** Why the person may not enter now, or null. */
export async function entryRefusal(db: Db, flowId: string, subscriberId: string, subscriberStatus: string, definition: FlowDefinition, now: Date): Promise<string | null> {
  const [previous] = rowsOf<PreviousRuns>(
    await db.execute(sql`select max(started_at) as "last", count(*) filter (where status = 'active')::int as "active", count(*)::int as "total"
      from flow_runs where flow_id = ${flowId}::uuid and subscriber_id = ${subscriberId}::uuid`),
  );
  return refusalGiven(previous, subscriberStatus, definition, now);
}

/** entryRefusal's verdict from the person's earlier runs of the flow. */
function refusalGiven(previous: PreviousRuns | undefined, subscriberStatus: string, definition: FlowDefinition, now: Date): string | null {
  const left = LEFT_STATUSES[subscriberStatus];
  if (left) return `Not entered: ${left.charAt(0).toLowerCase()}${left.slice(1)}`;
  if (!previous || previous.total === 0) return null;
  if (previous.active > 0) return 'Not entered: the person is in this flow already.';
  const { reentry, reentry_days: days } = definition.rules;
  if (reentry === 'never') return 'Not entered: the person entered this flow before, and it allows one entry per person.';
  if (reentry === 'after_days' && previous.last) {
    const allowed = new Date(new Date(previous.last).getTime() + (days ?? 0) * DAY_MS);
    if (allowed > now) return `Not entered: the person entered this flow less than ${days} days ago; they may enter again from ${allowed.toISOString()}.`;
  }
  return null;
}

/** How many entries a pass takes, an account's share and its hourly cap, and whose turn is first. */
export interface EntryPlan extends ClaimPlan {
  /** Runs an account may start in an hour (FLOW_ENTRIES_PER_HOUR): its later entries wait in the inbox. */
  perHour: number;
}

/**
 * Turns pending entries into runs (or refusals), per account in turns (flow-claims.repository.ts):
 * each account with pending entries gets a share of `limit`, no more than what its hourly cap
 * leaves. In one transaction and a few statements whatever their number: the people's earlier
 * runs read at once, the verdicts made in order (an entry let in counts for the next of the same
 * person), the refusals, and the runs with their entries' links and first steps. Answers how many
 * it handled and the account it served last.
 */
export async function processEntries(db: Db, plan: EntryPlan, now: Date): Promise<{ handled: number; last: string | null }> {
  return db.transaction(async (tx) => {
    const hourAgo = new Date(now.getTime() - HOUR_MS).toISOString();
    const entries = rowsOf<PendingEntry>(
      await tx.execute(sql`
        with flows_due as (
          select f.id, f.customer_id from flows f
          where f.status = 'active' and exists (select 1 from flow_entries e where e.flow_id = f.id and e.status = 'pending')),
        turns as (
          select a.customer_id, row_number() over (order by a.customer_id > ${plan.after ?? NIL_UUID}::uuid desc, a.customer_id) as turn, count(*) over () as accounts
          from (select distinct customer_id from flows_due) a),
        -- Materialized: each account's runs of the hour are counted once, not once per entry taken.
        shares as materialized (
          select t.customer_id, t.turn,
            least(${plan.perAccount}, ceil(${plan.limit}::numeric / t.accounts)::int,
              greatest(0, ${plan.perHour} - (select count(*)::int from flow_runs r where r.customer_id = t.customer_id and r.started_at > ${hourAgo}::timestamptz))) as share
          from turns t where t.turn <= ${plan.limit}),
        taken as (
          select c.id, sh.turn, sh.share, row_number() over (partition by sh.customer_id order by c.id) as rank
          from shares sh join flows_due fd on fd.customer_id = sh.customer_id
          cross join lateral (
            select e.id from flow_entries e where e.flow_id = fd.id and e.status = 'pending'
            order by e.id limit sh.share
            for update of e skip locked) c)
        select e.id, e.flow_id as "flowId", e.customer_id as "customerId", e.subscriber_id as "subscriberId", e.occurred_at as "occurredAt",
          e.context, f.version, s.status as "subscriberStatus"
        from taken t join flow_entries e on e.id = t.id join flows f on f.id = e.flow_id join subscribers s on s.id = e.subscriber_id
        where t.rank <= t.share
        order by t.rank, t.turn
        limit ${plan.limit}`),
    );
    const last = lastServed(new Set(entries.map((entry) => entry.customerId)), plan.after);
    if (entries.length === 0) return { handled: 0, last };
    const key = (flowId: string, subscriberId: string) => `${flowId}:${subscriberId}`;
    const previous = new Map<string, PreviousRuns>(
      rowsOf<PreviousRuns & { flowId: string; subscriberId: string }>(
        await tx.execute(sql`select r.flow_id as "flowId", r.subscriber_id as "subscriberId", max(r.started_at) as "last",
            count(*) filter (where r.status = 'active')::int as "active", count(*)::int as "total"
          from flow_runs r
          join (select distinct flow_id, subscriber_id from unnest(${sql.param(entries.map((entry) => entry.flowId))}::uuid[],
            ${sql.param(entries.map((entry) => entry.subscriberId))}::uuid[]) as p(flow_id, subscriber_id)) p
            on r.flow_id = p.flow_id and r.subscriber_id = p.subscriber_id
          group by r.flow_id, r.subscriber_id`),
      ).map((row) => [key(row.flowId, row.subscriberId), row]),
    );
    const refused: { id: number; reason: string }[] = [];
    const entered: { entry: PendingEntry; first: FlowStep | undefined }[] = [];
    for (const entry of entries) {
      const definition = await definitionOf(tx, entry.flowId, entry.version);
      const earlier = previous.get(key(entry.flowId, entry.subscriberId));
      const refusal = definition ? refusalGiven(earlier, entry.subscriberStatus, definition, now) : 'Not entered: the flow has no definition.';
      if (refusal || !definition) {
        refused.push({ id: entry.id, reason: refusal ?? '' });
        continue;
      }
      const first = stepById(definition, definition.start);
      entered.push({ entry, first });
      previous.set(key(entry.flowId, entry.subscriberId), { last: now, active: (earlier?.active ?? 0) + (first ? 1 : 0), total: (earlier?.total ?? 0) + 1 });
    }
    if (refused.length > 0) {
      await tx.execute(sql`update flow_entries e set status = 'refused', reason = r.reason
        from unnest(${sql.param(refused.map((row) => row.id))}::bigint[], ${sql.param(refused.map((row) => row.reason))}::text[]) as r(id, reason)
        where e.id = r.id and e.status = 'pending'`);
    }
    if (entered.length > 0) {
      const at = now.toISOString();
      const column = <T>(value: (item: (typeof entered)[number]) => T) => sql.param(entered.map(value));
      // The runs, the entries' links to them and the first steps (or a run completed at once when
      // the flow has no steps), in one statement.
      await tx.execute(sql`
        with input as (
          select * from unnest(${column((item) => item.entry.id)}::bigint[], ${column((item) => item.entry.customerId)}::uuid[], ${column((item) => item.entry.flowId)}::uuid[],
            ${column((item) => item.entry.subscriberId)}::uuid[], ${column((item) => item.entry.version)}::int[],
            ${column((item) => JSON.stringify(item.entry.context))}::jsonb[], ${column((item) => item.first?.id ?? '')}::text[], ${column((item) => item.first?.type ?? '')}::text[])
            as i(entry_id, customer_id, flow_id, subscriber_id, version, context, step_id, step_type)),
        run as (
          insert into flow_runs (customer_id, flow_id, subscriber_id, entry_id, version, status, context, started_at, ended_at, end_reason)
          select customer_id, flow_id, subscriber_id, entry_id, version, case when step_id = '' then 'completed' else 'active' end, context, ${at}::timestamptz,
            case when step_id = '' then ${at}::timestamptz end, case when step_id = '' then 'The flow has no steps.' end
          from input
          returning id, entry_id),
        linked as (update flow_entries e set status = 'entered', run_id = run.id from run where e.id = run.entry_id)
        insert into flow_step_runs (run_id, flow_id, subscriber_id, step_id, step_type, status, due_at, created_at)
        select run.id, i.flow_id, i.subscriber_id, i.step_id, i.step_type, 'pending', ${at}::timestamptz, ${at}::timestamptz
        from run join input i on i.entry_id = run.entry_id
        where i.step_id <> ''`);
    }
    return { handled: entries.length, last };
  });
}
