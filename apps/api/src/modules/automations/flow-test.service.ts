import { sql } from 'drizzle-orm';
import { durationMs, type FlowDefinition } from '@postlark/shared/automations';
import { AUTOMATION_MESSAGES } from '@postlark/shared/automations-messages';
import type { FlowTest } from '@postlark/shared/automations-requests';
import type { FlowTestResult, FlowTestStep } from '@postlark/shared/automations-views';
import { rowsOf } from '../../db/results';
import { HttpError } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import { segmentSql } from '../audience/segment-sql';
import { findSegment } from '../audience/segments.repository';
import { conditionVerdict } from './flow-conditions';
import { entryRefusal } from './flow-entries';
import { branchesOf, stepById } from './flow-graph';
import { notMailableReason, personById } from './flow-people';
import { nextWeekdayAt, quietHoursEnd } from './flow-time';
import { nextBestTime } from '../send-time/best-time-wait';
import { findFlow } from './flows.repository';
import type { FlowDeps } from './flows.service';
import { failingFilter, matchesFilters } from './property-filter';

// "Test with a person": the path a subscriber would take from one of their past events (or from
// now), and why, read from what is stored. Nothing is sent, written or queued.

const HOUR_MS = 3_600_000;

interface StoredEventRow {
  name: string;
  occurredAt: Date;
  properties: Record<string, unknown> | null;
}

async function eventsOf(deps: FlowDeps, customerId: string, subscriberId: string, name: string, from: Date, to: Date): Promise<StoredEventRow[]> {
  const result = await deps.db.execute(sql`select name, occurred_at as "occurredAt", properties from person_events
    where customer_id = ${customerId}::uuid and subscriber_id = ${subscriberId}::uuid and name = ${name}
      and occurred_at > ${from.toISOString()}::timestamptz and occurred_at <= ${to.toISOString()}::timestamptz
    order by occurred_at limit 1000`);
  return rowsOf<StoredEventRow>(result).map((row) => ({ ...row, occurredAt: new Date(row.occurredAt) }));
}

async function triggerVerdict(deps: FlowDeps, customerId: string, definition: FlowDefinition, person: { id: string }, event: StoredEventRow | undefined, at: Date) {
  const { trigger } = definition;
  const db = deps.db;
  switch (trigger.type) {
    case 'event': {
      if (!event) return { enters: false, reason: `The flow starts on ${trigger.event}: choose one of the person's ${trigger.event} events.` };
      if (event.name !== trigger.event) return { enters: false, reason: `The event is ${event.name}; the flow starts on ${trigger.event}.` };
      const failing = failingFilter(event.properties, trigger.filters);
      return failing ? { enters: false, reason: `The ${event.name} does not start the flow: ${failing}.` } : { enters: true, reason: `${event.name} at ${event.occurredAt.toISOString()} starts the flow.` };
    }
    case 'list_joined': {
      const [row] = rowsOf<{ status: string }>(await db.execute(sql`select status from list_memberships where list_id = ${trigger.list_id}::uuid and subscriber_id = ${person.id}::uuid`));
      return row?.status === 'confirmed'
        ? { enters: true, reason: 'The person is a confirmed member of the list: tried as if they had just joined.' }
        : { enters: true, reason: 'Tried as if the person joined the list now (they would enter once their membership is confirmed).' };
    }
    case 'segment_entered': {
      const segment = await findSegment(db, customerId, trigger.segment_id);
      if (!segment) return { enters: false, reason: 'The flow\'s segment no longer exists.' };
      const [row] = rowsOf<{ matches: boolean }>(
        await db.execute(sql`select exists (select 1 from subscribers where "subscribers"."id" = ${person.id}::uuid and (${segmentSql(segment.definition, at)})) as matches`),
      );
      return row?.matches ? { enters: true, reason: `The person matches the segment "${segment.name}": tried as if they had just entered it.` } : { enters: false, reason: `The person does not match the segment "${segment.name}" now.` };
    }
    case 'date':
      return { enters: true, reason: `Tried as if today were the person's ${trigger.attribute} date${trigger.offset_days ? ` ${trigger.offset_days > 0 ? '+' : ''}${trigger.offset_days} days` : ''}.` };
    case 'form_signup':
      return { enters: true, reason: 'Tried as if the person had just confirmed a sign-up through the form.' };
  }
}

