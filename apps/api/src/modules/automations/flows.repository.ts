import { sql } from 'drizzle-orm';
import type { EmailStep, FlowDefinition, FlowStatus } from '@postlark/shared/automations';
import type { Db } from '../../db/client';
import { changedRows, rowsOf } from '../../db/results';
import { AB_MESSAGES } from '@postlark/shared/ab-tests';
import { cancelTest, saveDraftSettings } from '../ab-tests/ab-tests.repository';

// Flows, their versions and the hidden campaign rows of their email steps.

export interface FlowRow {
  id: string;
  customerId: string;
  name: string;
  status: FlowStatus;
  version: number;
  definition: FlowDefinition;
  createdAt: Date;
  updatedAt: Date;
  activatedAt: Date | null;
  activeRuns: number;
  totalRuns: number;
}

const FLOW_COLUMNS = sql`f.id, f.customer_id as "customerId", f.name, f.status, f.version, v.definition, f.created_at as "createdAt", f.updated_at as "updatedAt",
  f.activated_at as "activatedAt",
  (select count(*)::int from flow_runs r where r.flow_id = f.id and r.status = 'active') as "activeRuns",
  (select count(*)::int from flow_runs r where r.flow_id = f.id) as "totalRuns"`;

function flowRow(row: FlowRow): FlowRow {
  return { ...row, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt), activatedAt: row.activatedAt ? new Date(row.activatedAt) : null };
}

export async function listFlows(db: Db, customerId: string): Promise<FlowRow[]> {
  const result = await db.execute(sql`select ${FLOW_COLUMNS} from flows f join flow_versions v on v.flow_id = f.id and v.version = f.version
    where f.customer_id = ${customerId}::uuid order by f.created_at desc, f.id desc`);
  return rowsOf<FlowRow>(result).map(flowRow);
}

export async function findFlow(db: Db, customerId: string, id: string): Promise<FlowRow | undefined> {
  const result = await db.execute(sql`select ${FLOW_COLUMNS} from flows f join flow_versions v on v.flow_id = f.id and v.version = f.version
    where f.customer_id = ${customerId}::uuid and f.id = ${id}::uuid`);
  return rowsOf<FlowRow>(result).map(flowRow)[0];
}

/** The trigger columns the ingest hook and the membership triggers match on. */
function triggerColumns(definition: FlowDefinition): { type: string; ref: string; goal: string | null } {
  const { trigger } = definition;
  const ref =
    trigger.type === 'event' ? trigger.event
    : trigger.type === 'list_joined' ? trigger.list_id
    : trigger.type === 'segment_entered' ? trigger.segment_id
    : trigger.type === 'date' ? trigger.attribute
    : trigger.form_id;
  return { type: trigger.type, ref, goal: definition.goal?.event ?? null };
}

/** The account's flows, counted with its customers row locked (two creations at once take turns at the cap). */
export async function countFlowsLocked(tx: Db, customerId: string): Promise<number> {
  await tx.execute(sql`select 1 from customers where id = ${customerId}::uuid for update`);
  return rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from flows where customer_id = ${customerId}::uuid`))[0]?.n ?? 0;
}

/** The account's active flows started by a segment or a date (looked at every minute), but `exceptId`; its customers row locked. */
export async function countScannedLocked(tx: Db, customerId: string, exceptId: string): Promise<number> {
  await tx.execute(sql`select 1 from customers where id = ${customerId}::uuid for update`);
  const rows = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from flows where customer_id = ${customerId}::uuid and status = 'active'
      and trigger_type in ('segment_entered', 'date') and id <> ${exceptId}::uuid`),
  );
  return rows[0]?.n ?? 0;
}

export async function insertFlow(db: Db, customerId: string, name: string, definition: FlowDefinition, now: Date): Promise<string> {
  const trigger = triggerColumns(definition);
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`insert into flows (customer_id, name, status, version, trigger_type, trigger_ref, goal_event, created_at, updated_at)
      values (${customerId}::uuid, ${name}, 'draft', 1, ${trigger.type}, ${trigger.ref}, ${trigger.goal}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
      returning id`),
  );
  await db.execute(sql`insert into flow_versions (flow_id, version, definition, created_at) values (${row!.id}::uuid, 1, ${JSON.stringify(definition)}::jsonb, ${now.toISOString()}::timestamptz)`);
  return row!.id;
}

