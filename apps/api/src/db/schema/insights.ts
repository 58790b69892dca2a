import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { EngagementInsights, PurchaseInsights, PurchaseModel, SendTimeInsights } from '@postlark/shared/insights';
import { customers } from './accounts';
import { subscribers } from './audience';

// What the models worked out about people (docs/decisions/006-purchase-insights.md).

/**
 * One row per person with any insight, one jsonb column per kind: purchases now; the send-time
 * and engagement issues add theirs beside it. A kind's column is null when it has nothing for the
 * person (no orders before the as-of time of the last refresh). Each kind records which refresh
 * wrote it, so a refresh can clear what it did not rewrite.
 */
export const subscriberInsights = pgTable(
  'subscriber_insights',
  {
    subscriberId: uuid('subscriber_id')
      .primaryKey()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    purchases: jsonb('purchases').$type<PurchaseInsights>(),
    purchasesRefreshId: uuid('purchases_refresh_id'),
    // The person's best send time (issue 21): null when the last refresh found no delivery to them.
    sendTime: jsonb('send_time').$type<SendTimeInsights>(),
    sendTimeRefreshId: uuid('send_time_refresh_id'),
    // The probability of a human open or click of their next campaign, its band and reasons.
    engagement: jsonb('engagement').$type<EngagementInsights>(),
    engagementRefreshId: uuid('engagement_refresh_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('subscriber_insights_customer_idx').on(table.customerId)],
);

/** Each account's fitted model of a kind (parameters, standard errors, as-of, or what is missing). */
export const insightModels = pgTable(
  'insight_models',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    // purchases: PurchaseModel; send_time and engagement: their audience models (issue 21).
    model: jsonb('model').$type<PurchaseModel | Record<string, unknown>>().notNull(),
    asOf: timestamp('as_of', { withTimezone: true }).notNull(),
    fittedAt: timestamp('fitted_at', { withTimezone: true }).notNull(),
    refreshId: uuid('refresh_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.kind] })],
);

/**
 * Refreshes asked for (the API, the nightly pass, new orders) and how far each got. At most one
 * queued or running per account: two at once would overwrite each other's rows half-way.
 */
export const insightRefreshes = pgTable(
  'insight_refreshes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    // api, nightly or orders.
    trigger: text('trigger').notNull(),
    // A backtest's as-of time; null: as of when the refresh runs.
    asOf: timestamp('as_of', { withTimezone: true }),
    // queued, running, done, failed.
    status: text('status').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    peopleTotal: integer('people_total'),
    peopleDone: integer('people_done').notNull().default(0),
    error: text('error'),
    model: jsonb('model').$type<PurchaseModel>(),
  },
  (table) => [
    index('insight_refreshes_customer_requested_idx').on(table.customerId, table.requestedAt),
    uniqueIndex('insight_refreshes_one_pending_idx')
      .on(table.customerId)
      .where(sql`status in ('queued', 'running')`),
  ],
);
