import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Attributes, MembershipStatus, RecordedActivityKind, SubscriberStatus } from '@postlark/shared/audience';
import type { SegmentDefinition } from '@postlark/shared/segments';
import { customers } from './accounts';

/**
 * A customer's subscribers: one row per address (kept lower-case) per customer. The consent
 * columns record how they came in; `ip_hash` is a keyed hash, never the address itself.
 */
export const subscribers = pgTable(
  'subscribers',
  {
    // Time-ordered ids (migration 0010): a million new rows land at the end of the primary key
    // and the membership keys instead of on random pages all over them.
    id: uuid('id').primaryKey().default(sql`uuid_v7()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    attributes: jsonb('attributes').$type<Attributes>().notNull().default({}),
    timezone: text('timezone'),
    status: text('status').$type<SubscriberStatus>().notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    consentSource: text('consent_source').notNull(),
    consentFormId: uuid('consent_form_id'),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    consentIpHash: text('consent_ip_hash'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    // Bumped by a trigger (migration 0036) whenever what connected platforms hold of the person
    // changes (address, names, attributes, status, a list left or rejoined): the sync pushes
    // what changed since its cursor (modules/integrations).
    changeSeq: bigint('change_seq', { mode: 'number' }).notNull().default(sql`nextval('subscriber_changes')`),
  },
  (table) => [
    uniqueIndex('subscribers_customer_email_idx').on(table.customerId, table.email),
    // Keyset paging of the table, newest first and by name.
    index('subscribers_customer_created_idx').on(table.customerId, table.createdAt, table.id),
    index('subscribers_customer_first_name_idx').on(table.customerId, table.firstName, table.id),
    index('subscribers_customer_last_name_idx').on(table.customerId, table.lastName, table.id),
    // Search anywhere in an address or name (pg_trgm), fast at a million rows.
    // A larger list of pending entries (16 MB, not 4) merges into the index in fewer, bigger steps
    // during an import; autovacuum merges what is left.
    index('subscribers_search_idx')
      .using('gin', sql`(${table.email} || ' ' || ${table.firstName} || ' ' || ${table.lastName}) gin_trgm_ops`)
      .with({ gin_pending_list_limit: 16384 }),
    index('subscribers_customer_change_idx').on(table.customerId, table.changeSeq),
    check('subscribers_status_check', sql`${table.status} in ('active', 'unsubscribed', 'bounced', 'complained', 'not_subscribed')`),
  ],
);

/**
 * Changes to a subscriber that overwrite what was there: their status (unsubscribed, bounced,
 * complained, back to active) and leaving or rejoining a list. Written by the database itself
 * (triggers of migration 0011), so no path that changes a status can forget it. Everything else
 * on the timeline is read from the rows themselves (subscriber-activity.repository).
 */
export const subscriberEvents = pgTable(
  'subscriber_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<RecordedActivityKind>().notNull(),
    // No foreign key: the event stays when the list is deleted (the timeline then names no list).
    listId: uuid('list_id'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('subscriber_events_subscriber_idx').on(table.subscriberId, table.at)],
);

/** A customer's lists; double opt-in lists ask form sign-ups to confirm by email first. */
export const lists = pgTable(
  'lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The customer's private note about the list. */
    description: text('description').notNull().default(''),
    /** What readers see under the list's name in the preference centre. */
    publicDescription: text('public_description').notNull().default(''),
    doubleOptIn: boolean('double_opt_in').notNull().default(true),
    /** Who the list's confirmation emails come from; '' for the account's name on the platform's address. */
    fromName: text('from_name').notNull().default(''),
    fromEmail: text('from_email').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('lists_customer_name_idx').on(table.customerId, sql`lower(${table.name})`)],
);

/** Who is on which list, and how far: unconfirmed (awaiting double opt-in), confirmed, or left. */
export const listMemberships = pgTable(
  'list_memberships',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    status: text('status').$type<MembershipStatus>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    // A copy of the subscriber's own status, kept by triggers (migration 0018): "the list's active
    // members", the commonest audience, is then counted from this table alone, without a join
    // of a million memberships to a million subscribers. Left out of an insert, the trigger fills it.
    subscriberStatus: text('subscriber_status').$type<SubscriberStatus>(),
  },
  (table) => [
    primaryKey({ columns: [table.listId, table.subscriberId] }),
    index('list_memberships_subscriber_idx').on(table.subscriberId),
    check('list_memberships_status_check', sql`${table.status} in ('unconfirmed', 'confirmed', 'unsubscribed')`),
  ],
);

/**
 * Addresses that must never be mailed or re-added: unsubscribed, bounced, complained, or erased.
 * Only a SHA-256 of the lower-case address is kept, so an erased subscriber leaves no address behind.
 */
export const suppressions = pgTable(
  'suppressions',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    emailHash: text('email_hash').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.emailHash] })],
);

/**
 * When a list's double opt-in confirmation last went to an address (its suppression hash, as
 * above): one a day per list and address, whoever asks (migration 0049).
 */
export const optInConfirmations = pgTable(
  'opt_in_confirmations',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    emailHash: text('email_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.listId, table.emailHash] }), index('opt_in_confirmations_sent_at_idx').on(table.sentAt)],
);

/** A customer's segments: saved filters (SegmentDefinition), evaluated in SQL each time they are used. */
export const segments = pgTable(
  'segments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    definition: jsonb('definition').$type<SegmentDefinition>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('segments_customer_name_idx').on(table.customerId, sql`lower(${table.name})`)],
);

/** Sign-up forms: each adds people to one list, from a hosted page or a snippet on the customer's site. */
export const signupForms = pgTable(
  'signup_forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    listId: uuid('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    title: text('title').notNull(),
    intro: text('intro').notNull().default(''),
    buttonLabel: text('button_label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('signup_forms_customer_idx').on(table.customerId)],
);

/** Keys other apps use for the public API; only a SHA-256 of each key is kept. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('api_keys_hash_idx').on(table.keyHash), index('api_keys_customer_idx').on(table.customerId)],
);
