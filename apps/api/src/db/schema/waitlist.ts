import { sql } from 'drizzle-orm';
import { bigserial, check, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
  },
  (table) => [
    check('waitlist_submissions_status_check', sql`${table.status} in ('Waitlist', 'Contact')`),
    // A second Waitlist join of the same address stores nothing; Contact messages are all kept.
    uniqueIndex('waitlist_submissions_waitlist_email_key')
      .on(table.email)
      .where(sql`${table.status} = 'Waitlist'`),
  ],
);
