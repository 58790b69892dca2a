import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { UsageKind } from '@postlark/shared/senders';
import { customers } from './accounts';

/**
 * The From addresses a customer has added (issue 18, finding 4). Usable once the mailbox's owner
 * opened the confirmation link we sent to it. Only the SHA-256 of the link's token is kept, and
 * only until it is spent; an address confirmed by one customer is that customer's alone.
 */
export const senderIdentities = pgTable(
  'sender_identities',
  {
    // Random, so one customer's ids say nothing about another's.
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    // Lower-cased, as campaigns keep their From address.
    email: text('email').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    // The live confirmation token's hash and expiry; both null once confirmed.
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('sender_identities_customer_email_key').on(table.customerId, table.email),
    uniqueIndex('sender_identities_token_hash_key').on(table.tokenHash),
  ],
);

/**
 * Domains a customer proves they control by publishing a TXT record we look up: every address at
 * a verified domain is usable as their From address and test-send recipient.
 */
export const senderDomains = pgTable(
  'sender_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    // The random part of the TXT value to publish; not a secret (anyone can read DNS).
    verificationCode: text('verification_code').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    // What the last failed check found, to show beside the domain.
    lastProblem: text('last_problem'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('sender_domains_customer_domain_key').on(table.customerId, table.domain)],
);

/**
 * What each account used of its quotas (campaign messages a day, test sends and confirmation
 * emails an hour), one row per use, so a sliding window is a sum. In the database because several
 * processes share the quotas; rows older than the longest window are dropped hourly.
 */
export const accountUsage = pgTable(
  'account_usage',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<UsageKind>().notNull(),
    amount: integer('amount').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('account_usage_customer_kind_at_idx').on(table.customerId, table.kind, table.at),
    check('account_usage_kind_check', sql`${table.kind} in ('campaign-messages', 'test-sends', 'sender-confirmations')`),
  ],
);
