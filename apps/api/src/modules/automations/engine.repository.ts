import { sql } from 'drizzle-orm';
import type { FlowDefinition } from '@postlark/shared/automations';
import type { Db } from '../../db/client';
import { changedRows, rowsOf } from '../../db/results';

// The flow engine's moves on runs, step executions and entries. Each move is one conditional
// statement (a row leaves only a state it is still in), so two workers, or a worker and the
// recovery of a dead one, never both win.

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

export interface ClaimedStep {
  id: number;
  /** When this worker claimed it: its token (see holdClaim). */
  claimedAt?: Date;
  runId: string;
  flowId: string;
  subscriberId: string;
  stepId: string;
  stepType: string;
  startedAt: Date | null;
  attempts: number;
  eventAt: Date | null;
  customerId: string;
}

/** An email step the relay took (its ledger row sent), with the Message-ID it carried. */
export interface SentStep extends ClaimedStep {
  ledgerId: number;
  messageId: string;
  email: string;
}

/** As holdClaim for a whole batch claimed together (one token): answers the steps still held. */
export async function holdClaims<T extends ClaimedStep>(db: Db, steps: readonly T[], now: Date): Promise<T[]> {
  const claimed = steps.filter((step) => step.claimedAt);
  if (claimed.length === 0) return [];
  const held = new Set(
    rowsOf<{ id: string }>(
      await db.execute(sql`update flow_step_runs s set claimed_at = ${at(now)}
        from unnest(${sql.param(claimed.map((step) => step.id))}::bigint[], ${sql.param(claimed.map((step) => step.claimedAt!.toISOString()))}::timestamptz[]) as c(id, token)
        where s.id = c.id and s.status = 'running' and s.claimed_at = c.token
        returning s.id`),
    ).map((row) => Number(row.id)),
  );
  return claimed.filter((step) => {
    if (!held.has(step.id)) return false;
    step.claimedAt = now;
    return true;
  });
}

/**
 * Just before working on a step of its batch, a worker checks it still holds it (a slow batch may
 * have outlived the lease and been recovered, perhaps claimed by another) and starts its lease again.
 */
export async function holdClaim(db: Db, step: ClaimedStep, now: Date): Promise<boolean> {
  if (!step.claimedAt) return false;
  const held =
    changedRows(
      await db.execute(sql`update flow_step_runs set claimed_at = ${at(now)} where id = ${step.id} and status = 'running' and claimed_at = ${at(step.claimedAt)}`),
    ) > 0;
  if (held) step.claimedAt = now;
  return held;
}

/** The worker still holds these steps (a slow relay or endpoint): their lease starts again. */
export async function renewStepClaims(db: Db, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`update flow_step_runs set claimed_at = ${at(now)} where id = any(${sql.param([...ids])}::bigint[]) and status = 'running'`);
}

/**
 * Steps a dead worker held past the lease. Only an email handed towards the relay (its ledger row
 * in sending) or a webhook whose call began may have had an effect outside: those are marked
 * unknown, shown, never repeated, and the run goes on past them. Everything else it held goes back
 * to where it was (a claimed email not yet offered, a wait, a split: their work was one transaction
 * that never committed). Answers the unknown ones.
 */
export async function recoverAbandoned(db: Db, claimedBefore: Date, now: Date): Promise<{ unknown: ClaimedStep[]; sent: SentStep[] }> {
  // Emails the relay took whose step the worker had not settled yet (their ledger row reads sent):
  // done, as the worker would have settled them; the caller moves their runs on.
  const sent = rowsOf<SentStep>(
    await db.execute(sql`
      update flow_step_runs s set status = 'done', outcome = 'next', reason = null, finished_at = ${at(now)}
      from campaign_messages m
      where s.status = 'running' and s.claimed_at < ${at(claimedBefore)} and s.step_type = 'email' and m.flow_step_run_id = s.id and m.status = 'sent'
      returning s.id, s.run_id as "runId", s.flow_id as "flowId", s.subscriber_id as "subscriberId", s.step_id as "stepId", s.step_type as "stepType",
        s.started_at as "startedAt", s.attempts, s.event_at as "eventAt", m.id as "ledgerId", m.message_id as "messageId", m.email,
        (select r.customer_id from flow_runs r where r.id = s.run_id) as "customerId"`),
  ).map((row) => ({ ...row, id: Number(row.id), ledgerId: Number(row.ledgerId) }));
  const result = await db.execute(sql`
    update flow_step_runs s set status = 'unknown', finished_at = ${at(now)},
      reason = 'The worker stopped while ' || case s.step_type when 'email' then 'sending this email' else 'calling this webhook' end
        || '; it may or may not have gone out, so it was not repeated.'
    where s.status = 'running' and s.claimed_at < ${at(claimedBefore)}
      and ((s.step_type = 'email' and exists (select 1 from campaign_messages m where m.flow_step_run_id = s.id and m.status = 'sending'))
        or (s.step_type = 'webhook' and s.started_at is not null))
    returning s.id, s.run_id as "runId", s.flow_id as "flowId", s.subscriber_id as "subscriberId", s.step_id as "stepId", s.step_type as "stepType",
      s.started_at as "startedAt", s.attempts, s.event_at as "eventAt", '' as "customerId"`);
  const unknown = rowsOf<ClaimedStep>(result).map((row) => ({ ...row, id: Number(row.id) }));
  // An email reserved (its ledger row made, pending) but never offered: the attempt did not happen.
  await db.execute(sql`
    update campaign_messages m set attempts = greatest(m.attempts - 1, 0)
    from flow_step_runs s
    where s.status = 'running' and s.claimed_at < ${at(claimedBefore)} and s.step_type = 'email' and m.flow_step_run_id = s.id and m.status = 'pending'`);
  await db.execute(sql`
    update flow_step_runs set status = case when started_at is null then 'pending' else 'waiting' end, attempts = greatest(attempts - 1, 0)
    where status = 'running' and claimed_at < ${at(claimedBefore)}`);
  if (unknown.length > 0) {
    const ids = sql`${sql.param(unknown.map((row) => row.id))}::bigint[]`;
    // Their ledger rows too (the campaign engine's recovery would reach the same verdict later).
    await db.execute(sql`update campaign_messages set status = 'unknown', last_error = 'The sender stopped while sending this message.'
      where flow_step_run_id = any(${ids}) and status = 'sending'`);
    await db.execute(sql`insert into flow_run_notes (run_id, step_id, kind, reason, at)
      select run_id, step_id, 'unknown', reason, ${at(now)} from flow_step_runs where id = any(${ids})`);
  }
  return { unknown, sent };
}

