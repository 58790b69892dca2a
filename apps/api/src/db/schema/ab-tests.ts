import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AbStatus, AbTestLook, AbTestSettings } from '@postlark/shared/ab-tests';
import { customers } from './accounts';
import { campaigns } from './campaigns';

/**
 * A campaign's A/B test (issue 20), one per campaign (or per automation email step's hidden
 * campaign row). Its settings are edited with the campaign; once sending starts the engine keeps
 * here what the decision needs between looks: the sequential test's state, every look, and the
 * decision. The decision and the release of the held rest of the audience are one transaction,
 * conditional on status = 'testing' (ab-tests.repository.ts).
 */
export const abTests = pgTable(
  'ab_tests',
  {
    campaignId: uuid('campaign_id')
      .primaryKey()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    settings: jsonb('settings').$type<AbTestSettings>().notNull(),
    status: text('status').$type<AbStatus>().notNull().default('draft'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    // When the engine looks next (every 5 minutes, and at the deadline).
    nextLookAt: timestamp('next_look_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    winner: smallint('winner'),
    reason: text('reason').notNull().default(''),
    lift: doublePrecision('lift'),
    // The decision code's state between looks (sequential-test.ts), JSON and bounded in size.
    state: jsonb('state'),
    looks: jsonb('looks').$type<AbTestLook[]>().notNull().default(sql`'[]'::jsonb`),
    // When the rest of the audience gets the winner (or A).
    restSendAt: timestamp('rest_send_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('ab_tests_customer_idx').on(table.customerId, table.createdAt),
    // The engine's look-up: the few tests being measured, by when they are due.
    index('ab_tests_due_idx').on(table.status, table.nextLookAt),
    check('ab_tests_status_check', sql`${table.status} in ('draft', 'testing', 'winner', 'no_winner', 'cancelled')`),
  ],
);