/** A new version (the number after `fromVersion`); false when someone saved one first. */
export async function addVersion(db: Db, flowId: string, fromVersion: number, definition: FlowDefinition, now: Date): Promise<boolean> {
  const trigger = triggerColumns(definition);
  const moved = changedRows(
    await db.execute(sql`update flows set version = ${fromVersion + 1}, trigger_type = ${trigger.type}, trigger_ref = ${trigger.ref}, goal_event = ${trigger.goal},
        checked_at = case when trigger_type = ${trigger.type} and trigger_ref = ${trigger.ref} then checked_at end, updated_at = ${now.toISOString()}::timestamptz
      where id = ${flowId}::uuid and version = ${fromVersion}`),
  );
  if (moved === 0) return false;
  await db.execute(sql`insert into flow_versions (flow_id, version, definition, created_at) values (${flowId}::uuid, ${fromVersion + 1}, ${JSON.stringify(definition)}::jsonb, ${now.toISOString()}::timestamptz)`);
  return true;
}

export async function renameFlow(db: Db, flowId: string, name: string, now: Date): Promise<void> {
  await db.execute(sql`update flows set name = ${name}, updated_at = ${now.toISOString()}::timestamptz where id = ${flowId}::uuid`);
}

/** Moves the flow between states; checked_at cleared on activation, so a segment's first look is a baseline. */
export async function setFlowStatus(db: Db, flowId: string, from: readonly FlowStatus[], to: FlowStatus, now: Date): Promise<boolean> {
  const activation = to === 'active' ? sql`, activated_at = ${now.toISOString()}::timestamptz, checked_at = null` : sql``;
  return (
    changedRows(
      await db.execute(sql`update flows set status = ${to}, updated_at = ${now.toISOString()}::timestamptz ${activation}
        where id = ${flowId}::uuid and status = any(${sql.param([...from])}::text[])`),
    ) > 0
  );
}

export async function deleteFlowIn(db: Db, flowId: string, from: readonly FlowStatus[]): Promise<boolean> {
  const campaignIds = rowsOf<{ id: string }>(await db.execute(sql`select campaign_id as id from flow_step_campaigns where flow_id = ${flowId}::uuid`)).map((row) => row.id);
  const gone = changedRows(await db.execute(sql`delete from flows where id = ${flowId}::uuid and status = any(${sql.param([...from])}::text[])`));
  if (gone === 0) return false;
  // The hidden campaigns go with it (their messages, opens and clicks by cascade).
  if (campaignIds.length > 0) await db.execute(sql`delete from campaigns where id = any(${sql.param(campaignIds)}::uuid[]) and kind = 'automation'`);
  return true;
}

export async function listVersions(db: Db, flowId: string): Promise<{ version: number; createdAt: Date }[]> {
  const result = await db.execute(sql`select version, created_at as "createdAt" from flow_versions where flow_id = ${flowId}::uuid order by version desc`);
  return rowsOf<{ version: number; createdAt: string }>(result).map((row) => ({ version: row.version, createdAt: new Date(row.createdAt) }));
}

export async function findVersion(db: Db, flowId: string, version: number): Promise<{ definition: FlowDefinition; createdAt: Date } | undefined> {
  const result = await db.execute(sql`select definition, created_at as "createdAt" from flow_versions where flow_id = ${flowId}::uuid and version = ${version}`);
  return rowsOf<{ definition: FlowDefinition; createdAt: string }>(result).map((row) => ({ definition: row.definition, createdAt: new Date(row.createdAt) }))[0];
}

/**
 * Each email step's hidden campaign row carries the step's content as of the latest version (a
 * message is built from it when sent), and the postal address its footer shows.
 */