/** A webhook's call is about to leave: from here a crash makes the step unknown instead of pending again. */
export async function markCalling(db: Db, id: number, now: Date): Promise<boolean> {
  return changedRows(await db.execute(sql`update flow_step_runs set started_at = ${at(now)} where id = ${id} and status = 'running'`)) > 0;
}

export interface StepSettlement {
  status: 'done' | 'skipped' | 'failed' | 'unknown';
  outcome: string;
  reason?: string | null;
}

/** Settles a step this worker holds; false when it is no longer its own (recovered meanwhile). */
export async function settleStep(db: Db, id: number, settlement: StepSettlement, now: Date): Promise<boolean> {
  const from = settlement.status === 'unknown' ? sql`status = 'unknown'` : sql`status = 'running'`;
  return (
    changedRows(
      await db.execute(sql`update flow_step_runs set status = ${settlement.status}, outcome = ${settlement.outcome}, reason = ${settlement.reason ?? null},
          finished_at = ${at(now)} where id = ${id} and ${from}`),
    ) > 0
  );
}

/** settleStep for many steps this worker holds, with one settlement; answers those it settled. */
export async function settleSteps(db: Db, ids: readonly number[], settlement: StepSettlement, now: Date): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`update flow_step_runs set status = ${settlement.status}, outcome = ${settlement.outcome}, reason = ${settlement.reason ?? null},
        finished_at = ${at(now)} where id = any(${sql.param([...ids])}::bigint[]) and status = 'running' returning id`),
  );
  return new Set(rows.map((row) => Number(row.id)));
}

/** A step that began (a wait, a wait for an event) rests until `dueAt`. */
export async function startWaiting(db: Db, id: number, dueAt: Date, now: Date, awaitingEvent: string | null = null): Promise<void> {
  await db.execute(sql`update flow_step_runs set status = 'waiting', started_at = ${at(now)}, due_at = ${at(dueAt)}, awaiting_event = ${awaitingEvent}
    where id = ${id} and status = 'running'`);
}

/** A step put off (quiet hours, the frequency cap, a temporary failure): pending again until `dueAt`, with why. */
export async function deferStep(db: Db, id: number, dueAt: Date, reason: string, options: { countAttempt: boolean }): Promise<boolean> {
  return (
    changedRows(
      await db.execute(sql`update flow_step_runs set status = 'pending', due_at = ${at(dueAt)}, reason = ${reason}, started_at = null,
          attempts = attempts - ${options.countAttempt ? 0 : 1}
        where id = ${id} and status = 'running'`),
    ) > 0
  );
}

/** Every step of this flow step pending before `dueAt` waits until then (a paused webhook host): their attempts are not counted. */
export async function deferStepsOf(db: Db, flowId: string, stepId: string, dueAt: Date, reason: string): Promise<void> {
  await db.execute(sql`update flow_step_runs set due_at = ${at(dueAt)}, reason = ${reason}
    where flow_id = ${flowId}::uuid and step_id = ${stepId} and status = 'pending' and due_at < ${at(dueAt)}`);
}

export async function addNote(db: Db, runId: string, stepId: string | null, kind: string, reason: string, now: Date): Promise<void> {
  await db.execute(sql`insert into flow_run_notes (run_id, step_id, kind, reason, at) values (${runId}::uuid, ${stepId}, ${kind}, ${reason}, ${at(now)})`);
}

export interface RunState {
  status: string;
  version: number;
  flowVersion: number;
  customerId: string;
  context: Record<string, unknown>;
}

