import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ConnectionStatus, PlatformId, SyncRunKind, SyncRunStatus } from '@postlark/shared/integrations';
import type { RemoteReportFigures } from '../../modules/integrations/platform-client';
import { customers } from './accounts';
import { lists, subscribers } from './audience';
import { campaigns } from './campaigns';

// Connected platforms (modules/integrations, decision 011): the account's connection to each
// platform with its sealed secret, the remote audiences linked to lists here, who is on each
// platform and the state both sides last agreed on (so our own writes do not echo back), and the
// sync's runs, which are also its work queue: rows claimed with a lease and moved by conditional
// updates, as the sending engine's ledger is.

export const connections = pgTable(
  'connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<PlatformId>().notNull(),
    /** oauth (Mailchimp's sign-in), api_key, or token (HubSpot's private app). */
    authKind: text('auth_kind').$type<'oauth' | 'api_key' | 'token'>().notNull(),
    // The key or token sealed with AES-256-GCM (lib/secret-box.ts), bound to this row's id; never stored in the clear.
    secret: text('secret').notNull(),
    accountName: text('account_name').notNull(),
    /** What the client needs besides the secret: Mailchimp's data centre, beehiiv's publication, HubSpot's portal. */
    accountRef: text('account_ref').notNull(),
    status: text('status').$type<ConnectionStatus>().notNull().default('connected'),
    /** Why it broke, in the platform's words. */
    healthMessage: text('health_message'),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (table) => [
    // One account per platform: the Integrations tab shows each platform connected or not.
    uniqueIndex('connections_customer_platform_idx').on(table.customerId, table.platform),
    check('connections_status_check', sql`${table.status} in ('connected', 'broken')`),
  ],
);

/** A remote audience (Mailchimp audience, Brevo list, beehiiv publication, HubSpot's contacts) kept in sync with a list here. */
export const connectionLinks = pgTable(
  'connection_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    remoteAudienceId: text('remote_audience_id').notNull(),
    remoteName: text('remote_name').notNull(),
    listId: uuid('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    /** Local attribute name → the platform's field name, made at import (COMPANY → company). */
    fieldMap: jsonb('field_map').$type<Record<string, string>>().notNull().default({}),
    /** The poll's change cursor: the latest remote change time seen (ISO), and the ids seen at it. */
    pollCursor: jsonb('poll_cursor').$type<{ since: string; seen: string[] } | null>(),
    /** The latest subscribers.change_seq pushed; the push pass reads from a little before it. */
    pushCursor: bigint('push_cursor', { mode: 'number' }).notNull().default(0),
    /**
     * When the last full push (from change_seq 0) began: once a day the push reads everyone again, so a
     * change that committed after the cursor passed its number, or a refused write, is not lost for good
     * (hashes make it write nothing twice).
     */
    pushReconciledAt: timestamp('push_reconciled_at', { withTimezone: true }),
    importedAt: timestamp('imported_at', { withTimezone: true }),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
    nextPollAt: timestamp('next_poll_at', { withTimezone: true }).notNull(),
    /** The history import's state: when it finished, and how many activities it brought. */
    historyImportedAt: timestamp('history_imported_at', { withTimezone: true }),
    historyCount: integer('history_count').notNull().default(0),
    /** The webhook registered on the platform for this audience, and a SHA-256 of the secret in its URL. */
    webhookId: text('webhook_id'),
    webhookSecretHash: text('webhook_secret_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('connection_links_remote_idx').on(table.connectionId, table.remoteAudienceId),
    index('connection_links_due_idx').on(table.nextPollAt),
  ],
);

/** A person on a linked audience: their id there, and a hash of the state both sides last agreed on. */
export const connectionPeople = pgTable(
  'connection_people',
  {
    linkId: uuid('link_id')
      .notNull()
      .references(() => connectionLinks.id, { onDelete: 'cascade' }),
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    remoteId: text('remote_id').notNull(),
    /** SHA-256 of the person's state as both sides last had it (integrations/person-state.ts): a change that matches it is our own echo. */
    syncedHash: text('synced_hash').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
    /** Removed from the audience on the platform: kept here, not pushed to again. */
    archived: boolean('archived').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.linkId, table.subscriberId] })],
);

export interface SyncRunError {
  email: string | null;
  message: string;
}

