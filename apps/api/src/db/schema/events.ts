import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, numeric, pgSequence, pgTable, pgView, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './accounts';
import { bytea } from './bytea';

// What people did, from anywhere: the store every model reads (docs/decisions/005-events-store.md).

export const eventsIdSequence = pgSequence('events_id_seq');

/**
 * The biggest table of the product. Migration 0024 makes it PARTITION BY RANGE (occurred_at), one
 * partition per calendar month made on demand (event-partitions.ts), so old months can be
 * detached or dropped whole and a query for the last 90 days reads three partitions. Two narrow
 * indexes only: a person's timeline, and an account's events of one name over time.
 */
export const events = pgTable(
  'events',
  {
    id: bigint('id', { mode: 'number' }).notNull().default(sql`nextval('events_id_seq')`),
    customerId: uuid('customer_id').notNull(),
    // No foreign keys here or in event_keys: a key check takes a share lock on the subscriber's
    // (and customer's) row for every event, and two batches for the same people then fight over
    // those rows. Erasing a person or an account deletes their events by trigger (migration 0029).
    subscriberId: uuid('subscriber_id').notNull(),
    name: text('name').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    // api, import, or the platform it came from (mailchimp, brevo, beehiiv, hubspot).
    source: text('source').notNull(),
    value: numeric('value', { precision: 18, scale: 4, mode: 'number' }),
    currency: text('currency'),
    // Email history from another platform: the string that groups one send.
    campaignRef: text('campaign_ref'),
    // Opens and clicks: a machine's (privacy proxy, scanner), judged from the user agent at ingest.
    machine: boolean('machine'),
    properties: jsonb('properties').$type<Record<string, unknown>>(),
  },
  // No primary key: nothing reads an event by its id (a sequence makes ids unique), and a third
  // index on the biggest table would cost every insert for nothing (migration 0030).
  (table) => [
    index('events_subscriber_idx').on(table.subscriberId, table.occurredAt),
    index('events_customer_name_idx').on(table.customerId, table.name, table.occurredAt),
  ],
);

/**
 * The idempotency keys of every stored event (its `id`, or a hash of its content), 16 bytes each:
 * a partitioned table cannot hold a unique key without the partition column, and a retried event
 * that left out occurred_at would get a new time, so the keys live here, one row per event.
 */
export const eventKeys = pgTable(
  'event_keys',
  {
    customerId: uuid('customer_id').notNull(),
    keyHash: bytea('key_hash').notNull(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.keyHash] })],
);

/** A customer's catalogue, keyed by their own product id: what recommendations and carts show. */
export const products = pgTable(
  'products',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    title: text('title').notNull(),
    url: text('url'),
    imageUrl: text('image_url'),
    price: numeric('price', { precision: 18, scale: 4, mode: 'number' }),
    currency: text('currency'),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    inStock: boolean('in_stock').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.id] })],
);

/**
 * The one stream of what people did: stored events and our own campaigns' tracking (delivered,
 * opened, clicked, bounced, unsubscribed), read through one query. A view (migration 0024), so
 * sending and tracking write nothing twice.
 */
export const personEvents = pgView('person_events', {
  customerId: uuid('customer_id').notNull(),
  subscriberId: uuid('subscriber_id').notNull(),
  name: text('name').notNull(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  value: numeric('value', { precision: 18, scale: 4, mode: 'number' }),
  currency: text('currency'),
  campaignRef: text('campaign_ref'),
  machine: boolean('machine'),
  properties: jsonb('properties').$type<Record<string, unknown>>(),
  source: text('source').notNull(),
  /** Where the row comes from (0 events, 1 delivered, 2 opened, 3 clicked, 4 bounced, 5 unsubscribed) and its id there: the stream's paging key (migration 0049). */
  origin: smallint('origin').notNull(),
  rowId: bigint('row_id', { mode: 'number' }).notNull(),
}).existing();