/** runState for many runs at once, by run id. */
export async function runStates(db: Db, runIds: readonly string[]): Promise<Map<string, RunState>> {
  if (runIds.length === 0) return new Map();
  const result = await db.execute(sql`select r.id, r.status, r.version, f.version as "flowVersion", r.customer_id as "customerId", r.context
    from flow_runs r join flows f on f.id = r.flow_id where r.id = any(${sql.param([...new Set(runIds)])}::uuid[])`);
  return new Map(rowsOf<RunState & { id: string }>(result).map(({ id, ...run }) => [id, run]));
}

export async function runState(db: Db, runId: string): Promise<RunState | undefined> {
  return [...(await runStates(db, [runId])).values()][0];
}

/** Versions by number, read once per pass. */
export async function flowDefinition(db: Db, flowId: string, version: number): Promise<FlowDefinition | undefined> {
  const result = await db.execute(sql`select definition from flow_versions where flow_id = ${flowId}::uuid and version = ${version}`);
  return rowsOf<{ definition: FlowDefinition }>(result)[0]?.definition;
}

/** The next step of a run, due now; false when the run already had it (it runs at most once per run). */
export async function addStep(db: Db, run: { runId: string; flowId: string; subscriberId: string }, step: { id: string; type: string }, now: Date): Promise<boolean> {
  return (
    changedRows(
      await db.execute(sql`insert into flow_step_runs (run_id, flow_id, subscriber_id, step_id, step_type, status, due_at, created_at)
        values (${run.runId}::uuid, ${run.flowId}::uuid, ${run.subscriberId}::uuid, ${step.id}, ${step.type}, 'pending', ${at(now)}, ${at(now)})
        on conflict (run_id, step_id) do nothing`),
    ) > 0
  );
}

/** Ends an active run; its steps still waiting are cancelled with the same reason. */
export async function endRun(db: Db, runId: string, status: 'completed' | 'exited' | 'goal', reason: string, now: Date): Promise<boolean> {
  const ended =
    changedRows(
      await db.execute(sql`update flow_runs set status = ${status}, ended_at = ${at(now)}, end_reason = ${reason} where id = ${runId}::uuid and status = 'active'`),
    ) > 0;
  if (ended) {
    await db.execute(sql`update flow_step_runs set status = 'cancelled', finished_at = ${at(now)}, reason = ${reason}
      where run_id = ${runId}::uuid and status in ('pending', 'waiting')`);
  }
  return ended;
}

/** addStep for many runs in one statement; answers the runs whose next step was added. */
export async function addSteps(db: Db, next: readonly { step: { runId: string; flowId: string; subscriberId: string }; to: { id: string; type: string } }[], now: Date): Promise<Set<string>> {
  if (next.length === 0) return new Set();
  const rows = rowsOf<{ runId: string }>(
    await db.execute(sql`insert into flow_step_runs (run_id, flow_id, subscriber_id, step_id, step_type, status, due_at, created_at)
      select n.run_id, n.flow_id, n.subscriber_id, n.step_id, n.step_type, 'pending', ${at(now)}, ${at(now)}
      from unnest(${sql.param(next.map((item) => item.step.runId))}::uuid[], ${sql.param(next.map((item) => item.step.flowId))}::uuid[],
        ${sql.param(next.map((item) => item.step.subscriberId))}::uuid[], ${sql.param(next.map((item) => item.to.id))}::text[],
        ${sql.param(next.map((item) => item.to.type))}::text[]) as n(run_id, flow_id, subscriber_id, step_id, step_type)
      on conflict (run_id, step_id) do nothing
      returning run_id as "runId"`),
  );
  return new Set(rows.map((row) => row.runId));
}

/** endRun for many runs with one reason. */
export async function endRuns(db: Db, runIds: readonly string[], status: 'completed' | 'exited' | 'goal', reason: string, now: Date): Promise<void> {
  if (runIds.length === 0) return;
  const ended = rowsOf<{ id: string }>(
    await db.execute(sql`update flow_runs set status = ${status}, ended_at = ${at(now)}, end_reason = ${reason}
      where id = any(${sql.param([...runIds])}::uuid[]) and status = 'active' returning id`),
  ).map((row) => row.id);
  if (ended.length === 0) return;
  await db.execute(sql`update flow_step_runs set status = 'cancelled', finished_at = ${at(now)}, reason = ${reason}
    where run_id = any(${sql.param(ended)}::uuid[]) and status in ('pending', 'waiting')`);
}

export async function setRunVersions(db: Db, runs: readonly { runId: string; version: number }[]): Promise<void> {
  if (runs.length === 0) return;
  await db.execute(sql`update flow_runs r set version = v.version
    from unnest(${sql.param(runs.map((run) => run.runId))}::uuid[], ${sql.param(runs.map((run) => run.version))}::int[]) as v(id, version)
    where r.id = v.id and r.version <> v.version`);
}

export async function setRunVersion(db: Db, runId: string, version: number): Promise<void> {
  await db.execute(sql`update flow_runs set version = ${version} where id = ${runId}::uuid and version <> ${version}`);
}
