import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { changedRows, rowsOf } from '../../db/results';
import { queueWebhookEvent, wantsWebhook } from '../outgoing-webhooks/outbox';

// The sending engine's moves on campaign_messages. Each is one conditional statement: a row only
// leaves a state it is still in, so two workers (or a worker and a crash recovery) never both win.

export interface ClaimedMessage {
  id: number;
  subscriberId: string;
  email: string;
  messageId: string;
  attempts: number;
  /** The A/B test variant the message is built from (0 without a test). */
  variant: number;
  /** When a temporary failure first put it off (null: never): its retries end SEND_RETRY_HOURS after. */
  firstDeferredAt: Date | null;
}

/** Campaigns a sender should work on now (a platform delivers the ones that name a connection). */
export async function sendingCampaigns(db: Db): Promise<{ id: string; customerId: string }[]> {
  const result = await db.execute(sql`select id, customer_id as "customerId" from campaigns where status = 'sending' and delivery_connection_id is null order by started_at, id`);
  return rowsOf<{ id: string; customerId: string }>(result);
}

/**
 * Takes up to `limit` due pending rows of a campaign for this worker (others skip them), the
 * longest due first. In next_attempt_at order, campaign_messages_due_idx (campaign_id, status,
 * next_attempt_at, id) reads the due rows as one range: by id, a pass would walk every pending
 * row, and with best-time sending most of them are due hours later.
 */
