import { date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './accounts';

/**
 * What an account sent and what came back, per UTC day and mailbox provider (issue 32): `sent`
 * from the ledger as the relay takes messages (or refuses the recipient: a hard bounce at send
 * time is a message sent that bounced), the rest from triggers on campaign_bounces and
 * delivery_reports (migration 0051), so every path is counted. The guardrails' complaint rate and
 * the Deliverability page read these rows.
 */
export const sendingDays = pgTable(
  'sending_days',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    // mailbox_provider(email): gmail, microsoft, yahoo, apple, other.
    provider: text('provider').notNull(),
    sent: integer('sent').notNull().default(0),
    hard: integer('hard').notNull().default(0),
    soft: integer('soft').notNull().default(0),
    complaints: integer('complaints').notNull().default(0),
    // Receivers' refusals of the sender or the content (never a reader's bounce).
    refusals: integer('refusals').notNull().default(0),
  },
  (table) => [primaryKey({ name: 'sending_days_pk', columns: [table.customerId, table.day, table.provider] })],
);

/**
 * An account's sending standing: when its warm-up started (its first message), and a pause the
 * guardrails made (the rule, its reason in words, the campaign that tripped it), lifted by the
 * customer once they have acted. `resume_*`: the window's counts at the lift, which the complaint
 * rule leaves out so a lifted pause is judged on what was sent after.
 */
export const accountSending = pgTable('account_sending', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  warmupStartedAt: timestamp('warmup_started_at', { withTimezone: true }),
  pausedAt: timestamp('paused_at', { withTimezone: true }),
  pauseRule: text('pause_rule').$type<'hard-bounces' | 'complaints'>(),
  pauseReason: text('pause_reason'),
  pauseCampaignId: uuid('pause_campaign_id'),
  resumedAt: timestamp('resumed_at', { withTimezone: true }),
  resumeDay: date('resume_day', { mode: 'string' }),
  resumeSent: integer('resume_sent').notNull().default(0),
  resumeComplaints: integer('resume_complaints').notNull().default(0),
  // Pauses so far: a second one within the lift's cool-down is lifted by the operator only.
  pauses: integer('pauses').notNull().default(0),
});
