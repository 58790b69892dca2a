import { sql } from 'drizzle-orm';
import { bigserial, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DomainRecordChecks, UsageKind } from '@postlark/shared/senders';
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
 * Domains a customer sends from (issue 30). Each has its own 2048-bit DKIM key; the customer
 * publishes its public half (and a return-path CNAME, and DMARC) and we look them up. Every address
 * at a domain whose DKIM record is found is usable as their From address, signed d=<domain>.
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
    // The DKIM key: its selector (unique to this row, so two accounts can both send from one
    // domain), the private key sealed with AES-256-GCM bound to this row's id (lib/secret-box.ts),
    // and the public key (base64 SubjectPublicKeyInfo) the record publishes. Null on a domain added
    // before keys existed, until it is next read.
    dkimSelector: text('dkim_selector'),
    dkimPrivateKey: text('dkim_private_key'),
    dkimPublicKey: text('dkim_public_key'),
    // What the last look-up found of each record (DomainRecordChecks), to show beside it.
    checks: jsonb('checks').$type<DomainRecordChecks>(),
    // Since when the DKIM record has been found: the domain signs and may be a From. Null while it
    // is not (never found, or gone at a later check).
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('sender_domains_customer_domain_key').on(table.customerId, table.domain),
    // The daily re-check takes the domains checked longest ago first.
    index('sender_domains_checked_idx').on(table.lastCheckedAt),
  ],
);

/**
 * The sending budget of each relay (mail/relay-budget.ts): a token bucket every worker process and
 * both campaigns and automations draw from, so N workers send at the relay's rate, not N times it.
 */
export const relayBudgets = pgTable('relay_budgets', {
  // Which relay: a name for the stream's SMTP URL without its credentials.
  relay: text('relay').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  refilledAt: timestamp('refilled_at', { withTimezone: true }).notNull(),
  // A throttling answer lowers the rate for a while (SMTP 421, 454, 4.7.x rate replies).
  slowUntil: timestamp('slow_until', { withTimezone: true }),
});

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
    check('account_usage_kind_check', sql`${table.kind} in ('campaign-messages', 'test-sends', 'sender-confirmations', 'warm-up-messages')`),
  ],
);

/**
 * Named seed lists (issue 30, point 5): a few of the customer's own addresses a test send can go
 * to at once, say one inbox at each mailbox provider. Each address is checked against the
 * account's own when saved and again when sent, as one may have stopped being confirmed.
 */
export const seedLists = pgTable(
  'seed_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // Lower-cased, as sender addresses are kept.
    emails: text('emails').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Two lists of one account never share a name, whatever its case.
  (table) => [uniqueIndex('seed_lists_customer_name_key').on(table.customerId, sql`lower(${table.name})`)],
);
