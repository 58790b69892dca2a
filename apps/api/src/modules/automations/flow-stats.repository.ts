import { sql } from 'drizzle-orm';
import type { AbTestReport } from '@postlark/shared/ab-tests';
import type { StepType } from '@postlark/shared/automations';
import type { FlowRunView, FlowStats, StepStats } from '@postlark/shared/automations-views';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import type { FlowRow } from './flows.repository';
import { testsOf } from '../ab-tests/ab-tests.repository';
import { stateOf, testReport } from '../ab-tests/ab-tests.service';
import { campaignById } from '../campaigns/campaigns.repository';

// Per-step figures, computed from the rows (as campaign reports are): step executions, the
// hidden campaigns' ledger, opens and clicks, goal runs, and order_placed revenue attributed to
// the last automation email the person was sent within ATTRIBUTION_DAYS before the order.

export const ATTRIBUTION_DAYS = 5;

type Counts = { stepId: string; entered: number; waiting: number; completed: number; skipped: number; failed: number; unknown: number };

export async function flowStats(db: Db, flow: FlowRow, now: Date): Promise<FlowStats> {
  const flowId = sql`${flow.id}::uuid`;
  const counts = rowsOf<Counts>(
    await db.execute(sql`select step_id as "stepId",
        count(*) filter (where status <> 'moved')::int as entered,
        count(*) filter (where status in ('pending', 'waiting', 'running'))::int as waiting,
        count(*) filter (where status in ('done', 'skipped', 'failed', 'unknown'))::int as completed,
        count(*) filter (where status = 'skipped')::int as skipped,
        count(*) filter (where status = 'failed')::int as failed,
        count(*) filter (where status = 'unknown')::int as unknown
      from flow_step_runs where flow_id = ${flowId} group by step_id`),
  );
  const goals = rowsOf<{ stepId: string; count: number }>(
    await db.execute(sql`select s.step_id as "stepId", count(distinct s.run_id)::int as count from flow_step_runs s join flow_runs r on r.id = s.run_id
      where s.flow_id = ${flowId} and r.status = 'goal' and s.status <> 'moved' group by s.step_id`),
  );
  const mail = rowsOf<{ stepId: string; sent: number; opens: number; clicks: number }>(
    await db.execute(sql`select m.step_id as "stepId",
        (select count(*)::int from campaign_messages cm where cm.campaign_id = m.campaign_id and cm.status = 'sent') as sent,
        (select count(distinct o.message_row_id)::int from campaign_opens o where o.campaign_id = m.campaign_id and not o.machine) as opens,
        (select count(distinct c.message_row_id)::int from campaign_clicks c where c.campaign_id = m.campaign_id and not c.machine) as clicks
      from flow_step_campaigns m where m.flow_id = ${flowId}`),
  );
  const revenue = rowsOf<{ stepId: string; currency: string; amount: string }>(
    await db.execute(sql`
      with sends as (
        select m.subscriber_id, m.sent_at, m.campaign_id from campaign_messages m
        join campaigns c on c.id = m.campaign_id and c.kind = 'automation' and c.customer_id = ${flow.customerId}::uuid
        where m.status = 'sent'),
      mine as (select campaign_id, step_id from flow_step_campaigns where flow_id = ${flowId}),
      orders as (
        select e.subscriber_id, e.occurred_at, e.value, e.currency from events e
        where e.customer_id = ${flow.customerId}::uuid and e.name = 'order_placed' and e.value is not null
          and e.subscriber_id in (select s.subscriber_id from sends s join mine on mine.campaign_id = s.campaign_id)),
      attributed as (
        select o.value, o.currency, (select s.campaign_id from sends s where s.subscriber_id = o.subscriber_id and s.sent_at <= o.occurred_at
            and s.sent_at > o.occurred_at - make_interval(days => ${ATTRIBUTION_DAYS}) order by s.sent_at desc limit 1) as campaign_id
        from orders o)
      select mine.step_id as "stepId", a.currency, sum(a.value)::text as amount from attributed a join mine on mine.campaign_id = a.campaign_id
      group by mine.step_id, a.currency`),
  );
  const runs = rowsOf<{ status: string; count: number }>(await db.execute(sql`select status, count(*)::int as count from flow_runs where flow_id = ${flowId} group by status`));
  const entries = rowsOf<{ status: string; count: number }>(
    await db.execute(sql`select status, count(*)::int as count from flow_entries where flow_id = ${flowId} and status in ('pending', 'refused') group by status`),
  );
  const stepCampaigns = rowsOf<{ stepId: string; campaignId: string }>(
    await db.execute(sql`select step_id as "stepId", campaign_id as "campaignId" from flow_step_campaigns where flow_id = ${flowId}`),
  );
  const tests = await testsOf(
    db,
    stepCampaigns.map((row) => row.campaignId),
  );
  const testOfStep = (stepId: string) => tests.get(stepCampaigns.find((row) => row.stepId === stepId)?.campaignId ?? '');
  const reports = new Map<string, AbTestReport>();
  for (const test of tests.values()) {
    const campaign = await campaignById(db, test.campaignId);
    if (campaign) reports.set(test.campaignId, await testReport(db, campaign, test, now));
  }
  const runCount = (status: string) => runs.find((row) => row.status === status)?.count ?? 0;
  const totalRevenue: Record<string, number> = {};
  const steps: StepStats[] = flow.definition.steps.map((step) => {
    const count = counts.find((row) => row.stepId === step.id);
    const sent = mail.find((row) => row.stepId === step.id);
    const money: Record<string, number> = {};
    for (const row of revenue.filter((item) => item.stepId === step.id)) {
      money[row.currency] = Number(row.amount);
      totalRevenue[row.currency] = (totalRevenue[row.currency] ?? 0) + Number(row.amount);
    }
    return {
      step_id: step.id,
      type: step.type as StepType,
      entered: count?.entered ?? 0,
      waiting: count?.waiting ?? 0,
      completed: count?.completed ?? 0,
      skipped: count?.skipped ?? 0,
      failed: count?.failed ?? 0,
      unknown: count?.unknown ?? 0,
      emails_sent: sent?.sent ?? 0,
      opens: sent?.opens ?? 0,
      clicks: sent?.clicks ?? 0,
      goal_conversions: goals.find((row) => row.stepId === step.id)?.count ?? 0,
      revenue: money,
      ...(testOfStep(step.id) && { ab_test_state: stateOf(testOfStep(step.id)!), ab_test: reports.get(testOfStep(step.id)!.campaignId) }),
    };
  });
  return {
    flow_id: flow.id,
    runs: { active: runCount('active'), completed: runCount('completed'), exited: runCount('exited'), goal: runCount('goal'), unsubscribed: runCount('unsubscribed') },
    entries: { pending: entries.find((row) => row.status === 'pending')?.count ?? 0, refused: entries.find((row) => row.status === 'refused')?.count ?? 0 },
    attribution_days: ATTRIBUTION_DAYS,
    revenue: totalRevenue,
    steps,
  };
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** The latest runs (optionally of one status or one person), each with its steps and notes. */
export async function flowRuns(db: Db, flowId: string, filter: { status?: string; subscriberId?: string; limit: number }): Promise<FlowRunView[]> {
  const runs = rowsOf<{ id: string; subscriberId: string; email: string; version: number; status: FlowRunView['status']; startedAt: string; endedAt: string | null; endReason: string | null }>(
    await db.execute(sql`select r.id, r.subscriber_id as "subscriberId", s.email, r.version, r.status, r.started_at as "startedAt", r.ended_at as "endedAt", r.end_reason as "endReason"
      from flow_runs r join subscribers s on s.id = r.subscriber_id
      where r.flow_id = ${flowId}::uuid ${filter.status ? sql`and r.status = ${filter.status}` : sql``} ${filter.subscriberId ? sql`and r.subscriber_id = ${filter.subscriberId}::uuid` : sql``}
      order by r.started_at desc, r.id desc limit ${filter.limit}`),
  );
  if (runs.length === 0) return [];
  const ids = sql`${sql.param(runs.map((run) => run.id))}::uuid[]`;
  const steps = rowsOf<{ runId: string; stepId: string; stepType: StepType; status: string; outcome: string | null; reason: string | null; dueAt: string; finishedAt: string | null }>(
    await db.execute(sql`select run_id as "runId", step_id as "stepId", step_type as "stepType", status, outcome, reason, due_at as "dueAt", finished_at as "finishedAt"
      from flow_step_runs where run_id = any(${ids}) order by id`),
  );
  const notes = rowsOf<{ runId: string; stepId: string | null; kind: FlowRunView['notes'][number]['kind']; reason: string; at: string }>(
    await db.execute(sql`select run_id as "runId", step_id as "stepId", kind, reason, at from flow_run_notes where run_id = any(${ids}) order by at, id`),
  );
  return runs.map((run) => ({
    id: run.id,
    subscriber_id: run.subscriberId,
    email: run.email,
    version: run.version,
    status: run.status,
    started_at: iso(run.startedAt)!,
    ended_at: iso(run.endedAt),
    end_reason: run.endReason,
    steps: steps
      .filter((step) => step.runId === run.id)
      .map((step) => ({ step_id: step.stepId, type: step.stepType, status: step.status, outcome: step.outcome, reason: step.reason, due_at: iso(step.dueAt)!, finished_at: iso(step.finishedAt) })),
    notes: notes.filter((note) => note.runId === run.id).map((note) => ({ step_id: note.stepId, kind: note.kind, reason: note.reason, at: iso(note.at)! })),
  }));
}
