import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './accounts';

/**
 * Per-account request limits (http/account-limit.ts): the current window of each account and kind
 * of request and the calls counted in it. In the database because several API processes share one
 * account's budget; one row per account and kind, rewritten when a new window starts.
 */
export const requestLimits = pgTable(
  'request_limits',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (table) => [primaryKey({ name: 'request_limits_pkey', columns: [table.customerId, table.kind] })],
);
