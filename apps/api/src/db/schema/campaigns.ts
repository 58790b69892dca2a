import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CampaignAudience, CampaignStatus, MessageStatus } from '@postlark/shared/campaigns';
import type { SendTimeOptimisation } from '@postlark/shared/send-time-optimisation';
import { customers } from './accounts';

/** What a customer writes and sends; the content is kept as the editor made it. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().default(sql`uuid_v7()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    subject: text('subject').notNull().default(''),
    preheader: text('preheader').notNull().default(''),
    fromName: text('from_name').notNull().default(''),
    fromEmail: text('from_email').notNull().default(''),
    replyTo: text('reply_to').notNull().default(''),
    contentHtml: text('content_html').notNull().default(''),
    // Null while the plain-text version is generated from the HTML; set once the customer edits it.
    contentText: text('content_text'),
    audience: jsonb('audience').$type<CampaignAudience>().notNull(),
    tracking: boolean('tracking').notNull().default(true),
    // Sent at each person's best time within a window (issue 21); null: everyone at the start.
    sendTimeOptimisation: jsonb('send_time_optimisation').$type<SendTimeOptimisation>(),
    // 'automation': the hidden row behind a flow's email step (flow_step_campaigns), never listed
    // with the customer's campaigns; its messages reuse the ledger, tracking and reports.
    kind: text('kind').$type<'campaign' | 'automation'>().notNull().default('campaign'),
    // Delivered through a connected platform (modules/integrations/platform-delivery.ts) instead of
    // our own engine; null: our engine. No foreign key: a campaign meant for a platform whose
    // connection was removed must not fall back to our engine, so the id stays and the campaign
    // says the connection is gone.
    deliveryConnectionId: uuid('delivery_connection_id'),
    status: text('status').$type<CampaignStatus>().notNull().default('draft'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    // The IANA timezone the customer chose the time in, to show it back as they wrote it.
    scheduledTimezone: text('scheduled_timezone'),
    // The postal address every message's footer shows, copied from the profile when sending starts.
    postalAddress: text('postal_address'),
    // Why a scheduled campaign was put back to a draft at its time instead of sending (its sender
    // address no longer confirmed, the daily quota reached); cleared when it is scheduled or sent.
    heldReason: text('held_reason'),
    // Why the engine paused a sending campaign by itself: the relay's words when it refused the
    // sender (not a reader) again and again (mail/smtp-reply.ts). Cleared when it is resumed.
    pausedReason: text('paused_reason'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    // When its rows (one per recipient) were made: a sender does that first, not the request.
    preparedAt: timestamp('prepared_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('campaigns_customer_created_idx').on(table.customerId, table.createdAt),
    // The scheduler's and the senders' look-ups: few rows are ever in these states.
    index('campaigns_due_idx').on(table.status, table.scheduledAt),
    check('campaigns_status_check', sql`${table.status} in ('draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled')`),
    check('campaigns_kind_check', sql`${table.kind} in ('campaign', 'automation')`),
  ],
);

/**
 * One row per (campaign, subscriber): the sending engine's ledger. A row only moves by
 * conditional updates (where status = the expected one), so two workers can never both send it.
 */
