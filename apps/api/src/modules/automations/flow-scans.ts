import { sql } from 'drizzle-orm';
import type { FlowTrigger } from '@postlark/shared/automations';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import { segmentSql } from '../audience/segment-sql';
import { findSegment } from '../audience/segments.repository';
import { lastServed } from './flow-claims.repository';
import { engineState, type FlowEngineDeps } from './flow-engine-deps';
import { definitionOf } from './flow-steps';
import { candidateMonthDays, dateOccurrence } from './flow-time';

// Triggers nothing announces: entering a segment (looked at every scan interval: who matches now
// and did not at the last look) and a date attribute's yearly recurrence (in each person's
// timezone). One worker takes each flow's look, by a conditional update of its checked_at. The
// looks run in a loop of their own (never before a pass's steps), an account's flows one at a
// time in turns with the other accounts', and an account has at most FLOW_SCANNED_PER_ACCOUNT
// such flows active (flows.service.ts).

interface DueFlow {
  id: string;
  customerId: string;
  version: number;
  triggerType: string;
  firstLook: boolean;
}

// A date trigger fires at an hour: looking every 10 minutes enters people at most 10 minutes late
// and reads the account's date attributes a tenth as often.
const DATE_SCAN_FACTOR = 10;

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** How many looks a pass takes, and an account's most (the longest waiting first); turns begin after `after`. */
interface ScanPlan {
  perPass: number;
  perAccount: number;
  after: string | null;
}

async function claimDueScans(db: Db, now: Date, intervalMs: number, plan: ScanPlan): Promise<DueFlow[]> {
  const before = new Date(now.getTime() - intervalMs).toISOString();
  const beforeDates = new Date(now.getTime() - intervalMs * DATE_SCAN_FACTOR).toISOString();
  const isDue = sql`status = 'active' and trigger_type in ('segment_entered', 'date')
    and (checked_at is null or checked_at <= case when trigger_type = 'date' then ${beforeDates}::timestamptz else ${before}::timestamptz end)`;
  const result = await db.execute(sql`
    with due as (
      select id, customer_id, row_number() over (partition by customer_id order by checked_at nulls first, id) as rank,
        dense_rank() over (order by customer_id > ${plan.after ?? NIL_UUID}::uuid desc, customer_id) as turn
      from flows where ${isDue}),
    picked as (select id from due where rank <= ${plan.perAccount} order by rank, turn limit ${plan.perPass}),
    locked as (select id, checked_at is null as "firstLook" from flows where id in (select id from picked) and ${isDue} for update skip locked)
    update flows set checked_at = ${now.toISOString()}::timestamptz from locked where flows.id = locked.id
    returning flows.id, flows.customer_id as "customerId", flows.version, flows.trigger_type as "triggerType", locked."firstLook"`);
  return rowsOf<DueFlow>(result);
}

async function scanSegment(db: Db, flow: DueFlow, trigger: Extract<FlowTrigger, { type: 'segment_entered' }>, now: Date): Promise<void> {
  const segment = await findSegment(db, flow.customerId, trigger.segment_id);
  if (!segment) return;
  const matching = sql`select "subscribers"."id" from subscribers where "subscribers"."customer_id" = ${flow.customerId}::uuid and (${segmentSql(segment.definition, now)})`;
  await db.transaction(async (tx) => {
    // Who no longer matches leaves the list (checked member by member: NOT IN over a big segment is quadratic).
    await tx.execute(sql`delete from flow_segment_members m where m.flow_id = ${flow.id}::uuid and not exists (
      select 1 from subscribers where "subscribers"."id" = m.subscriber_id and "subscribers"."customer_id" = ${flow.customerId}::uuid and (${segmentSql(segment.definition, now)}))`);
    const added = rowsOf<{ subscriberId: string }>(
      await tx.execute(sql`insert into flow_segment_members (flow_id, subscriber_id) select ${flow.id}::uuid, id from (${matching}) as current
        on conflict do nothing returning subscriber_id as "subscriberId"`),
    );
    // The first look (at activation) only notes who is in already: entering means newly matching.
    if (flow.firstLook || added.length === 0) return;
    await tx.execute(sql`insert into flow_entries (customer_id, flow_id, subscriber_id, occurrence_key, occurred_at, context, status, created_at)
      select ${flow.customerId}::uuid, ${flow.id}::uuid, id, ${`segment:${now.getTime()}`}, ${now.toISOString()}::timestamptz,
        ${JSON.stringify({ segment_id: segment.id })}::jsonb, 'pending', ${now.toISOString()}::timestamptz
      from unnest(${sql.param(added.map((row) => row.subscriberId))}::uuid[]) as id
      on conflict do nothing`);
  });
}

async function scanDates(db: Db, flow: DueFlow, trigger: Extract<FlowTrigger, { type: 'date' }>, fallbackTimezone: string, now: Date): Promise<void> {
  const candidates = rowsOf<{ id: string; timezone: string | null; value: unknown }>(
    await db.execute(sql`select id, timezone, attributes ->> ${trigger.attribute} as value from subscribers
      where customer_id = ${flow.customerId}::uuid and substring(attributes ->> ${trigger.attribute} from 6 for 5) = any(${sql.param(candidateMonthDays(now, trigger.offset_days))}::text[])`),
  );
  const due = candidates.flatMap((person) => {
    const occurrence = dateOccurrence(person.value, person.timezone ?? fallbackTimezone, trigger.offset_days, trigger.hour, now);
    return occurrence ? [{ id: person.id, ...occurrence }] : [];
  });
  if (due.length === 0) return;
  // The occurrence key is the recurrence's year: a person enters once a year however often we look.
  await db.execute(sql`insert into flow_entries (customer_id, flow_id, subscriber_id, occurrence_key, occurred_at, context, status, created_at)
    select ${flow.customerId}::uuid, ${flow.id}::uuid, person.id, person.key, person.at, ${JSON.stringify({ attribute: trigger.attribute })}::jsonb, 'pending', ${now.toISOString()}::timestamptz
    from unnest(${sql.param(due.map((row) => row.id))}::uuid[], ${sql.param(due.map((row) => row.key))}::text[], ${sql.param(due.map((row) => row.at.toISOString()))}::timestamptz[]) as person(id, key, at)
    on conflict do nothing`);
}

/**
 * One pass of the looks: segment and date flows whose interval has passed, at most `scansPerAccount`
 * of an account's and `scansPerPass` in all, in turns. Answers how many it looked at.
 */
export async function scanTriggersOnce(deps: FlowEngineDeps): Promise<number> {
  const { db, settings } = deps;
  const state = engineState(deps);
  const now = deps.now();
  const plan = { perPass: settings.scansPerPass ?? 20, perAccount: settings.scansPerAccount ?? 1, after: state.scansAfter };
  const due = await claimDueScans(db, now, settings.scanIntervalMs, plan);
  state.scansAfter = lastServed(new Set(due.map((flow) => flow.customerId)), state.scansAfter);
  for (const flow of due) {
    try {
      const definition = await definitionOf(db, flow.id, flow.version);
      if (!definition) continue;
      const { trigger } = definition;
      if (trigger.type === 'segment_entered') await scanSegment(db, flow, trigger, now);
      else if (trigger.type === 'date') await scanDates(db, flow, trigger, definition.rules.timezone, now);
    } catch (error) {
      // Looked at again at the next interval.
      deps.log.error({ err: error, flowId: flow.id }, 'a flow trigger scan failed');
    }
  }
  return due.length;
}
