import { and, eq, sql } from 'drizzle-orm';
import type { AbStatus, AbTestLook, AbTestSettings } from '@postlark/shared/ab-tests';
import type { PlatformId } from '@postlark/shared/integrations';
import type { Db } from '../../db/client';
import { deliveredThrough } from '../campaigns/campaigns.repository';
import { changedRows, rowsOf } from '../../db/results';
import { abTests } from '../../db/schema/ab-tests';
import { assignSendTimes } from '../send-time/send-times.repository';

// The A/B tests' rows, and the engine's moves on them. The moves that matter for a crash are
// single conditional statements (or one transaction): a test leaves 'testing' once, and the held
// rest of its audience is released in the same transaction that records the decision.

export type AbTestRow = typeof abTests.$inferSelect;

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

export async function testsOf(db: Db, campaignIds: readonly string[]): Promise<Map<string, AbTestRow>> {
  if (campaignIds.length === 0) return new Map();
  const rows = await db.select().from(abTests).where(sql`${abTests.campaignId} = any(${sql.param([...campaignIds])}::uuid[])`);
  return new Map(rows.map((row) => [row.campaignId, row]));
}

export async function testOf(db: Db, campaignId: string): Promise<AbTestRow | undefined> {
  return (await testsOf(db, [campaignId])).get(campaignId);
}

/** A draft's settings: written, replaced, or (null) removed; only while the test has not started. */
export async function saveDraftSettings(db: Db, customerId: string, campaignId: string, settings: AbTestSettings | null, now: Date): Promise<void> {
  if (settings === null) {
    await db.delete(abTests).where(and(eq(abTests.campaignId, campaignId), eq(abTests.status, 'draft')));
    return;
  }
  await db
    .insert(abTests)
    .values({ campaignId, customerId, settings, createdAt: now })
    .onConflictDoUpdate({ target: abTests.campaignId, set: { settings }, where: sql`${abTests.status} = 'draft'` });
}

/**
 * The test starts as its campaign's rows are made (in the same transaction): a random test share,
 * split evenly across the variants, becomes pending with its variant (a send-time variant waits
 * its delay); the rest is held for the decision. Answers false when there is no draft test.
 */
