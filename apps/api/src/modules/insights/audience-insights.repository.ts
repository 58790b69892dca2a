import type {
  EngagementInsights,
  SendTimeInsights,
} from "@postlark/shared/insights";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/results";
import type { AudienceHistoryPage } from "./audience-history";
import type { StoreBatch } from "./store-batches";

// The send-time and engagement part of a refresh in and out of the database (issue 21): people in
// keyset pages with their email history as compact strings, results written in bulk.

export const SEND_TIME_KIND = "send_time";
export const ENGAGEMENT_KIND = "engagement";

/**
 * Where each page of the account's people starts: every `size`-th id in id order. A page is then
 * the ids from its start up to the next page's, so pages can be read side by side instead of
 * each waiting for the one before (keyset order would need the previous page's last id).
 */
export async function pageStarts(db: Db, customerId: string, size: number): Promise<string[]> {
  const result = await db.execute(sql`
    select id::text as id from (
      select id, row_number() over (order by id) - 1 as position from subscribers where customer_id = ${customerId}::uuid
    ) numbered
    where position % ${size} = 0 order by id`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/** A page of people: from `from` (included) to `to` (excluded; null: to the end). */
export interface PeopleRange {
  from: string;
  to: string | null;
}

/** The ranges of pages that start at these ids, in order (the last one open-ended). */
export const rangesOf = (starts: readonly string[]): PeopleRange[] => starts.map((from, k) => ({ from, to: starts[k + 1] ?? null }));

/** `column` within the range, as index conditions (no null test the planner would have to see through). */
export const inRange = (column: SQL, range: PeopleRange): SQL =>
  range.to === null ? sql`${column} >= ${range.from}::uuid` : sql`${column} >= ${range.from}::uuid and ${column} < ${range.to}::uuid`;

/** The account's people in a range, by id: ids and IANA time zones where known. */
export async function peopleIn(db: Db, customerId: string, range: PeopleRange): Promise<{ id: string; timezone: string | null }[]> {
  const result = await db.execute(sql`
    select id::text as id, timezone from subscribers
    where customer_id = ${customerId}::uuid and ${inRange(sql`id`, range)}
    order by id`);
  return rowsOf<{ id: string; timezone: string | null }>(result);
}

/**
 * The email history of a range of people before `asOf`, from the one stream (person_events: our
 * own tracking and imported history alike), one row per person who has any:
 * `outcomes` — per campaign delivered, its delivery time in epoch seconds × 4 + 1 for a human open
 * + 2 for a human click; `signals` — the epoch seconds of each human open and click. Machine opens
 * and clicks are left out in the scan: they say nothing here and are two thirds of the opens of an
 * audience on Apple Mail. Comma-separated: one short string per person instead of forty rows keeps
 * the driver's work small at a million people.
 */
export async function historiesOf(db: Db, customerId: string, range: PeopleRange, asOf: Date): Promise<AudienceHistoryPage["rows"]> {
  // The range is read through each branch's index on the person. One pass: rows grouped per person
  // and campaign (delivery, human open, human click, the human signals' times), then per person.
  const result = await db.transaction(async (tx) => {
    // The groupings sort some 250,000 rows a page: in memory, not spilled to disk at the default 4 MB.
    await tx.execute(sql`set local work_mem = '64MB'`);
    // The campaigns of an account are few and often not yet analysed: a planner that guesses one
    // campaign loops over it, reading every open of the campaign for each page of people (all the
    // opens, two hundred times over, at a million people). The person's index is the way in.
    await tx.execute(sql`set local enable_nestloop = off`);
    return tx.execute(sql`
    select subscriber_id::text as id,
      string_agg((floor(extract(epoch from delivered_at))::bigint * 4 + opened::int + 2 * clicked::int)::text, ',' order by delivered_at)
        filter (where delivered_at is not null) as outcomes,
      string_agg(signals, ',') filter (where signals is not null) as signals
    from (
      select subscriber_id,
        min(occurred_at) filter (where name = 'email_delivered') as delivered_at,
        coalesce(bool_or(name = 'email_opened'), false) as opened,
        coalesce(bool_or(name = 'email_clicked'), false) as clicked,
        string_agg(floor(extract(epoch from occurred_at))::bigint::text, ',') filter (where name <> 'email_delivered') as signals
      from person_events
      where customer_id = ${customerId}::uuid
        and ${inRange(sql`subscriber_id`, range)}
        and name in ('email_delivered', 'email_opened', 'email_clicked') and machine is not true and occurred_at < ${asOf}
      group by subscriber_id, campaign_ref
    ) per_campaign
    group by subscriber_id`);
  });
  return rowsOf<{ id: string; outcomes: string | null; signals: string | null }>(result);
}

/**
 * Stores a batch of people's send times and engagement (store-batches.ts's audienceBatch), marked
 * with the refresh that computed them. Only the account's own current subscribers are written
 * (someone erased meanwhile is skipped).
 */
export async function storeAudienceInsights(db: Db, customerId: string, refreshId: string, batch: StoreBatch, at: Date): Promise<void> {
  if (batch.people === 0) return;
  await db.execute(sql`
    insert into subscriber_insights (subscriber_id, customer_id, send_time, send_time_refresh_id, engagement, engagement_refresh_id, updated_at)
    select s.id, s.customer_id, r.send_time, ${refreshId}::uuid, r.engagement, ${refreshId}::uuid, ${at}
    from jsonb_to_recordset(${batch.json}::jsonb) as r(subscriber_id uuid, send_time jsonb, engagement jsonb)
    join subscribers s on s.id = r.subscriber_id and s.customer_id = ${customerId}::uuid
    on conflict (subscriber_id) do update
      set send_time = excluded.send_time, send_time_refresh_id = excluded.send_time_refresh_id,
        engagement = excluded.engagement, engagement_refresh_id = excluded.engagement_refresh_id, updated_at = excluded.updated_at`);
}

/** Clears the send times and scores a refresh did not rewrite (people gone from the account's pages meanwhile). */
export async function clearOtherAudienceInsights(
  db: Db,
  customerId: string,
  refreshId: string,
  at: Date,
): Promise<void> {
  await db.execute(sql`
    update subscriber_insights
    set send_time = null, send_time_refresh_id = ${refreshId}::uuid, engagement = null, engagement_refresh_id = ${refreshId}::uuid, updated_at = ${at}
    where customer_id = ${customerId}::uuid and (send_time is not null or engagement is not null)
      and (send_time_refresh_id is distinct from ${refreshId}::uuid or engagement_refresh_id is distinct from ${refreshId}::uuid)`);
}

/** Saves the account's fitted model of a kind (send_time, engagement) beside the purchase model. */
export async function saveAudienceModel(
  db: Db,
  customerId: string,
  refreshId: string,
  kind: string,
  model: object,
  asOf: Date,
  at: Date,
): Promise<void> {
  await db.execute(sql`
    insert into insight_models (customer_id, kind, model, as_of, fitted_at, refresh_id)
    values (${customerId}::uuid, ${kind}, ${JSON.stringify(model)}::jsonb, ${asOf}, ${at}, ${refreshId}::uuid)
    on conflict (customer_id, kind) do update
      set model = excluded.model, as_of = excluded.as_of, fitted_at = excluded.fitted_at, refresh_id = excluded.refresh_id`);
}

/** A person's stored send time and engagement: undefined without a row. */
export async function audienceInsightsOf(
  db: Db,
  customerId: string,
  subscriberId: string,
): Promise<
  | { sendTime: SendTimeInsights | null; engagement: EngagementInsights | null }
  | undefined
> {
  const result = await db.execute(sql`
    select send_time, engagement from subscriber_insights
    where customer_id = ${customerId}::uuid and subscriber_id = ${subscriberId}::uuid`);
  const [row] = rowsOf<{
    send_time: SendTimeInsights | null;
    engagement: EngagementInsights | null;
  }>(result);
  return row && { sendTime: row.send_time, engagement: row.engagement };
}

/** The account's fitted model of a kind, as the last refresh saved it. */
export async function audienceModelOf<T>(
  db: Db,
  customerId: string,
  kind: string,
): Promise<T | undefined> {
  const result = await db.execute(
    sql`select model from insight_models where customer_id = ${customerId}::uuid and kind = ${kind}`,
  );
  return rowsOf<{ model: T }>(result)[0]?.model;
}
