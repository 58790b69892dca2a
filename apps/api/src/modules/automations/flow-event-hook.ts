import { sql } from 'drizzle-orm';
import type { FlowDefinition } from '@postlark/shared/automations';
import { BUILT_IN_EVENTS } from '@postlark/shared/events';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import type { EventsStoredHook, StoredEvent } from '../events/events.service';
import { stepById } from './flow-graph';
import { definitionOf } from './flow-steps';
import { matchesFilters } from './property-filter';

// What new events do to flows, inside the ingest transaction (EventDeps.onEventsStored): an event
// matching an active flow's trigger fills its inbox (once per event: its idempotency key), a goal
// event ends the person's runs as conversions, and an awaited event wakes a wait-for-event step.
// A batch costs a few statements whatever its size (the matching is done here, the moves in one
// statement each), and definitions come from the engine's cache (they never change once saved).
// An account without active flows pays one indexed look-up per batch.

interface ActiveFlow {
  id: string;
  definition: FlowDefinition;
}

function contextOf(event: StoredEvent): Record<string, unknown> {
  return { event: event.name, event_id: event.id, occurred_at: event.occurredAt.toISOString(), value: event.value, currency: event.currency, properties: event.properties };
}

async function queueEntries(tx: Db, customerId: string, flows: readonly ActiveFlow[], stored: readonly StoredEvent[]) {
  const rows = flows.flatMap((flow) => {
    const { trigger } = flow.definition;
    if (trigger.type !== 'event') return [];
    return stored.filter((event) => event.name === trigger.event && matchesFilters(event.properties, trigger.filters)).map((event) => ({ flow, event }));
  });
  if (rows.length === 0) return;
  await tx.execute(sql`insert into flow_entries (customer_id, flow_id, subscriber_id, occurrence_key, occurred_at, context, status, created_at)
    select ${customerId}::uuid, entry.flow_id, entry.subscriber_id, entry.key, entry.at, entry.context, 'pending', entry.at
    from unnest(${sql.param(rows.map((row) => row.flow.id))}::uuid[], ${sql.param(rows.map((row) => row.event.subscriberId))}::uuid[],
      ${sql.param(rows.map((row) => `event:${row.event.key}`))}::text[], ${sql.param(rows.map((row) => row.event.occurredAt.toISOString()))}::timestamptz[],
      ${sql.param(rows.map((row) => JSON.stringify(contextOf(row.event))))}::jsonb[]) as entry(flow_id, subscriber_id, key, at, context)
    on conflict do nothing`);
}

/**
 * Goal events end the person's active runs of the flow that began before them, as conversions:
 * each run by the first of the batch's events that reaches it (as one event at a time would), its
 * waiting steps cancelled and a note written, in one statement for the whole batch.
 */
async function reachGoals(tx: Db, customerId: string, flows: readonly ActiveFlow[], stored: readonly StoredEvent[]) {
  const reached = flows.flatMap((flow) => {
    const goal = flow.definition.goal;
    if (!goal) return [];
    return stored.flatMap((event, index) => (event.name === goal.event && matchesFilters(event.properties, goal.filters) ? [{ flow, event, index }] : []));
  });
  if (reached.length === 0) return;
  const column = <T>(value: (item: (typeof reached)[number]) => T) => sql.param(reached.map(value));
  const ended = rowsOf<{ id: string; nth: number }>(
    await tx.execute(sql`
      with reached as (
        select * from unnest(${column((item) => item.flow.id)}::uuid[], ${column((item) => item.event.subscriberId)}::uuid[],
          ${column((item) => item.event.occurredAt.toISOString())}::timestamptz[], ${column((item) => `Reached the goal: ${item.event.name} at ${item.event.occurredAt.toISOString()}.`)}::text[])
          with ordinality as m(flow_id, subscriber_id, at, reason, nth)),
      first as (
        select distinct on (r.id) r.id as run_id, m.at, m.reason, m.nth
        from reached m join flow_runs r on r.flow_id = m.flow_id and r.subscriber_id = m.subscriber_id and r.status = 'active' and r.started_at <= m.at
        order by r.id, m.nth),
      ended as (
        update flow_runs r set status = 'goal', ended_at = f.at, end_reason = f.reason from first f
        where r.id = f.run_id and r.status = 'active'
        returning r.id, f.at, f.reason, f.nth),
      cancelled as (
        update flow_step_runs s set status = 'cancelled', finished_at = e.at, reason = e.reason from ended e
        where s.run_id = e.id and s.status in ('pending', 'waiting')),
      noted as (insert into flow_run_notes (run_id, step_id, kind, reason, at) select id, null, 'ended', reason, at from ended)
      select id, nth from ended`),
  );
  // A purchase reaching a flow's goal is credited to the flow, for the customer's own systems.
  const runsByMatch = new Map<number, string[]>();
  for (const row of ended) runsByMatch.set(Number(row.nth), [...(runsByMatch.get(Number(row.nth)) ?? []), row.id]);
  const attributed = [...runsByMatch].flatMap(([nth, runIds]) => {
    const { flow, event } = reached[nth - 1]!;
    if (event.name !== BUILT_IN_EVENTS.orderPlaced || event.value === null) return [];
    const at = event.occurredAt.toISOString();
    const data = {
      order: { order_id: event.properties?.order_id ?? null, value: event.value, currency: event.currency, occurred_at: at },
      subscriber: { id: event.subscriberId },
      attributed_to: { type: 'automation', flow_id: flow.id, run_ids: runIds },
    };
    return [{ data: JSON.stringify(data), at }];
  });
  if (attributed.length === 0) return;
  await tx.execute(sql`select queue_webhook_event(${customerId}::uuid, 'order.attributed', e.data, e.at)
    from unnest(${sql.param(attributed.map((item) => item.data))}::jsonb[], ${sql.param(attributed.map((item) => item.at))}::timestamptz[]) as e(data, at)`);
}