export async function startTestIn(db: Db, campaignId: string, now: Date, lookEveryMs: number): Promise<boolean> {
  const [test] = rowsOf<{ settings: AbTestSettings }>(
    await db.execute(sql`select settings from ab_tests where campaign_id = ${campaignId}::uuid and status = 'draft' for update`),
  );
  if (!test) return false;
  const { settings } = test;
  const arms = settings.variants.length;
  const delays = settings.variants.map((variant) => variant.send_delay_minutes ?? 0);
  const [counted] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from campaign_messages where campaign_id = ${campaignId}::uuid and flow_step_run_id = 0`));
  const size = testGroupSize(counted?.n ?? 0, settings.test_share, arms);
  // A random order, made once in SQL: the first `size` rows are the test group, dealt to the
  // variants in turn (so the arms differ by at most one), the rest held.
  await db.execute(sql`
    with dealt as (
      select id, row_number() over (order by random()) - 1 as k
      from campaign_messages where campaign_id = ${campaignId}::uuid and flow_step_run_id = 0)
    update campaign_messages m set
      variant = case when dealt.k < ${size} then (dealt.k % ${arms})::smallint else 0 end,
      status = case when dealt.k < ${size} then 'pending' else 'held' end,
      ab_rest = dealt.k >= ${size},
      next_attempt_at = case when dealt.k < ${size}
        then ${at(now)} + make_interval(mins => (${sql.param(delays)}::int[])[(dealt.k % ${arms}) + 1])
        else m.next_attempt_at end
    from dealt where m.id = dealt.id`);
  const deadline = new Date(now.getTime() + (Math.max(...delays) + settings.wait_minutes) * 60_000);
  await db.execute(sql`update ab_tests set status = 'testing', started_at = ${at(now)}, deadline_at = ${at(deadline)},
      next_look_at = ${at(new Date(Math.min(now.getTime() + lookEveryMs, deadline.getTime())))}, reason = ''
    where campaign_id = ${campaignId}::uuid and status = 'draft'`);
  return true;
}

/** The test group: the share of the audience, a multiple of the variants (at least one each); 100% is everyone. */
export function testGroupSize(audience: number, sharePercent: number, arms: number): number {
  if (sharePercent >= 100) return audience;
  const perArm = Math.max(1, Math.floor((audience * sharePercent) / 100 / arms));
  return Math.min(audience, perArm * arms);
}

/**
 * A test due for a look, claimed by pushing its next look on (to the deadline at the latest, and
 * past it a whole interval on, so a look that fails is tried again later, not at once): two
 * workers never look at once.
 */
export async function claimDueLook(db: Db, now: Date, lookEveryMs: number, through: 'engine' | 'platform' = 'engine'): Promise<AbTestRow | undefined> {
  const next = at(new Date(now.getTime() + lookEveryMs));
  // A test a platform delivers is looked at with that platform's reports (integrations/platform-ab-test.ts).
  const delivery = through === 'platform' ? sql`is not null` : sql`is null`;
  const [row] = rowsOf<{ campaignId: string }>(
    await db.execute(sql`update ab_tests set next_look_at = case when deadline_at > ${at(now)} then least(${next}, deadline_at) else ${next} end
      where campaign_id = (select t.campaign_id from ab_tests t join campaigns c on c.id = t.campaign_id
          where t.status = 'testing' and t.next_look_at <= ${at(now)} and c.delivery_connection_id ${delivery}
          order by t.next_look_at limit 1 for update of t skip locked)
        and status = 'testing' and next_look_at <= ${at(now)}
      returning campaign_id as "campaignId"`),
  );
  return row ? testOf(db, row.campaignId) : undefined;
}

/** One look's state and its line on the chart, kept only while the test is still testing. */
export async function saveLook(db: Db, campaignId: string, state: unknown, look: AbTestLook, lift: number | null): Promise<void> {
  await db.execute(sql`update ab_tests set state = ${JSON.stringify(state)}::jsonb, looks = looks || ${JSON.stringify([look])}::jsonb, lift = ${lift}
    where campaign_id = ${campaignId}::uuid and status = 'testing'`);
}

export interface Decision {
  status: Extract<AbStatus, 'winner' | 'no_winner'>;
  winner: number | null;
  reason: string;
  lift: number | null;
  state: unknown;
  look: AbTestLook;
  /** When the rest gets the winner (or A): the decision time, or the winner's next time of day. */
  restSendAt: Date;
  now: Date;
}

/**
 * The decision and the release of the held rest, in one transaction that only goes through while
 * the test is still testing: a crash before it commits leaves the test testing (the next look
 * decides again) and the rest held; after, the rest are pending rows the sender sends once each.
 */
export async function recordDecision(db: Db, campaignId: string, decision: Decision): Promise<boolean> {
  return db.transaction(async (tx) => {
    const decided = changedRows(
      await tx.execute(sql`update ab_tests set status = ${decision.status}, winner = ${decision.winner}, reason = ${decision.reason}, lift = ${decision.lift},
          state = ${JSON.stringify(decision.state)}::jsonb, looks = looks || ${JSON.stringify([decision.look])}::jsonb,
          decided_at = ${at(decision.now)}, rest_send_at = ${at(decision.restSendAt)}, next_look_at = null
        where campaign_id = ${campaignId}::uuid and status = 'testing'`),
    );
    if (decided === 0) return false;
    await tx.execute(sql`update campaign_messages set variant = ${decision.winner ?? 0}, status = 'pending', next_attempt_at = ${at(decision.restSendAt)}
      where campaign_id = ${campaignId}::uuid and status = 'held'`);
    // A campaign sent at each person's best time: the rest goes at theirs within the window after the decision.
    await assignSendTimes(tx, campaignId, decision.restSendAt, { restOnly: true });
    return true;
  });
}

/** A cancelled campaign's test ends undecided; its held rows stay held (the campaign sends nothing more). */
export async function cancelTest(db: Db, campaignId: string, reason: string, now: Date): Promise<void> {
  await db.execute(sql`update ab_tests set status = 'cancelled', reason = ${reason}, decided_at = ${at(now)}, next_look_at = null
    where campaign_id = ${campaignId}::uuid and status in ('draft', 'testing')`);
}

export interface VariantTally {
  variant: number;
  recipients: number;
  sent: number;
  humanOpens: number;
  uniqueOpens: number;
  machineOpens: number;
  clicks: number;
  uniqueClicks: number;
  buyers: number;
  revenue: number;
  revenueSquares: number;
}

/**
 * Each variant's figures over the test group (the rest is left out). Outcomes count up to the
 * variant's own cutoff (a send-time test's variants are compared over the same time since each
 * one's send). Opens and clicks are humans' unless said; revenue is the order_placed value of
 * each recipient after their message and before the cutoff, in one currency.
 */
export async function tallies(db: Db, test: Pick<AbTestRow, 'campaignId' | 'customerId'>, arms: number, cutoffs: readonly Date[], currency: string | null): Promise<VariantTally[]> {
  const campaignId = sql`${test.campaignId}::uuid`;
  const cutoff = sql`(${sql.param(cutoffs.map((date) => date.toISOString()))}::timestamptz[])[m.variant + 1]`;
  const byVariant = new Map<number, Partial<VariantTally>>();
  const merge = (rows: Array<Partial<VariantTally> & { variant: number }>) => {
    for (const row of rows) byVariant.set(Number(row.variant), { ...byVariant.get(Number(row.variant)), ...row });
  };
  merge(
    rowsOf(
      await db.execute(sql`select variant, count(*)::int as recipients, (count(*) filter (where status = 'sent'))::int as sent
        from campaign_messages m where campaign_id = ${campaignId} and not ab_rest group by variant`),
    ),
  );
  merge(
    rowsOf(
      await db.execute(sql`select m.variant, (count(*) filter (where not o.machine))::int as "humanOpens",
          (count(distinct o.message_row_id) filter (where not o.machine))::int as "uniqueOpens", (count(*) filter (where o.machine))::int as "machineOpens"
        from campaign_opens o join campaign_messages m on m.id = o.message_row_id
        where o.campaign_id = ${campaignId} and m.campaign_id = ${campaignId} and not m.ab_rest and o.at <= ${cutoff}
        group by m.variant`),
    ),
  );
  merge(
    rowsOf(
      await db.execute(sql`select m.variant, count(*)::int as clicks, count(distinct c.message_row_id)::int as "uniqueClicks"
        from campaign_clicks c join campaign_messages m on m.id = c.message_row_id
        where c.campaign_id = ${campaignId} and m.campaign_id = ${campaignId} and not m.ab_rest and not c.machine and c.at <= ${cutoff}
        group by m.variant`),
    ),
  );
  if (currency) {
    merge(
      rowsOf(
        await db.execute(sql`select m.variant, (count(*) filter (where r.total > 0))::int as buyers,
            coalesce(sum(r.total), 0)::float8 as revenue, coalesce(sum(r.total * r.total), 0)::float8 as "revenueSquares"
          from campaign_messages m cross join lateral (
            select sum(e.value) as total from events e
            where e.customer_id = ${test.customerId}::uuid and e.subscriber_id = m.subscriber_id and e.name = 'order_placed'
              and e.currency = ${currency} and e.occurred_at > m.sent_at and e.occurred_at <= ${cutoff}) r
          where m.campaign_id = ${campaignId} and not m.ab_rest and m.status = 'sent'
          group by m.variant`),
      ),
    );
  }
  return Array.from({ length: arms }, (_, variant) => ({
    recipients: 0,
    sent: 0,
    humanOpens: 0,
    uniqueOpens: 0,
    machineOpens: 0,
    clicks: 0,
    uniqueClicks: 0,
    buyers: 0,
    revenue: 0,
    revenueSquares: 0,
    ...byVariant.get(variant),
    variant,
  }));
}

/** The account's most common order currency: revenue is compared in it alone. */
export async function orderCurrency(db: Db, customerId: string): Promise<string | null> {
  const [row] = rowsOf<{ currency: string }>(
    await db.execute(sql`select currency from events where customer_id = ${customerId}::uuid and name = 'order_placed' and currency is not null
      group by currency order by count(*) desc, currency limit 1`),
  );
  return row?.currency ?? null;
}

export async function hasOrders(db: Db, customerId: string): Promise<boolean> {
  const result = await db.execute(sql`select 1 from events where customer_id = ${customerId}::uuid and name = 'order_placed' limit 1`);
  return rowsOf(result).length > 0;
}

export interface TestListRow extends AbTestRow {
  name: string;
  kind: 'campaign' | 'automation';
  flowId: string | null;
}

/** The customer's tests that started (or are set on a campaign), newest first, with what they belong to. */
export async function listTests(db: Db, customerId: string, status: AbStatus | undefined, platform?: PlatformId): Promise<TestListRow[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select t.campaign_id as "campaignId", t.customer_id as "customerId", t.settings, t.status, t.started_at as "startedAt",
        t.deadline_at as "deadlineAt", t.decided_at as "decidedAt", t.winner, t.reason, t.lift, t.rest_send_at as "restSendAt",
        t.created_at as "createdAt", c.name, c.kind, fsc.flow_id as "flowId"
      from ab_tests t join campaigns c on c.id = t.campaign_id
      left join flow_step_campaigns fsc on fsc.campaign_id = t.campaign_id
      where t.customer_id = ${customerId}::uuid ${status ? sql`and t.status = ${status}` : sql``}
        ${platform ? sql`and ${deliveredThrough(sql`c.id`, sql`c.delivery_connection_id`, platform)}` : sql``}
      order by coalesce(t.started_at, t.created_at) desc, t.campaign_id desc`),
  );
  const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
  return rows.map((row) => ({
    ...(row as unknown as TestListRow),
    startedAt: date(row.startedAt),
    deadlineAt: date(row.deadlineAt),
    decidedAt: date(row.decidedAt),
    restSendAt: date(row.restSendAt),
    createdAt: date(row.createdAt)!,
    winner: row.winner === null ? null : Number(row.winner),
    lift: row.lift === null ? null : Number(row.lift),
  }));
}
