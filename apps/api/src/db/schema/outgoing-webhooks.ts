import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './accounts';

// Outgoing webhooks (modules/outgoing-webhooks): the customer's endpoints, the events recorded for
// them (webhook_outbox, written in the transaction of what the event reports), one delivery per
// event and endpoint (webhook_sends, moved only by conditional updates) and the attempts the
// Integrations tab lists. (webhook_deliveries is the incoming bounce webhook's replay guard.)

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    // The signing secret sealed with AES-256-GCM (lib/secret-box.ts); never stored in the clear.
    secret: text('secret').notNull(),
    // How it is sealed (endpoint-secrets.ts): 2, bound to `webhook_endpoints:<id>`; 1, an older seal
    // bound to the bare id, re-sealed as 2 when read. 1 by default, so a row written by code that
    // does not know the column is never taken for a new seal.
    secretVersion: smallint('secret_version').notNull().default(1),
    // The circuit breaker (webhook-sender.ts): attempts in a row that got no answer in time; after
    // a few, the endpoint is paused until paused_until (longer each pause in a row, `pauses`),
    // then one event at a time is tried until one is answered. Null when not paused.
    timeoutsInRow: integer('timeouts_in_row').notNull().default(0),
    pauses: integer('pauses').notNull().default(0),
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('webhook_endpoints_customer_idx').on(table.customerId)],
);

export const webhookOutbox = pgTable(
  'webhook_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('webhook_outbox_created_idx').on(table.createdAt),
    // Counting an account's test events in the last hour (their limit).
    index('webhook_outbox_tests_idx').on(table.customerId, table.createdAt).where(sql`${table.type} = 'webhook.test'`),
  ],
);

export const webhookSends = pgTable(
  'webhook_sends',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookOutbox.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    // pending (waiting for its next attempt, or being attempted while claimed_until is ahead), delivered, failed.
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    // When its 24 hours of retries began: its first attempt, or when its endpoint was turned off or
    // paused before it had one. Null while it waits behind other sends: our queue is not its time.
    windowStartsAt: timestamp('window_starts_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    // The worker's look-ups, only rows still to deliver in them: each endpoint's next due sends,
    // the attempts under way (what the per-endpoint and per-customer caps count), and expiry.
    index('webhook_sends_endpoint_due_idx').on(table.endpointId, table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index('webhook_sends_claimed_idx').on(table.claimedUntil).where(sql`${table.status} = 'pending' and ${table.claimedUntil} is not null`),
    index('webhook_sends_window_idx').on(table.windowStartsAt).where(sql`${table.status} = 'pending'`),
    index('webhook_sends_endpoint_idx').on(table.endpointId, table.createdAt),
    // Dropping old events from the outbox cascades here.
    index('webhook_sends_event_idx').on(table.eventId),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sendId: bigint('send_id', { mode: 'number' })
      .notNull()
      .references(() => webhookSends.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (table) => [index('webhook_attempts_endpoint_idx').on(table.endpointId, table.at), index('webhook_attempts_send_idx').on(table.sendId)],
);
