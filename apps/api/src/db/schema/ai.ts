import { date, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './accounts';

// The AI writing assistant (modules/ai). An account's own OpenAI-compatible provider, and how many
// of its free generations on the server's default provider it has used.

export const aiProviders = pgTable('ai_providers', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  baseUrl: text('base_url').notNull(),
  model: text('model').notNull(),
  // The API key sealed with AES-256-GCM (lib/secret-box.ts), bound to the customer's id and the
  // origin of the address it was typed for (ai.service.ts sealContext); never stored in the clear.
  apiKey: text('api_key').notNull(),
  // That origin (https://api.openai.com); null for a key sealed before issue 31 (bound to the id only), re-sealed on its next read.
  keyOrigin: text('key_origin'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const aiFreeAttempts = pgTable('ai_free_attempts', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  // Reserved before a generation starts (a conditional update), given back only when the provider failed before any text was sent.
  used: integer('used').notNull().default(0),
});

// Generations started today on the server's default provider, never given back (AI_DAILY_GENERATIONS):
// one row per account, its count starting again when the day (UTC) changes.
export const aiDailyGenerations = pgTable('ai_daily_generations', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  day: date('day').notNull(),
  used: integer('used').notNull(),
});