/** Wait-for-event steps of these people awaiting one of these events: woken by the first that passes their filters, in one statement. */
async function wakeWaits(tx: Db, stored: readonly StoredEvent[]) {
  const waiting = rowsOf<{ id: string; flowId: string; stepId: string; subscriberId: string; awaitingEvent: string; startedAt: string; version: number }>(
    await tx.execute(sql`select s.id, s.flow_id as "flowId", s.step_id as "stepId", s.subscriber_id as "subscriberId", s.awaiting_event as "awaitingEvent",
        s.started_at as "startedAt", f.version
      from flow_step_runs s join flows f on f.id = s.flow_id
      where s.status = 'waiting' and s.awaiting_event is not null and s.event_at is null
        and s.subscriber_id = any(${sql.param([...new Set(stored.map((event) => event.subscriberId))])}::uuid[])
        and s.awaiting_event = any(${sql.param([...new Set(stored.map((event) => event.name))])}::text[])`),
  );
  const woken: { id: string; at: string }[] = [];
  for (const wait of waiting) {
    const definition = await definitionOf(tx, wait.flowId, wait.version);
    const step = definition && stepById(definition, wait.stepId);
    const filters = step?.type === 'wait_event' ? step.filters : [];
    const event = stored.find(
      (item) => item.subscriberId === wait.subscriberId && item.name === wait.awaitingEvent && item.occurredAt >= new Date(wait.startedAt) && matchesFilters(item.properties, filters),
    );
    if (event) woken.push({ id: wait.id, at: event.occurredAt.toISOString() });
  }
  if (woken.length === 0) return;
  await tx.execute(sql`update flow_step_runs s set event_at = w.at, due_at = least(s.due_at, w.at)
    from unnest(${sql.param(woken.map((item) => item.id))}::bigint[], ${sql.param(woken.map((item) => item.at))}::timestamptz[]) as w(id, at)
    where s.id = w.id and s.status = 'waiting' and s.event_at is null`);
}

/** The hook the events ingest runs in its transaction with the newly stored events. */
export const flowEventHook: EventsStoredHook = async (tx, customerId, stored) => {
  if (stored.length === 0) return;
  const names = new Set(stored.map((event) => event.name));
  // The account's flows that have run (few: FLOWS_PER_ACCOUNT at most): none, and that one look-up is all an account without flows pays.
  const started = rowsOf<{ id: string; status: string; triggerType: string; triggerRef: string; goalEvent: string | null; version: number }>(
    await tx.execute(sql`select f.id, f.status, f.trigger_type as "triggerType", f.trigger_ref as "triggerRef", f.goal_event as "goalEvent", f.version
      from flows f where f.customer_id = ${customerId}::uuid and f.status in ('active', 'paused')`),
  );
  if (started.length === 0) return;
  const flows: ActiveFlow[] = [];
  for (const flow of started) {
    if (flow.status !== 'active') continue;
    if (!((flow.triggerType === 'event' && names.has(flow.triggerRef)) || (flow.goalEvent !== null && names.has(flow.goalEvent)))) continue;
    const definition = await definitionOf(tx, flow.id, flow.version);
    if (definition) flows.push({ id: flow.id, definition });
  }
  await reachGoals(tx, customerId, flows, stored);
  await queueEntries(tx, customerId, flows, stored);
  // Waits are woken whether or not their flow is active: an answer given while it is paused (the
  // sunset flow's "keep me subscribed") counts when it is switched on again.
  await wakeWaits(tx, stored);
};
