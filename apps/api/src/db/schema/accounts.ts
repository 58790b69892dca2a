import { sql } from 'drizzle-orm';
import type { MarketingPreferences } from '@postlark/shared/profile';
import { type AnyPgColumn, bigserial, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

// SPEC section 3's profile fields beyond the columns; the customer area issue edits them.
export interface AdditionalInfo {
  street_address?: string;
  city?: string;
  state?: string;
  company?: string;
  postal_code?: string;
  phone?: string;
  vat_id?: string;
}

export const customers = pgTable(
  'customers',
  {
    // Random, so one customer's id says nothing about another's.
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    gender: text('gender').notNull(),
    dob: date('dob', { mode: 'string' }).notNull(),
    country: text('country').notNull(),
    reachedByOption: text('reached_by_option').notNull().default(''),
    additionalInfo: jsonb('additional_info').$type<AdditionalInfo>().notNull().default({}),
    // SPEC section 4: a new customer has only optOut checked; optOut means no marketing mail of ours.
    marketingPreferences: jsonb('marketing_preferences')
      .$type<MarketingPreferences>()
      .notNull()
      .default({ productUpdates: false, newsletters: false, insights: false, surveys: false, assistance: false, demos: false, optOut: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One account per address, whatever the case it was typed in.
  (table) => [uniqueIndex('customers_email_key').on(sql`lower(${table.email})`)],
);

/**
 * Emailed one-time tokens. Only the SHA-256 of a token is kept; a token is bound to one address
 * (lower-cased) and one purpose, and is spent by use, by a newer token, or by time.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    // The account a token acts on, when the address is not yet that account's (an email change).
    customerId: uuid('customer_id').references((): AnyPgColumn => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('auth_tokens_token_hash_key').on(table.tokenHash),
    index('auth_tokens_email_purpose_idx').on(table.email, table.purpose),
  ],
);

/** Signed-in sessions: opaque tokens, stored as their SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // The idle timeout: a session unused for idle_seconds (SESSION_IDLE_DAYS when it was opened)
    // ends before expires_at. last_seen_at moves at most every few minutes (session.service.ts).
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleSeconds: integer('idle_seconds').notNull().default(7 * 24 * 60 * 60),
  },
  (table) => [uniqueIndex('sessions_token_hash_key').on(table.tokenHash), index('sessions_customer_idx').on(table.customerId)],
);

/**
 * Failed sign-ins per key ('account:<email>' or 'client:<ip hash>'), kept in the database so every
 * API process sees the same count.
 */
export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});
