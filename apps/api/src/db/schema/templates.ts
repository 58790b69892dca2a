import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './accounts';

/** An account's own template (migration 0057): a campaign's subject and content kept under a name. */
export const ownTemplates = pgTable(
  'own_templates',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    subject: text('subject').notNull().default(''),
    contentHtml: text('content_html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('own_templates_customer_created_idx').on(table.customerId, table.createdAt)],
);
