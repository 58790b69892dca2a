import { sql } from 'drizzle-orm';
import type { FlowDefinition } from '@postlark/shared/automations';
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

/** Why the person may not enter now, or null. */
export async function entryRefusal(db: Db, flowId: string, subscriberId: string, subscriberStatus: string, definition: FlowDefinition, now: Date): Promise<string | null> {
  const left = LEFT_STATUSES[subscriberStatus];
  if (left) return `Not entered: ${left.charAt(0).toLowerCase()}${left.slice(1)}`;
  const [previous] = rowsOf<{ last: string | null; active: number; total: number }>(
    await db.execute(sql`select max(started_at) as "last", count(*) filter (where status = 'active')::int as "active", count(*)::int as "total"
      from flow_runs where flow_id = ${flowId}::uuid and subscriber_id = ${subscriberId}::uuid`),
  );
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

/** Turns up to `limit` pending entries into runs (or refusals). Answers how many it handled. */
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
    for (const entry of entries) {
      const definition = await definitionOf(tx, entry.flowId, entry.version);
      const refusal = definition ? await entryRefusal(tx, entry.flowId, entry.subscriberId, entry.subscriberStatus, definition, now) : 'Not entered: the flow has no definition.';
      if (refusal || !definition) {
        await tx.execute(sql`update flow_entries set status = 'refused', reason = ${refusal} where id = ${entry.id} and status = 'pending'`);
        continue;
      }
      const first = stepById(definition, definition.start);
      const at = now.toISOString();
      // The run, the entry's link to it and the first step (or the run completed at once when the
      // flow has no steps), in one statement.
      await tx.execute(sql`
        with run as (
          insert into flow_runs (customer_id, flow_id, subscriber_id, entry_id, version, status, context, started_at, ended_at, end_reason)
          values (${entry.customerId}::uuid, ${entry.flowId}::uuid, ${entry.subscriberId}::uuid, ${entry.id}, ${entry.version},
            ${first ? 'active' : 'completed'}, ${JSON.stringify(entry.context)}::jsonb, ${at}::timestamptz,
            ${first ? null : at}::timestamptz, ${first ? null : 'The flow has no steps.'})
          returning id),
        entered as (update flow_entries set status = 'entered', run_id = (select id from run) where id = ${entry.id})
        insert into flow_step_runs (run_id, flow_id, subscriber_id, step_id, step_type, status, due_at, created_at)
        select run.id, ${entry.flowId}::uuid, ${entry.subscriberId}::uuid, ${first?.id ?? ''}, ${first?.type ?? ''}, 'pending', ${at}::timestamptz, ${at}::timestamptz
        from run where ${first !== undefined}::boolean`);
    }
    return entries.length;
  });
}
