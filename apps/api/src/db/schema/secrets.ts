import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Secrets the server makes for itself on first start, shared by every process on the same database.
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
