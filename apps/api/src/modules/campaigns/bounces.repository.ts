import { type SQL, sql } from 'drizzle-orm';
import type { BounceType } from '@postlark/shared/webhooks';
import type { Db } from '../../db/client';
import { changedRows, rowsOf } from '../../db/results';
import type { BounceSource } from '../../db/schema/campaigns';

/**
 * Soft bounces (a full mailbox, a server down) suppress an address only when `toSuppress` of them
 * arrive within `windowDays` with no open, click or delivery report after them: a mailbox full for
 * a week and read again is not dead (Mailchimp resets its count the same way). Settings:
 * SOFT_BOUNCES_TO_SUPPRESS, SOFT_BOUNCE_WINDOW_DAYS.
 */
export interface SoftBounceRule {
  toSuppress: number;
  windowDays: number;
}
export const SOFT_BOUNCE_RULE: SoftBounceRule = { toSuppress: 5, windowDays: 30 };

export interface BounceRecord {
  subscriberId: string;
  campaignId: string | null;
  kind: BounceType;
  source: BounceSource;
  detail: string;
  /** The enhanced status code a report gave (5.1.1), and the report itself (delivery_reports.id). */
  status?: string | null;
  reportId?: number | null;
  at: Date;
}

/**
 * The soft bounces that count for a subscriber as of `at`: live (not undone), inside the window,
 * and after the latest sign that mail reaches them (an open, a click, a delivered report).
 */
function countingSoftBounces(subscriberId: SQL, at: string, rule: SoftBounceRule): SQL {
  return sql`(select count(*) from campaign_bounces b
    where b.subscriber_id = ${subscriberId} and b.kind = 'soft' and b.undone_at is null
      and b.at > ${at}::timestamptz - make_interval(secs => ${rule.windowDays * 86_400})
      and b.at > coalesce((select max(o.at) from campaign_opens o where o.subscriber_id = ${subscriberId}), '-infinity'::timestamptz)
      and b.at > coalesce((select max(k.at) from campaign_clicks k where k.subscriber_id = ${subscriberId}), '-infinity'::timestamptz)
      and b.at > coalesce((select max(r.received_at) from delivery_reports r where r.subscriber_id = ${subscriberId} and r.reason = 'delivered'), '-infinity'::timestamptz))`;
}

/**
 * Records a bounce or complaint and suppresses the address as the rules say: a hard bounce or a
 * complaint at once (for this subscriber, so this customer, only), soft bounces as `rule` says.
 * The status change writes the subscriber's timeline and suppression list itself (migrations
 * 0011 and 0020's triggers).
 */
export async function recordBounce(db: Db, bounce: BounceRecord, rule: SoftBounceRule = SOFT_BOUNCE_RULE): Promise<void> {
  const at = bounce.at.toISOString();
  await db.execute(sql`insert into campaign_bounces (campaign_id, subscriber_id, kind, source, detail, status, report_id, at)
    values (${bounce.campaignId}::uuid, ${bounce.subscriberId}::uuid, ${bounce.kind}, ${bounce.source}, ${bounce.detail.slice(0, 1_000)},
      ${bounce.status ?? null}, ${bounce.reportId ?? null}::bigint, ${at}::timestamptz)`);
  if (bounce.kind === 'complaint') {
    await db.execute(sql`update subscribers set status = 'complained', updated_at = ${at}::timestamptz
      where "subscribers"."id" = ${bounce.subscriberId}::uuid and "subscribers"."status" <> 'complained'`);
    return;
  }
  const id = sql`${bounce.subscriberId}::uuid`;
  await db.execute(sql`update subscribers set status = 'bounced', updated_at = ${at}::timestamptz
    where "subscribers"."id" = ${id} and "subscribers"."status" = 'active'
      and (${bounce.kind} = 'hard' or ${countingSoftBounces(id, at, rule)} >= ${rule.toSuppress})`);
}

export interface UndoneBounces {
  /** Bounces marked undone. */
  bounces: number;
  /** Subscribers they concerned. */
  subscribers: number;
  /** Of those, the ones active again (their suppression lifted). */
  reactivated: number;
  /** Still bounced: another live hard bounce, or enough live soft ones, keeps them suppressed. */
  stillBounced: number;
}

