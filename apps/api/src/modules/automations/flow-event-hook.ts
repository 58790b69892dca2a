import { sql } from 'drizzle-orm';
import type { FlowDefinition } from '@postlark/shared/automations';
import { BUILT_IN_EVENTS } from '@postlark/shared/events';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import type { EventsStoredHook, StoredEvent } from '../events/events.service';
import { queueWebhookEvent } from '../outgoing-webhooks/outbox';
import { stepById } from './flow-graph';
import { matchesFilters } from './property-filter';

// What new events do to flows, inside the ingest transaction (EventDeps.onEventsStored): an event
// matching an active flow's trigger fills its inbox (once per event: its idempotency key), a goal
// event ends the person's runs as conversions, and an awaited event wakes a wait-for-event step.
// An account without active flows pays one indexed look-up per batch.

interface ActiveFlow {
  id: string;
  triggerType: string;
  triggerRef: string;
  goalEvent: string | null;
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

async function reachGoals(tx: Db, customerId: string, flows: readonly ActiveFlow[], stored: readonly StoredEvent[]) {
  for (const flow of flows) {
    const goal = flow.definition.goal;
    if (!goal) continue;
    for (const event of stored.filter((item) => item.name === goal.event && matchesFilters(item.properties, goal.filters))) {
      const at = event.occurredAt.toISOString();
      const reason = `Reached the goal: ${event.name} at ${at}.`;
      const ended = rowsOf<{ id: string }>(
        await tx.execute(sql`update flow_runs set status = 'goal', ended_at = ${at}::timestamptz, end_reason = ${reason}
          where flow_id = ${flow.id}::uuid and subscriber_id = ${event.subscriberId}::uuid and status = 'active' and started_at <= ${at}::timestamptz
          returning id`),
      ).map((row) => row.id);
      if (ended.length === 0) continue;
      await tx.execute(sql`update flow_step_runs set status = 'cancelled', finished_at = ${at}::timestamptz, reason = ${reason}
        where run_id = any(${sql.param(ended)}::uuid[]) and status in ('pending', 'waiting')`);
      await tx.execute(sql`insert into flow_run_notes (run_id, step_id, kind, reason, at) select id, null, 'ended', ${reason}, ${at}::timestamptz from unnest(${sql.param(ended)}::uuid[]) as id`);
      // A purchase reaching a flow's goal is credited to the flow, for the customer's own systems.
      if (event.name === BUILT_IN_EVENTS.orderPlaced && event.value !== null) {
        await queueWebhookEvent(
          tx,
          customerId,
          'order.attributed',
          {
            order: { order_id: event.properties?.order_id ?? null, value: event.value, currency: event.currency, occurred_at: at },
            subscriber: { id: event.subscriberId },
            attributed_to: { type: 'automation', flow_id: flow.id, run_ids: ended },
          },
          event.occurredAt,
        );
      }
    }
  }
}

async function wakeWaits(tx: Db, stored: readonly StoredEvent[]) {
  const waiting = rowsOf<{ id: string; flowId: string; stepId: string; subscriberId: string; awaitingEvent: string; startedAt: string; version: number }>(
    await tx.execute(sql`select s.id, s.flow_id as "flowId", s.step_id as "stepId", s.subscriber_id as "subscriberId", s.awaiting_event as "awaitingEvent",
        s.started_at as "startedAt", f.version
      from flow_step_runs s join flows f on f.id = s.flow_id
      where s.status = 'waiting' and s.awaiting_event is not null and s.event_at is null
        and s.subscriber_id = any(${sql.param([...new Set(stored.map((event) => event.subscriberId))])}::uuid[])
        and s.awaiting_event = any(${sql.param([...new Set(stored.map((event) => event.name))])}::text[])`),
  );
  for (const wait of waiting) {
    const definition = rowsOf<{ definition: FlowDefinition }>(await tx.execute(sql`select definition from flow_versions where flow_id = ${wait.flowId}::uuid and version = ${wait.version}`))[0]?.definition;
    const step = definition && stepById(definition, wait.stepId);
    const filters = step?.type === 'wait_event' ? step.filters : [];
    const event = stored.find(
      (item) => item.subscriberId === wait.subscriberId && item.name === wait.awaitingEvent && item.occurredAt >= new Date(wait.startedAt) && matchesFilters(item.properties, filters),
    );
    if (!event) continue;
    await tx.execute(sql`update flow_step_runs set event_at = ${event.occurredAt.toISOString()}::timestamptz, due_at = least(due_at, ${event.occurredAt.toISOString()}::timestamptz)
      where id = ${wait.id} and status = 'waiting' and event_at is null`);
  }
}

/** The hook the events ingest runs in its transaction with the newly stored events. */
export const flowEventHook: EventsStoredHook = async (tx, customerId, stored) => {
  if (stored.length === 0) return;
  const names = [...new Set(stored.map((event) => event.name))];
  // The account's flows that have run (few): none, and that one look-up is all an account without flows pays.
  const started = rowsOf<ActiveFlow & { status: string }>(
    await tx.execute(sql`select f.id, f.status, f.trigger_type as "triggerType", f.trigger_ref as "triggerRef", f.goal_event as "goalEvent", v.definition
      from flows f join flow_versions v on v.flow_id = f.id and v.version = f.version
      where f.customer_id = ${customerId}::uuid and f.status in ('active', 'paused')`),
  );
  if (started.length === 0) return;
  const active = started.filter((flow) => flow.status === 'active');
  const flows = active.filter((flow) => (flow.triggerType === 'event' && names.includes(flow.triggerRef)) || (flow.goalEvent !== null && names.includes(flow.goalEvent)));
  await reachGoals(tx, customerId, flows, stored);
  await queueEntries(tx, customerId, flows, stored);
  // Waits are woken whether or not their flow is active: an answer given while it is paused (the
  // sunset flow's "keep me subscribed") counts when it is switched on again.
  await wakeWaits(tx, stored);
};