/** One run of the sync (an import, a poll, a push, the history import): its progress, counts and the remote's errors; also the work queue. */
export const connectionRuns = pgTable(
  'connection_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    linkId: uuid('link_id').references(() => connectionLinks.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<SyncRunKind>().notNull(),
    status: text('status').$type<SyncRunStatus>().notNull(),
    /** Where a run stopped (a page cursor), so a worker that takes it over goes on from there. */
    cursor: jsonb('cursor').$type<Record<string, unknown> | null>(),
    processed: integer('processed').notNull().default(0),
    total: integer('total'),
    added: integer('added').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    suppressed: integer('suppressed').notNull().default(0),
    errors: jsonb('errors').$type<SyncRunError[]>().notNull().default([]),
    errorCount: integer('error_count').notNull().default(0),
    /** People and values read from the platform that the subscriber schema refuses, left out (integrations/sync-validate.ts), and why: reason → how many. */
    dropped: integer('dropped').notNull().default(0),
    droppedReasons: jsonb('dropped_reasons').$type<Record<string, number>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Not before: a run waiting out a platform's rate limit. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** A worker holds the run until then; a claim that ran out belongs to a worker that stopped. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Drawn afresh at every claim: a worker writes to the run only while the token is still its own. */
    leaseToken: uuid('lease_token'),
  },
  (table) => [
    index('connection_runs_due_idx').on(table.dueAt).where(sql`${table.status} in ('queued', 'running')`),
    index('connection_runs_connection_idx').on(table.connectionId, table.createdAt),
    // At most one open run of each kind per audience (or per connection for a push of none): a second "Sync now" joins the first.
    uniqueIndex('connection_runs_open_idx')
      .on(table.connectionId, sql`coalesce(${table.linkId}, '00000000-0000-0000-0000-000000000000'::uuid)`, table.kind)
      .where(sql`${table.status} in ('queued', 'running')`),
    check('connection_runs_status_check', sql`${table.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);

/**
 * Opt-outs a run found it must send to the platform (people suppressed here whom the platform has
 * subscribed), kept per link until the platform took them: they go after the run's last page, a
 * batch at a time, and a run stopped on the way leaves the rest here for the next.
 */
export const connectionOptOuts = pgTable(
  'connection_opt_outs',
  {
    linkId: uuid('link_id')
      .notNull()
      .references(() => connectionLinks.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.linkId, table.email] })],
);

/** Draws each customer's turns in the platforms' loops: the customer whose last turn is oldest (or who never had one) goes next. */
export const platformTurnsSequence = pgSequence('platform_turns_seq');

/** A customer's latest turn in the sync's loop or the delivery's (round robin per customer). */
export const platformTurns = pgTable(
  'platform_turns',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    loop: text('loop').$type<'sync' | 'delivery'>().notNull(),
    turn: bigint('turn', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.loop] }), check('platform_turns_loop_check', sql`${table.loop} in ('sync', 'delivery')`)],
);

/**
 * A campaign (or one A/B variant of it, or its rest) delivered through a connected platform: the
 * campaign made there, the tag its recipients carry, and its report as last read back.
 */
export const platformDeliveries = pgTable(
  'platform_deliveries',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** 0: the whole campaign (or an A/B test's rest, once decided); 1–4: an A/B test's variants A–D. */
    part: integer('part').notNull(),
    connectionId: uuid('connection_id').references(() => connections.id, { onDelete: 'set null' }),
    platform: text('platform').$type<PlatformId>().notNull(),
    remoteAudienceId: text('remote_audience_id').notNull(),
    /** The tag (segment, split) its recipients carry on the platform; null: the whole audience. */
    tag: text('tag'),
    recipients: integer('recipients').notNull().default(0),
    /** The platform's campaign id once made; null while it is being made. */
    remoteCampaignId: text('remote_campaign_id'),
    status: text('status').$type<'preparing' | 'sent' | 'failed'>().notNull(),
    error: text('error'),
    report: jsonb('report').$type<RemoteReportFigures | null>(),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    /** When its report is read again: often while it is young, then rarely, then never. */
    nextReportAt: timestamp('next_report_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** A worker holds it until then while making or sending it. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** How many of its frozen recipients (by address) carry its tag on the platform so far: a sliced tagging goes on from here. */
    tagged: integer('tagged').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.campaignId, table.part] }),
    index('platform_deliveries_report_idx').on(table.nextReportAt).where(sql`${table.nextReportAt} is not null`),
  ],
);

/**
 * An A/B test's split through a platform, dealt once per sending: who is in which variant (part 1–4)
 * or the rest (0). A worker that takes the start over after a failure tags the same people as the
 * first did, whatever the audience became meanwhile; a campaign put back to a draft loses it.
 */
export const platformDeliveryRecipients = pgTable(
  'platform_delivery_recipients',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    part: integer('part').notNull(),
  },
  (table) => [primaryKey({ columns: [table.campaignId, table.email] })],
);

/**
 * A platform sign-in (Mailchimp's OAuth) a browser started: the hash of the nonce its state carries,
 * bound to the session that started it (the hash of its token, as sessions keep it). The callback
 * takes a state only from that session and only once: it deletes the row as it reads it (RFC 9700
 * §4.7). Expired rows go as new sign-ins start.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    nonceHash: text('nonce_hash').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    sessionHash: text('session_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('oauth_states_session_idx').on(table.sessionHash, table.createdAt), index('oauth_states_expires_idx').on(table.expiresAt)],
);