export async function syncStepCampaigns(db: Db, flow: { id: string; customerId: string; name: string }, steps: readonly EmailStep[], postalAddress: string | null, now: Date): Promise<void> {
  for (const step of steps) {
    const values = sql`${step.subject}, ${step.preheader}, ${step.from_name}, ${step.from_email}, ${step.reply_to}, ${step.content_html}, ${step.content_text}, ${step.tracking}`;
    const name = `${flow.name}: ${step.name || step.id}`;
    const existing = rowsOf<{ campaignId: string }>(
      await db.execute(sql`select campaign_id as "campaignId" from flow_step_campaigns where flow_id = ${flow.id}::uuid and step_id = ${step.id}`),
    )[0];
    if (existing) {
      await db.execute(sql`update campaigns set (name, subject, preheader, from_name, from_email, reply_to, content_html, content_text, tracking) = (${name}, ${values}),
          postal_address = coalesce(${postalAddress}, postal_address), updated_at = ${now.toISOString()}::timestamptz
        where id = ${existing.campaignId}::uuid`);
      await syncStepTest(db, flow.customerId, existing.campaignId, step, now);
      continue;
    }
    const [campaign] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into campaigns (customer_id, kind, status, audience, name, subject, preheader, from_name, from_email, reply_to, content_html, content_text, tracking,
          postal_address, created_at, updated_at)
        values (${flow.customerId}::uuid, 'automation', 'draft', '{"list_ids":[],"segment_ids":[]}'::jsonb, ${name}, ${values}, ${postalAddress},
          ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
        returning id`),
    );
    await db.execute(sql`insert into flow_step_campaigns (flow_id, step_id, campaign_id) values (${flow.id}::uuid, ${step.id}, ${campaign!.id}::uuid)`);
    await syncStepTest(db, flow.customerId, campaign!.id, step, now);
  }
}

/**
 * The step's A/B test rides on its hidden campaign (ab_tests): everyone passing through is in it
 * (a test share of 100%) until it is decided. Its settings change only before its first email; a
 * test taken off a step while it runs is cancelled (everyone gets A from then on).
 */
async function syncStepTest(db: Db, customerId: string, campaignId: string, step: EmailStep, now: Date): Promise<void> {
  if (step.ab_test) {
    await saveDraftSettings(db, customerId, campaignId, { ...step.ab_test, test_share: 100 }, now);
    return;
  }
  await saveDraftSettings(db, customerId, campaignId, null, now);
  await cancelTest(db, campaignId, AB_MESSAGES.reasonRemoved, now);
}

/** Steps people are at (pending or waiting) that the new definition no longer has. */
export async function stepsAtRemoved(db: Db, flowId: string, keptIds: readonly string[]) {
  const result = await db.execute(sql`select id, run_id as "runId", flow_id as "flowId", subscriber_id as "subscriberId", step_id as "stepId"
    from flow_step_runs where flow_id = ${flowId}::uuid and status in ('pending', 'waiting') and step_id <> all(${sql.param([...keptIds])}::text[])
    for update`);
  return rowsOf<{ id: string; runId: string; flowId: string; subscriberId: string; stepId: string }>(result).map((row) => ({ ...row, id: Number(row.id) }));
}

export async function markMoved(db: Db, stepRunId: number, reason: string, now: Date): Promise<boolean> {
  return (
    changedRows(
      await db.execute(sql`update flow_step_runs set status = 'moved', reason = ${reason}, finished_at = ${now.toISOString()}::timestamptz
        where id = ${stepRunId} and status in ('pending', 'waiting')`),
    ) > 0
  );
}

/** Lists, segments and forms of the customer among these ids. */
export async function ownedIds(db: Db, customerId: string, ids: { lists: string[]; segments: string[]; forms: string[] }) {
  const of = async (table: 'lists' | 'segments' | 'signup_forms', values: string[]) =>
    values.length === 0
      ? new Set<string>()
      : new Set(
          rowsOf<{ id: string }>(
            await db.execute(sql`select id from ${sql.identifier(table)} where customer_id = ${customerId}::uuid and id = any(${sql.param(values)}::uuid[])`),
          ).map((row) => row.id),
        );
  return { lists: await of('lists', ids.lists), segments: await of('segments', ids.segments), forms: await of('signup_forms', ids.forms) };
}
