import { sql } from 'drizzle-orm';
import type { FlowDefinition, FlowStep } from '@postlark/shared/automations';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import { stepById } from './flow-graph';
import { definitionOf } from './flow-steps';

// The inbox to runs: each pending entry of an active flow becomes a run with its first step, or
// is refused with the reason (re-entry rule, already inside, unsubscribed), in one transaction
// per batch; entries of paused flows wait.

const DAY_MS = 86_400_000;

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

/**
 * Turns up to `limit` pending entries into runs (or refusals), in one transaction and a few
 * statements whatever their number: the people's earlier runs read at once, the verdicts made in
 * order (an entry let in counts for the next of the same person), the refusals, and the runs with
 * their entries' links and first steps. Answers how many it handled.
 */
export async function processEntries(db: Db, limit: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const entries = rowsOf<PendingEntry>(
      await tx.execute(sql`select e.id, e.flow_id as "flowId", e.customer_id as "customerId", e.subscriber_id as "subscriberId", e.occurred_at as "occurredAt",
          e.context, f.version, s.status as "subscriberStatus"
        from flow_entries e join flows f on f.id = e.flow_id join subscribers s on s.id = e.subscriber_id
        where e.status = 'pending' and f.status = 'active'
        order by e.id limit ${limit}
        for update of e skip locked`),
    );
    if (entries.length === 0) return 0;
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
    return entries.length;
  });
}