export const campaignMessages = pgTable(
  'campaign_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    // No foreign key: an erased subscriber's row stays (as skipped) so the counts still add up.
    subscriberId: uuid('subscriber_id').notNull(),
    email: text('email').notNull(),
    status: text('status').$type<MessageStatus>().notNull().default('pending'),
    // Fixed when the row is made, so a retry of the same message carries the same Message-ID.
    messageId: text('message_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    // Set when a worker claims the row; a row left in `sending` past its lease is marked unknown.
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    // The first temporary refusal of this message: it is tried again until SEND_RETRY_HOURS after it.
    firstDeferredAt: timestamp('first_deferred_at', { withTimezone: true }),
    // 0 for a campaign's message; for an automation email, the flow step execution it is for, so
    // a person who enters a flow again gets the step's email again (flow_step_runs.id).
    flowStepRunId: bigint('flow_step_run_id', { mode: 'number' }).notNull().default(0),
    // The A/B test variant this message is built from (0 = A, the campaign as written). A row
    // 'held' for a test's decision gets the winner's here when it is released.
    variant: smallint('variant').notNull().default(0),
    // The rest of an A/B test's audience (held, then released with the winner): left out of the
    // test's figures, which are the test share's alone.
    abRest: boolean('ab_rest').notNull().default(false),
    // How send-time optimisation chose this row's time (STO_GROUPS): 0 none, 1 the person's best
    // time, 2 a random time in the window (explore), 3 the start (holdout). The report compares them.
    stoGroup: smallint('sto_group').notNull().default(0),
  },
  (table) => [
    uniqueIndex('campaign_messages_campaign_subscriber_idx').on(table.campaignId, table.subscriberId, table.flowStepRunId),
    uniqueIndex('campaign_messages_message_id_idx').on(table.messageId),
    // What the senders claim next: due pending rows of a campaign, in order.
    index('campaign_messages_due_idx').on(table.campaignId, table.status, table.nextAttemptAt, table.id),
    // A claim takes pending rows in id order, and each pass looks for rows a dead worker left in
    // sending: both read few rows of a big table, through these partial indexes.
    index('campaign_messages_pending_idx').on(table.campaignId, table.id).where(sql`${table.status} = 'pending'`),
    index('campaign_messages_sending_idx').on(table.claimedAt).where(sql`${table.status} = 'sending'`),
    index('campaign_messages_subscriber_idx').on(table.subscriberId),
    check('campaign_messages_status_check', sql`${table.status} in ('pending', 'sending', 'sent', 'failed', 'unknown', 'skipped', 'held')`),
  ],
);

/**
 * Every open of the tracking pixel. Machine opens (privacy proxies, scanners, opens within
 * seconds of delivery) are kept, flagged, and left out of human open rates.
 */
export const campaignOpens = pgTable(
  'campaign_opens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    messageRowId: bigint('message_row_id', { mode: 'number' }).notNull(),
    subscriberId: uuid('subscriber_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    machine: boolean('machine').notNull(),
  },
  (table) => [
    index('campaign_opens_campaign_idx').on(table.campaignId, table.at),
    // Segments' "engaged in the last N days".
    index('campaign_opens_subscriber_idx').on(table.subscriberId, table.at),
  ],
);

/** Every click through a tracked link, with the address it led to. */
export const campaignClicks = pgTable(
  'campaign_clicks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    messageRowId: bigint('message_row_id', { mode: 'number' }).notNull(),
    subscriberId: uuid('subscriber_id').notNull(),
    url: text('url').notNull(),
    // Which of the campaign's links (its number in the content, tracked-html.ts); null for clicks
    // on links made before links were numbered, which the report groups by address instead. An
    // integer: a link token can name up to 1,679,615 (four base-36 digits), a smallint only 32,767.
    linkNumber: integer('link_number'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    machine: boolean('machine').notNull(),
  },
  (table) => [
    index('campaign_clicks_campaign_idx').on(table.campaignId, table.at),
    index('campaign_clicks_subscriber_idx').on(table.subscriberId, table.at),
  ],
);

/**
 * Bounces and complaints, from the relay's SMTP replies and from its webhook. A hard bounce or a
 * complaint suppresses the address at once; soft bounces only after a few.
 */
export const campaignBounces = pgTable(
  'campaign_bounces',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // Null when the webhook named only an address.
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'cascade' }),
    subscriberId: uuid('subscriber_id').notNull(),
    kind: text('kind').$type<'hard' | 'soft' | 'complaint'>().notNull(),
    // smtp: the relay's reply; webhook: the generic signed webhook; inbound: a report to the
    // receiver; ses, sendgrid, postmark, mailgun, brevo: that relay's own webhook.
    source: text('source').$type<BounceSource>().notNull(),
    detail: text('detail').notNull().default(''),
    // The enhanced status code (5.1.1) the report gave, and the report (delivery_reports.id).
    status: text('status'),
    reportId: bigint('report_id', { mode: 'number' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    // Set by `npm run unbounce` when the bounce was the sender's refusal misread as the reader's:
    // kept for the record, counted for nothing.
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (table) => [
    index('campaign_bounces_campaign_idx').on(table.campaignId),
    index('campaign_bounces_subscriber_idx').on(table.subscriberId, table.kind),
    check('campaign_bounces_kind_check', sql`${table.kind} in ('hard', 'soft', 'complaint')`),
  ],
);

export type BounceSource = 'smtp' | 'webhook' | 'inbound' | 'ses' | 'sendgrid' | 'postmark' | 'mailgun' | 'brevo';

/** Webhook deliveries already handled, by their id: a replay changes nothing. */
export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: text('id').primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});
