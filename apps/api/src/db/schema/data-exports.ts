import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './accounts';
import { bytea } from './bytea';


/**
 * A customer's data exports (Manage my data). The ZIP is kept in the database, not on a disk, so
 * any process (the API, a worker elsewhere) can build or serve it; it is dropped once its link
 * has expired.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kinds: text('kinds').array().notNull(),
    periodDays: integer('period_days').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    // Set once the ready email is queued, so a retried job does not send it twice.
    mailQueuedAt: timestamp('mail_queued_at', { withTimezone: true }),
    sizeBytes: integer('size_bytes'),
    archive: bytea('archive'),
  },
  (table) => [index('data_exports_customer_requested_idx').on(table.customerId, table.requestedAt)],
);
