import { sql } from 'drizzle-orm';
import type { PauseRule } from '@postlark/shared/deliverability';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';

// An account's sending standing (account_sending) and the counts its guardrails judge it by
// (sending_days, campaign_messages, campaign_bounces): see migration 0051.

export interface SendingStanding {
  warmUpStartedAt: Date | null;
  pausedAt: Date | null;
  pauseRule: PauseRule | null;
  pauseReason: string | null;
  pauseCampaignId: string | null;
  resumedAt: Date | null;
  resumeDay: string | null;
  resumeSent: number;
  resumeComplaints: number;
  pauses: number;
}

const STANDING_COLUMNS = sql`warmup_started_at as "warmUpStartedAt", paused_at as "pausedAt", pause_rule as "pauseRule", pause_reason as "pauseReason",
  pause_campaign_id as "pauseCampaignId", resumed_at as "resumedAt", resume_day::text as "resumeDay", resume_sent as "resumeSent",
  resume_complaints as "resumeComplaints", pauses`;

type StandingRow = Omit<SendingStanding, 'warmUpStartedAt' | 'pausedAt' | 'resumedAt'> & { warmUpStartedAt: string | Date | null; pausedAt: string | Date | null; resumedAt: string | Date | null };

const dateOrNull = (value: string | Date | null) => (value === null ? null : new Date(value));

function standingOf(row: StandingRow | undefined): SendingStanding | null {
  if (!row) return null;
  return {
    ...row,
    warmUpStartedAt: dateOrNull(row.warmUpStartedAt),
    pausedAt: dateOrNull(row.pausedAt),
    resumedAt: dateOrNull(row.resumedAt),
    resumeSent: Number(row.resumeSent),
    resumeComplaints: Number(row.resumeComplaints),
    pauses: Number(row.pauses),
  };
}

/** The account's standing; null before it ever sent. */
export async function standingOfAccount(db: Db, customerId: string): Promise<SendingStanding | null> {
  return standingOf(rowsOf<StandingRow>(await db.execute(sql`select ${STANDING_COLUMNS} from account_sending where customer_id = ${customerId}::uuid`))[0]);
}

/** Why the account's sending is paused; null while it may send. */
export async function pausedReason(db: Db, customerId: string): Promise<string | null> {
  const rows = rowsOf<{ reason: string | null }>(
    await db.execute(sql`select coalesce(pause_reason, '') as reason from account_sending where customer_id = ${customerId}::uuid and paused_at is not null`),
  );
  return rows[0] ? rows[0].reason || 'Sending is paused.' : null;
}

/** The account's standing, its warm-up started now if it had not (its first message is about to go). */
export async function startWarmUp(db: Db, customerId: string, now: Date): Promise<SendingStanding> {
  const rows = rowsOf<StandingRow>(
    await db.execute(sql`insert into account_sending (customer_id, warmup_started_at) values (${customerId}::uuid, ${now.toISOString()}::timestamptz)
      on conflict (customer_id) do update set warmup_started_at = coalesce(account_sending.warmup_started_at, excluded.warmup_started_at)
      returning ${STANDING_COLUMNS}`),
  );
  return standingOf(rows[0])!;
}

/** Pauses the account's sending, once: false when it already was paused (another lane or worker did it). */
export async function pauseAccount(db: Db, customerId: string, pause: { rule: PauseRule; reason: string; campaignId: string | null }, now: Date): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`insert into account_sending (customer_id, paused_at, pause_rule, pause_reason, pause_campaign_id, pauses)
      values (${customerId}::uuid, ${now.toISOString()}::timestamptz, ${pause.rule}, ${pause.reason}, ${pause.campaignId}::uuid, 1)
      on conflict (customer_id) do update set paused_at = excluded.paused_at, pause_rule = excluded.pause_rule, pause_reason = excluded.pause_reason,
        pause_campaign_id = excluded.pause_campaign_id, pauses = account_sending.pauses + 1
      where account_sending.paused_at is null
      returning customer_id`),
  );
  return rows.length > 0;
}

/**
 * Lifts the pause: the complaint window's counts of today so far are kept as the baseline the
 * rule leaves out (see complaintCounts), so it judges what is sent after. False when not paused.
 */