/**
 * Undoes the bounces an account's SMTP replies recorded in [since, until) (a relay's refusal of the
 * sender taken for its readers' bounces, before replies were classified): each is marked undone, and
 * a subscriber they left bounced, with no other live hard bounce and fewer soft ones counting than
 * the rule suppresses at, is active again and off the suppression list. Webhook
 * bounces and complaints are the receivers' word and are left alone.
 */
export async function undoSmtpBounces(db: Db, customerId: string, window: { since: Date; until: Date }, now: Date, rule: SoftBounceRule = SOFT_BOUNCE_RULE): Promise<UndoneBounces> {
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    const undone = rowsOf<{ subscriberId: string }>(
      await tx.execute(sql`update campaign_bounces b set undone_at = ${at}::timestamptz
        from subscribers s
        where s.id = b.subscriber_id and s.customer_id = ${customerId}::uuid and b.source = 'smtp' and b.kind in ('hard', 'soft') and b.undone_at is null
          and b.at >= ${window.since.toISOString()}::timestamptz and b.at < ${window.until.toISOString()}::timestamptz
        returning b.subscriber_id as "subscriberId"`),
    );
    const subscriberIds = [...new Set(undone.map((row) => row.subscriberId))];
    if (subscriberIds.length === 0) return { bounces: 0, subscribers: 0, reactivated: 0, stillBounced: 0 };
    const ids = sql`${sql.param(subscriberIds)}::uuid[]`;
    const reactivated = rowsOf<{ id: string }>(
      await tx.execute(sql`update subscribers set status = 'active', updated_at = ${at}::timestamptz
        where "subscribers"."id" = any(${ids}) and "subscribers"."status" = 'bounced'
          and not exists (select 1 from campaign_bounces b where b.subscriber_id = "subscribers"."id" and b.kind = 'hard' and b.undone_at is null)
          and ${countingSoftBounces(sql`"subscribers"."id"`, at, rule)} < ${rule.toSuppress}
        returning "subscribers"."id"`),
    );
    if (reactivated.length > 0) {
      // The suppression the bounce made (migration 0020's trigger), and only that one: an address also unsubscribed or complained elsewhere stays suppressed.
      await tx.execute(sql`delete from suppressions x using subscribers s
        where s.id = any(${sql.param(reactivated.map((row) => row.id))}::uuid[]) and x.customer_id = s.customer_id and x.reason = 'bounced'
          and x.email_hash = encode(sha256(convert_to(s.email, 'UTF8')), 'hex')`);
    }
    const still = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from subscribers where id = any(${ids}) and status = 'bounced'`))[0]?.n ?? 0;
    return { bounces: undone.length, subscribers: subscriberIds.length, reactivated: reactivated.length, stillBounced: Number(still) };
  });
}

/** Whom a webhook event is about: the campaign message it names, or else every subscriber with the address. */
export async function bounceTargets(db: Db, email: string, messageId: string | undefined): Promise<{ subscriberId: string; campaignId: string | null }[]> {
  if (messageId) {
    const normalised = messageId.trim().startsWith('<') ? messageId.trim() : `<${messageId.trim()}>`;
    const named = rowsOf<{ subscriberId: string; campaignId: string }>(
      await db.execute(sql`select subscriber_id as "subscriberId", campaign_id as "campaignId" from campaign_messages
        where message_id = ${normalised} and email = ${email}`),
    );
    if (named.length > 0) return named;
  }
  // The relay is shared: an address that bounces, bounces for every customer who has it.
  return rowsOf<{ subscriberId: string; campaignId: string | null }>(
    await db.execute(sql`select id as "subscriberId", null::uuid as "campaignId" from subscribers where "subscribers"."email" = ${email}`),
  );
}

/** True the first time a webhook delivery id is seen; a replay answers false and changes nothing. */
export async function firstDelivery(db: Db, id: string, at: Date): Promise<boolean> {
  const inserted = await db.execute(sql`insert into webhook_deliveries (id, received_at) values (${id}, ${at.toISOString()}::timestamptz)
    on conflict (id) do nothing returning id`);
  return rowsOf(inserted).length > 0;
}

/** Delivery ids received before `before`: past the replay window (webhook-signature.ts), they guard nothing. */
export async function dropDeliveriesBefore(db: Db, before: Date): Promise<number> {
  return changedRows(await db.execute(sql`delete from webhook_deliveries where received_at < ${before.toISOString()}::timestamptz`));
}
