import { sql } from 'drizzle-orm';
import { durationMs, type FlowDefinition, type FlowStep } from '@postlark/shared/automations';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import { recordOwnEvent } from '../events/own-events';
import { putMembership } from '../forms/subscriptions.repository';
import { chooseLists, setSubscriberStatus } from '../preferences/preferences.repository';
import { conditionVerdict } from './flow-conditions';
import { nextStepId, replacementFor, stepById } from './flow-graph';
import type { FlowPerson } from './flow-people';
import { nextWeekdayAt } from './flow-time';
import { matchesFilters } from './property-filter';
import { nextBestTime } from '../send-time/best-time-wait';
import {
  addNote,
  addStep,
  addSteps,
  type ClaimedStep,
  endRun,
  endRuns,
  flowDefinition,
  runState,
  runStates,
  setRunVersion,
  setRunVersions,
  settleStep,
  type StepSettlement,
  startWaiting,
} from './engine.repository';

// The steps whose whole effect is in this database (wait, wait for an event, split, update, exit)
// run in one transaction with their settling and the next step's row: a crash anywhere leaves
// nothing half done, and the recovered step simply runs again.

// Versions never change once saved: read each once per process.
const definitions = new Map<string, FlowDefinition>();
export async function definitionOf(db: Db, flowId: string, version: number): Promise<FlowDefinition | undefined> {
  const key = `${flowId}:${version}`;
  const cached = definitions.get(key);
  if (cached) return cached;
  const definition = await flowDefinition(db, flowId, version);
  if (definition) {
    if (definitions.size > 1_000) definitions.clear();
    definitions.set(key, definition);
  }
  return definition;
}

/**
 * Settles the step and moves the run on by `settlement.outcome`, following the flow's current
 * version (a live edit applies to the people inside). A step the current version removed leads
 * where its old path led. The end of a path completes the run.
 */
export async function settleAndAdvance(db: Db, step: ClaimedStep, settlement: StepSettlement, now: Date): Promise<void> {
  if (settlement.status !== 'unknown' && !(await settleStep(db, step.id, settlement, now))) return;
  if (settlement.status === 'skipped' || settlement.status === 'failed') await addNote(db, step.runId, step.stepId, settlement.status, settlement.reason ?? '', now);
  const run = await runState(db, step.runId);
  if (!run || run.status !== 'active') return;
  const current = await definitionOf(db, step.flowId, run.flowVersion);
  if (!current) return;
  const here = stepById(current, step.stepId);
  let nextId: string | null;
  if (here) nextId = nextStepId(here, settlement.outcome);
  else {
    const old = await definitionOf(db, step.flowId, run.version);
    nextId = old ? replacementFor(old, current, step.stepId) : null;
  }
  await setRunVersion(db, step.runId, run.flowVersion);
  if (nextId === null) {
    await endRun(db, step.runId, 'completed', 'Reached the end of the flow.', now);
    return;
  }
  const next = stepById(current, nextId)!;
  if (!(await addStep(db, step, next, now))) {
    await endRun(db, step.runId, 'completed', `Ended: the step "${nextId}" already ran in this run (a step runs at most once per person per entry).`, now);
  }
}

/**
 * settleAndAdvance's second half for many steps already settled in `tx` (emails the relay took):
 * their runs move on by `outcome` in a few statements, whatever the batch's size.
 */
export async function advanceMany(tx: Db, steps: readonly ClaimedStep[], outcome: string, now: Date): Promise<void> {
  if (steps.length === 0) return;
  const runs = await runStates(tx, steps.map((step) => step.runId));
  const versions: { runId: string; version: number }[] = [];
  const ended: string[] = [];
  const next: { step: ClaimedStep; to: FlowStep }[] = [];
  for (const step of steps) {
    const run = runs.get(step.runId);
    if (!run || run.status !== 'active') continue;
    const current = await definitionOf(tx, step.flowId, run.flowVersion);
    if (!current) continue;
    const here = stepById(current, step.stepId);
    let nextId: string | null;
    if (here) nextId = nextStepId(here, outcome);
    else {
      const old = await definitionOf(tx, step.flowId, run.version);
      nextId = old ? replacementFor(old, current, step.stepId) : null;
    }
    if (run.version !== run.flowVersion) versions.push({ runId: step.runId, version: run.flowVersion });
    if (nextId === null) ended.push(step.runId);
    else next.push({ step, to: stepById(current, nextId)! });
  }
  await setRunVersions(tx, versions);
  await endRuns(tx, ended, 'completed', 'Reached the end of the flow.', now);
  const added = await addSteps(tx, next, now);
  for (const { step, to } of next) {
    if (!added.has(step.runId)) await endRun(tx, step.runId, 'completed', `Ended: the step "${to.id}" already ran in this run (a step runs at most once per person per entry).`, now);
  }
}

// Enough of a person's events of one name since a wait began to find one its filters match.
const AWAITED_SCAN_LIMIT = 1_000;

/** When the first stored event a wait-for-event step awaits arrived since the wait began (as the wake matches it), if one did. */
async function awaitedEventAt(db: Db, customerId: string, subscriberId: string, step: Extract<FlowStep, { type: 'wait_event' }>, since: Date): Promise<Date | null> {
  const rows = rowsOf<{ occurredAt: string; properties: Record<string, unknown> | null }>(
    await db.execute(sql`select occurred_at as "occurredAt", properties from events
      where customer_id = ${customerId}::uuid and subscriber_id = ${subscriberId}::uuid and name = ${step.event} and occurred_at >= ${since.toISOString()}::timestamptz
      order by occurred_at limit ${AWAITED_SCAN_LIMIT}`),
  );
  const found = rows.find((row) => matchesFilters(row.properties, step.filters));
  return found ? new Date(found.occurredAt) : null;
}

