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

/** An account's saved section (migration 0058): a part many drafts reference and show as it is now. */
export const savedSections = pgTable(
  'saved_sections',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentHtml: text('content_html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('saved_sections_customer_created_idx').on(table.customerId, table.createdAt)],
);