export async function liftPause(db: Db, customerId: string, now: Date): Promise<boolean> {
  const day = now.toISOString().slice(0, 10);
  const rows = rowsOf(
    await db.execute(sql`update account_sending set paused_at = null, resumed_at = ${now.toISOString()}::timestamptz, resume_day = ${day}::date,
        resume_sent = coalesce((select sum(sent) from sending_days where customer_id = ${customerId}::uuid and day = ${day}::date), 0),
        resume_complaints = coalesce((select sum(complaints) from sending_days where customer_id = ${customerId}::uuid and day = ${day}::date), 0)
      where customer_id = ${customerId}::uuid and paused_at is not null
      returning customer_id`),
  );
  return rows.length > 0;
}

/** The account's campaigns still sending, paused with the guardrail's reason (the sender skips the account meanwhile). */
export async function pauseSendingCampaigns(db: Db, customerId: string, reason: string, now: Date): Promise<number> {
  const rows = rowsOf(
    await db.execute(sql`update campaigns set status = 'paused', paused_reason = ${reason}, updated_at = ${now.toISOString()}::timestamptz
      where customer_id = ${customerId}::uuid and status = 'sending' and delivery_connection_id is null returning id`),
  );
  return rows.length;
}

export interface ComplaintCounts {
  sent: number;
  complaints: number;
}

/**
 * Messages sent and complaints received over the last `days` UTC days (today included); after a
 * lifted pause, only from the lift on: the lift day's counts at the lift are taken off.
 */
export async function complaintCounts(db: Db, customerId: string, days: number, standing: SendingStanding | null, now: Date): Promise<ComplaintCounts> {
  const today = now.toISOString().slice(0, 10);
  const first = new Date(Date.parse(today) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const resumeDay = standing?.resumeDay && standing.resumeDay >= first ? standing.resumeDay : null;
  const rows = rowsOf<{ sent: number; complaints: number }>(
    await db.execute(sql`select coalesce(sum(sent), 0)::int as sent, coalesce(sum(complaints), 0)::int as complaints from sending_days
      where customer_id = ${customerId}::uuid and day >= ${resumeDay ?? first}::date`),
  );
  const totals = rows[0] ?? { sent: 0, complaints: 0 };
  const sent = Number(totals.sent) - (resumeDay ? standing!.resumeSent : 0);
  const complaints = Number(totals.complaints) - (resumeDay ? standing!.resumeComplaints : 0);
  return { sent: Math.max(0, sent), complaints: Math.max(0, complaints) };
}

export interface CampaignBounceCounts {
  campaignId: string;
  name: string;
  /** Of the campaign's first messages sent (up to the sample), how many, and how many of them bounced hard. */
  messages: number;
  hard: number;
}

/**
 * The account's campaigns that started in the last `days` days (the newest `limit`), each with
 * its first `sample` messages the relay took or refused (after a lifted pause, only those sent
 * since) and how many of those readers bounced hard. The first messages are read along
 * campaign_messages_due_idx (status, next_attempt_at, id): a range of at most `sample` rows per status.
 */
export async function recentCampaignBounces(
  db: Db,
  customerId: string,
  options: { sample: number; since: Date; resumedAt: Date | null; limit: number },
): Promise<CampaignBounceCounts[]> {
  const resumed = options.resumedAt ? sql`and m.claimed_at > ${options.resumedAt.toISOString()}::timestamptz` : sql``;
  const rows = rowsOf<CampaignBounceCounts>(
    await db.execute(sql`
      select c.id as "campaignId", coalesce(c.name, '') as name, counted.messages, counted.hard
      from (select id, name from campaigns
            where customer_id = ${customerId}::uuid and delivery_connection_id is null and started_at > ${options.since.toISOString()}::timestamptz
            order by started_at desc limit ${options.limit}) c
      cross join lateral (
        select count(*)::int as messages,
          count(*) filter (where exists (select 1 from campaign_bounces b where b.campaign_id = c.id and b.subscriber_id = f.subscriber_id
            and b.kind = 'hard' and b.undone_at is null))::int as hard
        from (select * from (
                (select m.subscriber_id, m.next_attempt_at, m.id from campaign_messages m
                 where m.campaign_id = c.id and m.status = 'sent' ${resumed} order by m.next_attempt_at, m.id limit ${options.sample})
                union all
                (select m.subscriber_id, m.next_attempt_at, m.id from campaign_messages m
                 where m.campaign_id = c.id and m.status = 'failed' ${resumed} order by m.next_attempt_at, m.id limit ${options.sample})
              ) attempted order by next_attempt_at, id limit ${options.sample}) f
      ) counted`),
  );
  return rows.map((row) => ({ ...row, messages: Number(row.messages), hard: Number(row.hard) }));
}