export async function testFlow(deps: FlowDeps, customerId: string, flowId: string, body: FlowTest): Promise<FlowTestResult> {
  const flow = isUuid(flowId) ? await findFlow(deps.db, customerId, flowId) : undefined;
  if (!flow) throw new HttpError(404, AUTOMATION_MESSAGES.notFound);
  const person = await personById(deps.db, body.subscriber_id);
  if (!person || person.customerId !== customerId) throw new HttpError(404, AUTOMATION_MESSAGES.subscriberNotFound);
  let event: StoredEventRow | undefined;
  if (body.event) {
    [event] = rowsOf<StoredEventRow>(
      await deps.db.execute(sql`select name, occurred_at as "occurredAt", properties from person_events
        where customer_id = ${customerId}::uuid and subscriber_id = ${person.id}::uuid and name = ${body.event.name}
          and occurred_at = ${new Date(body.event.occurred_at).toISOString()}::timestamptz limit 1`),
    ).map((row) => ({ ...row, occurredAt: new Date(row.occurredAt) }));
    if (!event) throw new HttpError(404, AUTOMATION_MESSAGES.eventNotFound);
  }
  const definition = flow.definition;
  const start = event?.occurredAt ?? (body.at ? new Date(body.at) : deps.now());
  const trigger = await triggerVerdict(deps, customerId, definition, person, event, start);
  if (!trigger.enters) return { enters: false, reason: trigger.reason, path: [] };
  const refusal = await entryRefusal(deps.db, flow.id, person.id, person.status, definition, start);
  if (refusal) return { enters: false, reason: refusal, path: [] };
  const timezone = person.timezone ?? definition.rules.timezone;
  const path: FlowTestStep[] = [];
  let at = start;
  let current = stepById(definition, definition.start);
  let lastEmailAt: Date | null = null;
  const seen = new Set<string>();
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    // A goal reached before this step ends the run there.
    if (definition.goal) {
      const goal = (await eventsOf(deps, customerId, person.id, definition.goal.event, start, at)).find((item) => matchesFilters(item.properties, definition.goal!.filters));
      if (goal) {
        path.push({ step_id: current.id, type: current.type, outcome: 'goal', reason: `The goal ${goal.name} at ${goal.occurredAt.toISOString()} ends the flow before this step.`, at: goal.occurredAt.toISOString() });
        break;
      }
    }
    const step = current;
    const here = at.toISOString();
    let outcome = 'next';
    switch (step.type) {
      case 'email': {
        const unmailable = notMailableReason(person.status);
        if (unmailable) {
          path.push({ step_id: step.id, type: step.type, outcome: 'would_skip', reason: unmailable, at: here });
          break;
        }
        const quiet = quietHoursEnd(at, timezone, definition.rules.quiet_hours);
        const capped = lastEmailAt && definition.rules.frequency_cap_hours ? new Date(lastEmailAt.getTime() + definition.rules.frequency_cap_hours * HOUR_MS) : null;
        const sendAt = [quiet, capped && capped > at ? capped : null].filter((value): value is Date => value !== null).sort((a, b) => b.getTime() - a.getTime())[0];
        const why = sendAt ? `Deferred to ${sendAt.toISOString()} (${quiet ? 'quiet hours' : 'frequency cap'}); then sends "${step.subject}".` : `Would send "${step.subject}" to ${person.email}.`;
        if (sendAt) at = sendAt;
        lastEmailAt = at;
        path.push({ step_id: step.id, type: step.type, outcome: sendAt ? 'deferred' : 'would_send', reason: why, at: here });
        break;
      }
      case 'wait': {
        const until = step.duration ? new Date(at.getTime() + durationMs(step.duration)) : nextWeekdayAt(at, timezone, step.until!.weekdays, step.until!.hour);
        path.push({ step_id: step.id, type: step.type, outcome: 'waits', reason: `Waits until ${until.toISOString()}.`, at: here });
        at = until;
        break;
      }
      case 'wait_best_time': {
        const until = (await nextBestTime(deps.db, customerId, person.id, at)) ?? at;
        path.push({ step_id: step.id, type: step.type, outcome: 'waits', reason: `Waits until ${until.toISOString()}, the person's best send time.`, at: here });
        at = until;
        break;
      }
      case 'wait_event': {
        const deadline = new Date(at.getTime() + durationMs(step.timeout));
        const arrived = (await eventsOf(deps, customerId, person.id, step.event, at, deadline)).find((item) => matchesFilters(item.properties, step.filters));
        outcome = arrived ? 'event' : 'timeout';
        path.push({
          step_id: step.id,
          type: step.type,
          outcome,
          reason: arrived ? `${step.event} came at ${arrived.occurredAt.toISOString()}.` : `No ${step.event} by ${deadline.toISOString()} in the person's history: the timeout path.`,
          at: here,
        });
        at = arrived ? arrived.occurredAt : deadline;
        break;
      }
      case 'split': {
        const verdict = await conditionVerdict(deps.db, customerId, person.id, step.condition, at);
        outcome = verdict.holds ? 'yes' : 'no';
        path.push({ step_id: step.id, type: step.type, outcome, reason: verdict.why, at: here });
        break;
      }
      case 'update':
        path.push({
          step_id: step.id,
          type: step.type,
          outcome: 'would_update',
          reason: step.unsubscribe ? `Would unsubscribe the person (${step.unsubscribe.reason}).` : 'Would update the person\'s fields and lists as the step says.',
          at: here,
        });
        break;
      case 'webhook':
        path.push({ step_id: step.id, type: step.type, outcome: 'would_call', reason: `Would POST a signed request to ${new URL(step.url).host}.`, at: here });
        break;
      case 'exit':
        path.push({ step_id: step.id, type: step.type, outcome: 'exits', reason: 'Leaves the flow here.', at: here });
        break;
    }
    if (step.type === 'exit') break;
    const branches = branchesOf(step);
    current = stepById(definition, (outcome in branches ? branches[outcome] : Object.values(branches)[0]) ?? null);
  }
  return { enters: true, reason: trigger.reason, path };
}
