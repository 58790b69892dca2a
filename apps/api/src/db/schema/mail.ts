import { bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The dev outbox: with no SMTP_URL, every message is kept here and shown at /dev/mailbox. */
export const devOutbox = pgTable('dev_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  to: text('to_address').notNull(),
  from: text('from_address').notNull(),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
