import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { FlowDefinition, FlowStatus } from '@postlark/shared/automations';
import { customers } from './accounts';
import { subscribers } from './audience';
import { campaigns } from './campaigns';

// Automations (docs/decisions/007-automations.md): flows, their versions, the entry inbox, one
// run per person per entry and one execution row per (run, step). Every row moves only by
// conditional updates, like the campaign ledger.

/** A customer's flow. The definition lives in flow_versions; the trigger is copied here to match events fast. */
export const flows = pgTable(
  'flows',
  {
    id: uuid('id').primaryKey().default(sql`uuid_v7()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').$type<FlowStatus>().notNull().default('draft'),
    /** The version runs follow now (flow_versions.version). */
    version: integer('version').notNull().default(1),
    // The trigger of the current version: event, list_joined, segment_entered, date, form_signup;
    // its reference is the event name, list, segment or form id, or the date attribute.
    triggerType: text('trigger_type').notNull(),
    triggerRef: text('trigger_ref').notNull(),
    /** The goal event's name, if any: matching it ends the person's run as a conversion. */
    goalEvent: text('goal_event'),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** Segment and date triggers: when the engine last looked for people who newly qualify. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('flows_customer_created_idx').on(table.customerId, table.createdAt),
    index('flows_active_trigger_idx').on(table.triggerType, table.triggerRef).where(sql`${table.status} = 'active'`),
    check('flows_status_check', sql`${table.status} in ('draft', 'active', 'paused')`),
  ],
);

/** Every saved change of a flow, kept: runs name the version they entered with. */
export const flowVersions = pgTable(
  'flow_versions',
  {
    flowId: uuid('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    definition: jsonb('definition').$type<FlowDefinition>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.flowId, table.version] })],
);

/**
 * The hidden campaign row behind each email step: its messages are campaign_messages rows, so
 * tracking, machine-open detection, bounces, reports and person_events work as for campaigns.
 */
export const flowStepCampaigns = pgTable(
  'flow_step_campaigns',
  {
    flowId: uuid('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    stepId: text('step_id').notNull(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.flowId, table.stepId] }), uniqueIndex('flow_step_campaigns_campaign_idx').on(table.campaignId)],
);

/**
 * The inbox: one row per (flow, person, trigger occurrence), written in the transaction that saw
 * the trigger (the event ingest, a membership's trigger), so a repeated occurrence enters nobody twice.
 */
export const flowEntries = pgTable(
  'flow_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: uuid('customer_id').notNull(),
    flowId: uuid('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    /** The event's idempotency key, or list/form/segment/date and the occurrence's time. */
    occurrenceKey: text('occurrence_key').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** What triggered it (the event's name, properties, value), for merge tags and webhooks. */
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<'pending' | 'entered' | 'refused'>().notNull().default('pending'),
    reason: text('reason'),
    runId: uuid('run_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('flow_entries_occurrence_idx').on(table.flowId, table.subscriberId, table.occurrenceKey),
    index('flow_entries_pending_idx').on(table.id).where(sql`${table.status} = 'pending'`),
    // Each active flow's pending entries in order: the engine takes a share per customer.
    index('flow_entries_flow_pending_idx').on(table.flowId, table.id).where(sql`${table.status} = 'pending'`),
    check('flow_entries_status_check', sql`${table.status} in ('pending', 'entered', 'refused')`),
  ],
);

/** One person's way through a flow, from one entry. */
export const flowRuns = pgTable(
  'flow_runs',
  {
    id: uuid('id').primaryKey().default(sql`uuid_v7()`),
    customerId: uuid('customer_id').notNull(),
    flowId: uuid('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    status: text('status').$type<'active' | 'completed' | 'exited' | 'goal' | 'unsubscribed'>().notNull().default('active'),
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default({}),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason'),
  },
  (table) => [
    uniqueIndex('flow_runs_entry_idx').on(table.entryId),
    index('flow_runs_flow_subscriber_idx').on(table.flowId, table.subscriberId, table.startedAt),
    // The hourly cap on an account's entries counts the runs it started in the last hour.
    index('flow_runs_customer_started_idx').on(table.customerId, table.startedAt),
    index('flow_runs_active_subscriber_idx').on(table.subscriberId).where(sql`${table.status} = 'active'`),
    // How many are in a flow now (Home's live flows), without reading every past run.
    index('flow_runs_active_flow_idx').on(table.flowId).where(sql`${table.status} = 'active'`),
    check('flow_runs_status_check', sql`${table.status} in ('active', 'completed', 'exited', 'goal', 'unsubscribed')`),
  ],
);

/**
 * One row per (run, step): a step runs at most once per run. pending (to start) and waiting (a
 * wait under way) are claimed when due (running, with a lease); then done, skipped, failed,
 * cancelled (the run ended), moved (a live edit removed the step) or unknown (a worker died while
 * sending its email or webhook: never repeated).
 */
export const flowStepRuns = pgTable(
  'flow_step_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    runId: uuid('run_id')
      .notNull()
      .references(() => flowRuns.id, { onDelete: 'cascade' }),
    flowId: uuid('flow_id').notNull(),
    subscriberId: uuid('subscriber_id').notNull(),
    stepId: text('step_id').notNull(),
    stepType: text('step_type').notNull(),
    status: text('status').notNull().default('pending'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** A wait-for-event step: the event's name, and when a matching one arrived. */
    awaitingEvent: text('awaiting_event'),
    eventAt: timestamp('event_at', { withTimezone: true }),
    /** The branch taken: next, yes, no, event, timeout. */
    outcome: text('outcome'),
    /** Why it was skipped, deferred, failed or left unknown, in words the customer reads. */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('flow_step_runs_run_step_idx').on(table.runId, table.stepId),
    index('flow_step_runs_due_idx').on(table.dueAt).where(sql`${table.status} in ('pending', 'waiting')`),
    // Each active flow's due steps in order, webhooks apart (they have lanes of their own).
    index('flow_step_runs_flow_due_idx').on(table.flowId, table.dueAt).where(sql`${table.status} in ('pending', 'waiting') and ${table.stepType} <> 'webhook'`),
    index('flow_step_runs_flow_webhook_due_idx').on(table.flowId, table.dueAt).where(sql`${table.status} in ('pending', 'waiting') and ${table.stepType} = 'webhook'`),
    index('flow_step_runs_running_idx').on(table.claimedAt).where(sql`${table.status} = 'running'`),
    index('flow_step_runs_awaiting_idx').on(table.subscriberId, table.awaitingEvent).where(sql`${table.status} = 'waiting' and ${table.awaitingEvent} is not null`),
    index('flow_step_runs_flow_step_idx').on(table.flowId, table.stepId, table.status),
    check(
      'flow_step_runs_status_check',
      sql`${table.status} in ('pending', 'waiting', 'running', 'done', 'skipped', 'failed', 'unknown', 'cancelled', 'moved')`,
    ),
  ],
);

/** Every skip, deferral, refusal and end of a run, with its reason: what the flow's page shows. */
export const flowRunNotes = pgTable(
  'flow_run_notes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    runId: uuid('run_id')
      .notNull()
      .references(() => flowRuns.id, { onDelete: 'cascade' }),
    stepId: text('step_id'),
    kind: text('kind').notNull(),
    reason: text('reason').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('flow_run_notes_run_idx').on(table.runId, table.at)],
);

/** Segment triggers: who matched at the last look, so only newly matching people enter. */
export const flowSegmentMembers = pgTable(
  'flow_segment_members',
  {
    flowId: uuid('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.flowId, table.subscriberId] })],
);
