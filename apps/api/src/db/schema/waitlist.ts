import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './accounts';

// Tables of one area each live in their own file under db/schema/. The schema serves PGlite and
// PostgreSQL alike; every change is followed by `npm run db:generate` and the generated SQL
// migration is committed.

export const waitlistSubmissions = pgTable(
  'waitlist_submissions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    status: text('status').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    // An HMAC of the client address with a server secret: enough to spot abuse, never the address.
    ipHash: text('ip_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The signed-in customer a message from the dashboard's Help panel came from; null for the
    // public site's forms. The message outlives an account it names (the operators may still be
    // answering it), so a removed account only clears the link.
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('waitlist_submissions_status_check', sql`${table.status} in ('Waitlist', 'Contact')`),
    // A second Waitlist join of the same address stores nothing; Contact messages are all kept.
    uniqueIndex('waitlist_submissions_waitlist_email_key')
      .on(table.email)
      .where(sql`${table.status} = 'Waitlist'`),
    index('waitlist_submissions_customer_idx').on(table.customerId).where(sql`${table.customerId} is not null`),
  ],
);