export async function claimBatch(db: Db, campaignId: string, limit: number, now: Date): Promise<ClaimedMessage[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    update campaign_messages set status = 'sending', claimed_at = ${at}, attempts = attempts + 1
    where id in (
      select id from campaign_messages
      where campaign_id = ${campaignId}::uuid and status = 'pending' and next_attempt_at <= ${at}
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked)
    and status = 'pending'
    returning id, subscriber_id as "subscriberId", email, message_id as "messageId", attempts, variant, first_deferred_at as "firstDeferredAt"`);
  return rowsOf<ClaimedMessage>(result).map((row) => ({
    ...row,
    id: Number(row.id),
    variant: Number(row.variant),
    firstDeferredAt: row.firstDeferredAt === null ? null : new Date(row.firstDeferredAt),
  }));
}

const ids = (values: readonly number[]) => sql`${sql.param([...values])}::bigint[]`;

/**
 * The CTE that counts the rows of a `sent` CTE (returning campaign_id, email) on their account's
 * day per mailbox provider; every statement that marks rows sent includes it.
 */
export function countSent(at: string): SQL {
  return sql`insert into sending_days (customer_id, day, provider, sent)
    select c.customer_id, (${at}::timestamptz at time zone 'UTC')::date, mailbox_provider(sent.email), count(*)::int
    from sent join campaigns c on c.id = sent.campaign_id
    group by c.customer_id, mailbox_provider(sent.email)
    on conflict (customer_id, day, provider) do update set sent = sending_days.sent + excluded.sent
    returning 1`;
}

/**
 * The relay took these rows: sent, and counted in the same statement on the account's day per
 * mailbox provider (sending_days, which the guardrails and the Deliverability page read).
 */
export async function markSent(db: Db, messageIds: readonly number[], now: Date): Promise<number> {
  if (messageIds.length === 0) return 0;
  const at = now.toISOString();
  const rows = rowsOf<{ count: number }>(
    await db.execute(sql`
      with sent as (
        update campaign_messages set status = 'sent', sent_at = ${at}::timestamptz, last_error = null
        where id = any(${ids(messageIds)}) and status = 'sending'
        returning campaign_id, email),
      counted as (${countSent(at)})
      select (select count(*) from sent)::int as count, (select count(*) from counted)::int as providers`),
  );
  return Number(rows[0]?.count ?? 0);
}

/** The worker still holds these rows: their lease starts again from `now`, so no one takes them for abandoned. */
export async function renewClaims(db: Db, messageIds: readonly number[], now: Date): Promise<number> {
  if (messageIds.length === 0) return 0;
  return changedRows(
    await db.execute(sql`update campaign_messages set claimed_at = ${now.toISOString()}::timestamptz where id = any(${ids(messageIds)}) and status = 'sending'`),
  );
}

/** Rows whose subscriber may no longer receive the campaign (unsubscribed, suppressed, left). */
export async function markSkipped(db: Db, messageIds: readonly number[]): Promise<number> {
  if (messageIds.length === 0) return 0;
  return changedRows(await db.execute(sql`update campaign_messages set status = 'skipped' where id = any(${ids(messageIds)}) and status = 'sending'`));
}

/**
 * The relay refused the recipient (a hard bounce at send time): failed, and counted among the
 * day's messages like one the relay took, so each day's bounce rate is of the messages sent.
 */
export async function markRefusedRecipient(db: Db, messageId: number, error: string, now: Date): Promise<void> {
  await db.execute(sql`
    with sent as (
      update campaign_messages set status = 'failed', last_error = ${error} where id = ${messageId} and status = 'sending'
      returning campaign_id, email),
    counted as (${countSent(now.toISOString())})
    select count(*) from counted`);
}

export async function markFailed(db: Db, messageId: number, error: string): Promise<void> {
  await db.execute(sql`update campaign_messages set status = 'failed', last_error = ${error} where id = ${messageId} and status = 'sending'`);
}

/** A temporary failure: back to pending, to be tried again at `retryAt`. */
export async function markRetry(db: Db, messageId: number, error: string, retryAt: Date): Promise<void> {
  await db.execute(sql`update campaign_messages set status = 'pending', last_error = ${error}, next_attempt_at = ${retryAt.toISOString()}::timestamptz
    where id = ${messageId} and status = 'sending'`);
}

/**
 * A temporary failure (a 4xx): back to pending until `retryAt`; the first one starts the retry
 * window (first_deferred_at), which later ones keep. Answers when the window started.
 */
export async function markDeferred(db: Db, messageId: number, error: string, retryAt: Date, now: Date): Promise<Date | null> {
  const rows = rowsOf<{ since: Date | string }>(
    await db.execute(sql`update campaign_messages set status = 'pending', last_error = ${error}, next_attempt_at = ${retryAt.toISOString()}::timestamptz,
        first_deferred_at = coalesce(first_deferred_at, ${now.toISOString()}::timestamptz)
      where id = ${messageId} and status = 'sending' returning first_deferred_at as "since"`),
  );
  return rows[0] ? new Date(rows[0].since) : null;
}

/**
 * Rows whose earlier attempts met the refusal that has now paused their campaign: the attempts
 * were the sender's fault, not the messages', so they are given back and the rows are due again
 * (once the campaign is resumed).
 */
export async function refundAttempts(db: Db, messageIds: readonly number[], now: Date): Promise<void> {
  if (messageIds.length === 0) return;
  await db.execute(sql`update campaign_messages set attempts = greatest(attempts - 1, 0), next_attempt_at = ${now.toISOString()}::timestamptz
    where id = any(${ids(messageIds)}) and status = 'pending'`);
}

/**
 * The circuit breaker: a sending campaign stops, with the reason shown on it, until the customer
 * resumes it. Answers the account to tell, or null when it was not sending any more (another lane
 * or worker paused it first, or the customer did something else meanwhile).
 */
export async function pauseForRelay(db: Db, campaignId: string, reason: string, now: Date): Promise<string | null> {
  const rows = rowsOf<{ customerId: string }>(
    await db.execute(sql`update campaigns set status = 'paused', paused_reason = ${reason}, updated_at = ${now.toISOString()}::timestamptz
      where id = ${campaignId}::uuid and status = 'sending' returning customer_id as "customerId"`),
  );
  return rows[0]?.customerId ?? null;
}

/**
 * Rows not offered because the relay could not be reached: back to pending until `retryAt`, and
 * the attempt does not count, so an outage of any length fails no message.
 */
export async function markRelayWait(db: Db, messageIds: readonly number[], error: string, retryAt: Date): Promise<void> {
  if (messageIds.length === 0) return;
  await db.execute(sql`update campaign_messages set status = 'pending', attempts = attempts - 1, last_error = ${error},
      next_attempt_at = ${retryAt.toISOString()}::timestamptz
    where id = any(${ids(messageIds)}) and status = 'sending'`);
}

/**
 * Why each campaign's messages wait, when it is the relay: its first waiting row was put back by
 * markRelayWait (uncounted attempts with an error; a refused message always has an attempt
 * counted, and a row never tried has no error). Campaigns whose messages do not wait for the
 * relay are left out.
 */
export async function relayWaitErrors(db: Db, campaignIds: readonly string[]): Promise<Map<string, string>> {
  if (campaignIds.length === 0) return new Map();
  const result = await db.execute(sql`
    select campaign.id as "campaignId", first.last_error as "error"
    from unnest(${sql.param([...campaignIds])}::uuid[]) as campaign(id)
    cross join lateral (
      select attempts, last_error from campaign_messages
      where campaign_messages.campaign_id = campaign.id and campaign_messages.status = 'pending'
      order by campaign_messages.id limit 1) as first
    where first.attempts = 0 and first.last_error is not null`);
  return new Map(rowsOf<{ campaignId: string; error: string }>(result).map((row) => [row.campaignId, row.error]));
}

/**
 * Rows a worker claimed and never settled (it crashed or was killed): the relay may or may not
 * have taken them, so they are marked unknown for the customer to see, never sent again blindly.
 */
export async function markAbandoned(db: Db, claimedBefore: Date): Promise<number> {
  return changedRows(
    await db.execute(sql`update campaign_messages set status = 'unknown', last_error = 'The sender stopped while sending this message.'
      where status = 'sending' and claimed_at < ${claimedBefore.toISOString()}::timestamptz`),
  );
}

/** A campaign is sent once none of its rows is pending, being sent, or held for an A/B test's decision. Answers whether it just finished. */
export async function finishIfDone(db: Db, campaignId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`update campaigns set status = 'sent', finished_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
      where id = ${campaignId}::uuid and status = 'sending'
      and not exists (select 1 from campaign_messages where campaign_id = ${campaignId}::uuid and status in ('pending', 'sending', 'held'))
      returning id, customer_id as "customerId", kind, name, subject, started_at as "startedAt"`);
    const [finished] = rowsOf<{ id: string; customerId: string; kind: string; name: string; subject: string; startedAt: Date | null }>(result);
    if (!finished) return false;
    // Recorded exactly when the campaign is; its messages are counted only for an account that wants the event.
    if (finished.kind === 'campaign' && (await wantsWebhook(tx, finished.customerId, 'campaign.sent'))) {
      const counts = await tx.execute(sql`select status, count(*)::int as n from campaign_messages where campaign_id = ${campaignId}::uuid group by status`);
      const messages = Object.fromEntries(rowsOf<{ status: string; n: number }>(counts).map((row) => [row.status, row.n]));
      const campaign = { id: finished.id, name: finished.name, subject: finished.subject, started_at: finished.startedAt && new Date(finished.startedAt).toISOString(), finished_at: now.toISOString() };
      await queueWebhookEvent(tx, finished.customerId, 'campaign.sent', { campaign, messages }, now);
    }
    return true;
  });
}

/** Scheduled campaigns whose time has come. */
export async function dueScheduled(db: Db, now: Date): Promise<string[]> {
  const result = await db.execute(sql`select id from campaigns where status = 'scheduled' and scheduled_at <= ${now.toISOString()}::timestamptz order by scheduled_at`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/** A scheduled campaign whose time came starts sending (if still scheduled). */
export async function startScheduledIn(db: Db, campaignId: string, now: Date): Promise<boolean> {
  return (
    changedRows(
      await db.execute(sql`update campaigns set status = 'sending', started_at = ${now.toISOString()}::timestamptz, held_reason = null
        where id = ${campaignId}::uuid and status = 'scheduled'`),
    ) > 0
  );
}

/** A scheduled campaign that can no longer go out goes back to a draft, with the reason shown on it. */
export async function holdScheduled(db: Db, campaignId: string, reason: string, now: Date): Promise<boolean> {
  return (
    changedRows(
      await db.execute(sql`update campaigns set status = 'draft', scheduled_at = null, scheduled_timezone = null, held_reason = ${reason},
          updated_at = ${now.toISOString()}::timestamptz
        where id = ${campaignId}::uuid and status = 'scheduled'`),
    ) > 0
  );
}