const settle = (db: Db, step: ClaimedStep, now: Date, outcome: string, reason: string | null = null) => settleAndAdvance(db, step, { status: 'done', outcome, reason }, now);

/** Runs one database-only step in `tx`. */
export async function runLocalStep(tx: Db, claimed: ClaimedStep, step: FlowStep, definition: FlowDefinition, person: FlowPerson, now: Date): Promise<void> {
  const timezone = person.timezone ?? definition.rules.timezone;
  switch (step.type) {
    case 'wait': {
      if (claimed.startedAt) return settle(tx, claimed, now, 'next');
      const due = step.duration ? new Date(now.getTime() + durationMs(step.duration)) : nextWeekdayAt(now, timezone, step.until!.weekdays, step.until!.hour);
      return startWaiting(tx, claimed.id, due, now);
    }
    case 'wait_best_time': {
      if (claimed.startedAt) return settle(tx, claimed, now, 'next');
      const due = await nextBestTime(tx, claimed.customerId, person.id, now);
      // No send-time model for the account yet: nothing to wait for.
      if (!due) return settle(tx, claimed, now, 'next', 'No best send time is known yet for this person or the audience: went on at once.');
      return startWaiting(tx, claimed.id, due, now);
    }
    case 'wait_event': {
      if (!claimed.startedAt) return startWaiting(tx, claimed.id, new Date(now.getTime() + durationMs(step.timeout)), now, step.event);
      // Woken by the event, or else the stored events are asked: an event the wake missed (the flow
      // paused when it came, or the step claimed at that moment) still counts as an answer.
      const arrived = claimed.eventAt ?? (await awaitedEventAt(tx, claimed.customerId, person.id, step, claimed.startedAt));
      return arrived ? settle(tx, claimed, now, 'event', `${step.event} arrived at ${arrived.toISOString()}.`) : settle(tx, claimed, now, 'timeout', `No ${step.event} within the time allowed.`);
    }
    case 'split': {
      const verdict = await conditionVerdict(tx, claimed.customerId, person.id, step.condition, now);
      return settle(tx, claimed, now, verdict.holds ? 'yes' : 'no', verdict.why);
    }
    case 'update': {
      await updatePerson(tx, person, step, now);
      const unsubscribed = step.unsubscribe ? await unsubscribePerson(tx, claimed, person, step.unsubscribe.reason, now) : null;
      return settle(tx, claimed, now, 'next', unsubscribed);
    }
    case 'exit': {
      await settleStep(tx, claimed.id, { status: 'done', outcome: 'exit' }, now);
      await endRun(tx, claimed.runId, 'exited', `Left at the exit step "${step.id}".`, now);
      return;
    }
    default:
      throw new Error(`${step.type} is not a local step`);
  }
}

/**
 * The update step's unsubscribe (the sunset flow's end, issue 21): as the person's own unsubscribe
 * from everything (every list left, the status unsubscribed, so the suppression trigger lists the
 * address), once; the reason is recorded as an `unsubscribed` event in their history. Someone no
 * longer active is left as they are.
 */
async function unsubscribePerson(tx: Db, claimed: ClaimedStep, person: FlowPerson, reason: string, now: Date): Promise<string> {
  const current = rowsOf<{ status: string }>(await tx.execute(sql`select status from subscribers where id = ${person.id}::uuid for update`))[0];
  if (current?.status !== 'active') return `Not unsubscribed: already ${current?.status ?? 'gone'}.`;
  await chooseLists(tx, person.id, [], now);
  await setSubscriberStatus(tx, person.id, 'unsubscribed', now);
  const properties = { reason, flow_id: claimed.flowId, step_id: claimed.stepId };
  await recordOwnEvent(tx, person.customerId, { subscriberId: person.id, name: 'unsubscribed', properties, occurrence: `flow-step-run:${claimed.id}` }, 'automation', now);
  return `Unsubscribed: ${reason}`;
}

/** The update step: names, attributes (null removes one), list memberships of the customer's own lists. */
async function updatePerson(tx: Db, person: FlowPerson, step: Extract<FlowStep, { type: 'update' }>, now: Date): Promise<void> {
  const set = Object.entries(step.attributes).filter(([, value]) => value !== null);
  const removed = Object.entries(step.attributes).filter(([, value]) => value === null).map(([key]) => key);
  await tx.execute(sql`update subscribers set
      first_name = coalesce(${step.first_name ?? null}, first_name),
      last_name = coalesce(${step.last_name ?? null}, last_name),
      attributes = (attributes - ${sql.param(removed)}::text[]) || ${JSON.stringify(Object.fromEntries(set))}::jsonb,
      updated_at = ${now.toISOString()}::timestamptz
    where id = ${person.id}::uuid`);
  const owned = async (ids: readonly string[]) =>
    ids.length === 0
      ? []
      : rowsOf<{ id: string }>(await tx.execute(sql`select id from lists where customer_id = ${person.customerId}::uuid and id = any(${sql.param([...ids])}::uuid[])`)).map(
          (row) => row.id,
        );
  for (const listId of await owned(step.add_to_lists)) await putMembership(tx, listId, person.id, 'confirmed', now);
  const leaving = await owned(step.remove_from_lists);
  if (leaving.length > 0) {
    await tx.execute(sql`update list_memberships set status = 'unsubscribed', updated_at = ${now.toISOString()}::timestamptz
      where subscriber_id = ${person.id}::uuid and list_id = any(${sql.param(leaving)}::uuid[]) and status <> 'unsubscribed'`);
  }
}
