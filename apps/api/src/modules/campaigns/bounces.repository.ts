import { sql } from 'drizzle-orm';
import type { BounceType } from '@postlark/shared/webhooks';
import type { Db } from '../../db/client';
import { changedRows, rowsOf } from '../../db/results';

/** Soft bounces (a full mailbox, a server down) suppress an address only once they add up. */
export const SOFT_BOUNCES_TO_SUPPRESS = 3;

export interface BounceRecord {
  subscriberId: string;
  campaignId: string | null;
  kind: BounceType;
  source: 'smtp' | 'webhook';
  detail: string;
  at: Date;
}

/**
 * Records a bounce or complaint and suppresses the address as the rules say: a hard bounce or a
 * complaint at once, soft bounces from the third. The status change writes the subscriber's
 * timeline itself (migration 0011's triggers).
 */
export async function recordBounce(db: Db, bounce: BounceRecord): Promise<void> {
  const at = bounce.at.toISOString();
  await db.execute(sql`insert into campaign_bounces (campaign_id, subscriber_id, kind, source, detail, at)
    values (${bounce.campaignId}::uuid, ${bounce.subscriberId}::uuid, ${bounce.kind}, ${bounce.source}, ${bounce.detail.slice(0, 1_000)}, ${at}::timestamptz)`);
  if (bounce.kind === 'complaint') {
    await db.execute(sql`update subscribers set status = 'complained', updated_at = ${at}::timestamptz
      where "subscribers"."id" = ${bounce.subscriberId}::uuid and "subscribers"."status" <> 'complained'`);
    return;
  }
  await db.execute(sql`update subscribers set status = 'bounced', updated_at = ${at}::timestamptz
    where "subscribers"."id" = ${bounce.subscriberId}::uuid and "subscribers"."status" = 'active'
      and (${bounce.kind} = 'hard' or (select count(*) from campaign_bounces b
        where b.subscriber_id = ${bounce.subscriberId}::uuid and b.kind = 'soft') >= ${SOFT_BOUNCES_TO_SUPPRESS})`);
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
