import { type SQL, sql } from 'drizzle-orm';
import type { CampaignAudience } from '@postlark/shared/campaigns';
import type { EngagementInsights, PurchaseInsights } from '@postlark/shared/insights';
import type { Db } from '../../db/client';
import { changedRows, rowsOf } from '../../db/results';
import { awaitingConfirmationSql } from '../audience/emailable-sql';
import { suppressionHashOf } from '../audience/subscribers.repository';
import type { PersonalContent } from './content-blocks';

// Who a campaign goes to, in SQL over "subscribers": used once to make the campaign's rows, and
// again for each batch at send time, so that whoever unsubscribed, bounced, complained or left
// the list meanwhile gets nothing more.

/**
 * Active subscribers who are confirmed members of a chosen list, or match a chosen segment
 * (`segments`, compiled by segment-sql.ts) without waiting to confirm a double opt-in.
 */
export function eligibleSql(customerId: string, audience: CampaignAudience, segments: readonly SQL[]): SQL {
  const onList =
    audience.list_ids.length === 0
      ? sql`false`
      : sql`exists (select 1 from list_memberships m where m.subscriber_id = "subscribers"."id"
          and m.list_id = any(${sql.param(audience.list_ids)}::uuid[]) and m.status = 'confirmed')`;
  // Someone whose only memberships wait for their confirmation has not agreed to anything yet.
  const inSegment = segments.length === 0 ? sql`false` : sql`((${sql.join([...segments], sql` or `)}) and not ${awaitingConfirmationSql(sql`"subscribers"."id"`)})`;
  return sql`"subscribers"."customer_id" = ${customerId}::uuid and "subscribers"."status" = 'active' and (${onList} or ${inSegment})`;
}

/**
 * Makes one pending row per eligible subscriber (again: rows already made stay as they are).
 * The Message-ID is fixed here, so every attempt of a message carries the same: 122 random bits
 * (a v4 UUID's, as 32 hex digits) at the domain, so it names no campaign, subscriber or row.
 */
export async function addRecipients(db: Db, campaignId: string, eligible: SQL, messageIdDomain: string, now: Date): Promise<number> {
  const result = await db.execute(sql`
    insert into campaign_messages (campaign_id, subscriber_id, email, message_id, next_attempt_at)
    select ${campaignId}::uuid, "subscribers"."id", "subscribers"."email",
      '<' || replace(gen_random_uuid()::text, '-', '') || '@' || ${messageIdDomain} || '>', ${now.toISOString()}::timestamptz
    from subscribers
    where ${eligible}
    on conflict (campaign_id, subscriber_id, flow_step_run_id) do nothing`);
  return changedRows(result);
}

/** How many would receive it now: the count the editor shows before sending. */
export async function countEligible(db: Db, eligible: SQL): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as count from subscribers where ${eligible}`);
  return rowsOf<{ count: number }>(result)[0]?.count ?? 0;
}

export interface Recipient {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  attributes: Record<string, string | number | boolean | null>;
  /** insights.purchases as of the last refresh; null or left out before any. */
  purchases?: PurchaseInsights | null;
  /** insights.engagement as of the last refresh; null or left out before any. */
  engagement?: EngagementInsights | null;
  /** Their recommended products and the conditional blocks they match, loaded per batch before building (left out: none). */
  personal?: PersonalContent;
}

/** What a merge tag may read of a recipient ("subscribers" in the query), their purchase insights among it. */
export const RECIPIENT_COLUMNS = sql`id, email, first_name as "firstName", last_name as "lastName", attributes,
  (select si.purchases from subscriber_insights si where si.subscriber_id = "subscribers"."id") as purchases,
  (select si.engagement from subscriber_insights si where si.subscriber_id = "subscribers"."id") as engagement`;

/**
 * Of these subscribers, the ones the campaign may still go to, with what its merge tags read. An
 * address on the suppression list by now is left out too, like an unsubscribed one, whatever the
 * subscriber's status says (the hash as erasure and the suppression trigger write it).
 */
export async function stillEligible(db: Db, eligible: SQL, subscriberIds: readonly string[]): Promise<Recipient[]> {
  if (subscriberIds.length === 0) return [];
  const result = await db.execute(sql`
    select ${RECIPIENT_COLUMNS}
    from subscribers
    where "subscribers"."id" = any(${sql.param([...subscriberIds])}::uuid[]) and ${eligible}
      and not exists (select 1 from suppressions s where s.customer_id = "subscribers"."customer_id"
        and s.email_hash = ${suppressionHashOf(sql`"subscribers"."email"`)})`);
  return rowsOf<Recipient>(result);
}

/** The customer's subscribers with these addresses, as merge tags read them (a test send's readers). */
export async function subscribersByEmail(db: Db, customerId: string, emails: readonly string[]): Promise<Recipient[]> {
  if (emails.length === 0) return [];
  const result = await db.execute(sql`
    select ${RECIPIENT_COLUMNS}
    from subscribers
    where "subscribers"."customer_id" = ${customerId}::uuid and "subscribers"."email" = any(${sql.param([...emails])}::text[])`);
  return rowsOf<Recipient>(result);
}

/** One of the customer's subscribers as merge tags read them, whatever their status ("Preview as"). */
export async function subscriberForPreview(db: Db, customerId: string, id: string): Promise<Recipient | undefined> {
  const result = await db.execute(sql`
    select ${RECIPIENT_COLUMNS}
    from subscribers
    where "subscribers"."customer_id" = ${customerId}::uuid and "subscribers"."id" = ${id}::uuid`);
  return rowsOf<Recipient>(result)[0];
}
