import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { customers } from './accounts';
import { subscribers } from './audience';
import { campaigns } from './campaigns';

/**
 * What receivers said about a delivery (issue 32): a delivery status report, a complaint or an
 * auto-reply through the inbound receiver, or a relay's webhook event. One row per report and
 * recipient, kept 30 days; `key` makes a report received twice count once. Null ids: a report
 * that matched no delivery of ours (kept for the operator, acted on only as its outcome allows).
 */
export const deliveryReports = pgTable(
  'delivery_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'cascade' }),
    subscriberId: uuid('subscriber_id').references(() => subscribers.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    outcome: text('outcome').$type<'dead' | 'soft' | 'sender' | 'complaint' | 'none'>().notNull(),
    reason: text('reason').notNull().default(''),
    status: text('status'),
    diagnostic: text('diagnostic').notNull().default(''),
    email: text('email').notNull().default(''),
    subject: text('subject').notNull().default(''),
    // The report as received, cut to REPORT_KEEP_CHARS.
    report: text('report').notNull().default(''),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    unique('delivery_reports_key_unique').on(table.key),
    index('delivery_reports_received_idx').on(table.receivedAt),
    index('delivery_reports_subscriber_idx').on(table.subscriberId, table.receivedAt),
    index('delivery_reports_campaign_idx').on(table.campaignId, table.receivedAt),
    index('delivery_reports_customer_idx').on(table.customerId, table.receivedAt),
    check('delivery_reports_outcome_check', sql`${table.outcome} in ('dead', 'soft', 'sender', 'complaint', 'none')`),
  ],
);
