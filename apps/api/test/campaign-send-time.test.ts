import { STO_MESSAGES, type StoReport } from '@postlark/shared/send-time-optimisation';
import { describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/client';
import { prepareRecipients } from '../src/modules/campaigns/campaign-sender';
import { campaignById } from '../src/modules/campaigns/campaigns.repository';
import { rateInterval } from '../src/modules/ab-tests/sequential-test';
import { differenceInterval } from '../src/modules/send-time/sto-report';
import { useAccountsApp } from './support/accounts-app';
import { abAudience, createAndSend, hit, pixelIn, clickIn, subjectTest } from './support/ab-tests';
import { CAMPAIGNS, bulkAudience, campaignRead, customerWithAudience, draft, engine, reportRead, runEngine } from './support/campaigns';
import { eventually } from './support/eventually';
import { hourOfDay, storeAudienceHour, storeBestHour } from './support/send-times';

// Issue 21, section 1's last point: a campaign sent at each person's best time. Each ledger row
// gets its own time in SQL when the rows are made; the engine (one pass at a time, against a real
// SMTP server on loopback, the clock injected) sends a row only once the clock has passed it. The
// stored best times (the insights refresh's output) are written directly here.

const accounts = useAccountsApp();
const { call } = accounts;
const HOUR = 3_600_000;
const query = <T>(text: string, params: unknown[] = []) => rawQuery(accounts.database.db, text, params) as Promise<T[]>;

const run = (passes = 1) => runEngine(accounts, passes);
const campaignOf = (cookie: string, id: string) => campaignRead(accounts, cookie, id);
const reportOf = (cookie: string, id: string) => reportRead(accounts, cookie, id);

interface Row {
  email: string;
  sto_group: number;
  next_attempt_at: Date;
  status: string;
}
const rowsOf = (campaignId: string) =>
  query<Row>(`select email, sto_group, next_attempt_at, status from campaign_messages where campaign_id = $1::uuid order by email`, [campaignId]);

const received = (email: string) => accounts.smtp.messagesTo(email).length;

describe('send-time optimisation settings', () => {
  it('are saved with defaults, validated with clear messages, duplicated, turned off with null, and refused beside a send-time A/B test', async () => {
    const { customer, list } = await customerWithAudience(accounts);
    const bad = async (sto: object, extra: object = {}) => {
      const answer = await call('POST', CAMPAIGNS, customer.cookie, draft(list, { send_time_optimisation: sto, ...extra }));
      expect(answer.statusCode).toBe(400);
      return answer.json().payload;
    };
    expect((await bad({ window_hours: 0 })).message).toBe(STO_MESSAGES.windowInvalid);
    expect((await bad({ window_hours: 73 })).message).toBe(STO_MESSAGES.windowInvalid);
    expect((await bad({ explore_percent: 51 })).message).toBe(STO_MESSAGES.exploreInvalid);
    expect((await bad({ holdout_percent: 1.5 })).message).toBe(STO_MESSAGES.holdoutInvalid);
    expect((await bad({ holdout_percent: '10' })).message).toBe(STO_MESSAGES.holdoutInvalid);
    const combo = await bad({}, { ab_test: { dimension: 'send_time', variants: [{}, { send_delay_minutes: 60 }] } });
    expect(combo.message).toBe(STO_MESSAGES.withSendTimeTest);
    expect(combo.errors.send_time_optimisation).toBe(STO_MESSAGES.withSendTimeTest);

    const created = (await call('POST', CAMPAIGNS, customer.cookie, draft(list, { send_time_optimisation: {} }))).json().payload.campaign;
    expect(created.send_time_optimisation).toEqual({ window_hours: 24, explore_percent: 10, holdout_percent: 10 });
    // Adding a send-time test to it later is refused the same way.
    const later = await call('PATCH', `${CAMPAIGNS}/${created.id}`, customer.cookie, { ab_test: { dimension: 'send_time', variants: [{}, { send_delay_minutes: 60 }] } });
    expect(later.statusCode).toBe(400);
    expect(later.json().payload.errors.send_time_optimisation).toBe(STO_MESSAGES.withSendTimeTest);
    const edited = (await call('PATCH', `${CAMPAIGNS}/${created.id}`, customer.cookie, { send_time_optimisation: { window_hours: 6, explore_percent: 0, holdout_percent: 20 } })).json()
      .payload.campaign;
    expect(edited.send_time_optimisation).toEqual({ window_hours: 6, explore_percent: 0, holdout_percent: 20 });
    expect((await campaignOf(customer.cookie, created.id)).send_time_optimisation.window_hours).toBe(6);
    const copy = (await call('POST', `${CAMPAIGNS}/${created.id}/duplicate`, customer.cookie)).json().payload.campaign;
    expect(copy.send_time_optimisation).toEqual(edited.send_time_optimisation);
    const off = (await call('PATCH', `${CAMPAIGNS}/${created.id}`, customer.cookie, { send_time_optimisation: null })).json().payload.campaign;
    expect(off.send_time_optimisation).toBeNull();
    // A campaign made without it has none.
    expect((await call('POST', CAMPAIGNS, customer.cookie, draft(list))).json().payload.campaign.send_time_optimisation).toBeNull();
  });
});

describe('a campaign sent at each person’s best time', () => {
  it('sends each row at its own time: the stored best hour, else the audience’s, each received only once the clock passes it', async () => {
    const audience = await abAudience(accounts, 2);
    const { customer, ids } = audience;
    const [early, late, unknown, noon] = [audience.ada, audience.nameless, audience.emails[2]!, audience.emails[3]!];
    const idOf = async (email: string) => ids[email] ?? (await query<{ id: string }>(`select id from subscribers where email = $1`, [email]))[0]!.id;
    const start = accounts.now();
    // One reads 2 h 15 after the start, one 2 h before it (tomorrow, then), one at noon UTC + 5 h;
    // the fourth has no stored hour: the audience's (3 h 30 after the start).
    await storeBestHour(accounts, customer.customerId, await idOf(early), hourOfDay(start, 2.25));
    await storeBestHour(accounts, customer.customerId, await idOf(late), hourOfDay(start, 22));
    await storeBestHour(accounts, customer.customerId, await idOf(noon), hourOfDay(start, 5));
    await storeAudienceHour(accounts, customer.customerId, hourOfDay(start, 3.5));
    const campaign = await createAndSend(accounts, customer.cookie, draft(audience.list, { send_time_optimisation: { explore_percent: 0, holdout_percent: 0 } }));

    await run();
    const rows = new Map((await rowsOf(campaign.id)).map((row) => [row.email, row]));
    const due = (email: string) => rows.get(email)!.next_attempt_at.getTime() - start.getTime();
    expect(due(early)).toBe(2.25 * HOUR);
    expect(due(late)).toBe(22 * HOUR);
    expect(due(unknown)).toBe(3.5 * HOUR);
    expect(due(noon)).toBe(5 * HOUR);
    expect([...rows.values()].every((row) => row.sto_group === 1)).toBe(true);
    // Nobody's time has come.
    expect([early, late, unknown, noon].map(received)).toEqual([0, 0, 0, 0]);
    expect((await campaignOf(customer.cookie, campaign.id)).messages).toMatchObject({ pending: 4, sent: 0 });

    const moveTo = async (hours: number) => {
      await accounts.advanceInUse(start.getTime() + hours * HOUR - accounts.now().getTime(), customer.cookie);
      await run();
      return [early, late, unknown, noon].map(received);
    };
    expect(await moveTo(2.25 - 1 / 60)).toEqual([0, 0, 0, 0]);
    expect(await moveTo(2.25)).toEqual([1, 0, 0, 0]);
    expect(await moveTo(3.5)).toEqual([1, 0, 1, 0]);
    expect(await moveTo(5)).toEqual([1, 0, 1, 1]);
    expect((await campaignOf(customer.cookie, campaign.id)).status).toBe('sending');
    expect(await moveTo(22)).toEqual([1, 1, 1, 1]);
    expect((await campaignOf(customer.cookie, campaign.id)).status).toBe('sent');
  });

  it('sends everyone at the start when nobody has a stored hour and the account no audience profile', async () => {
    const { customer, list, ada, nameless } = await customerWithAudience(accounts);
    const campaign = await createAndSend(accounts, customer.cookie, draft(list, { send_time_optimisation: { explore_percent: 0, holdout_percent: 0 } }));
    await run();
    expect([ada, nameless].map(received)).toEqual([1, 1]);
    expect((await rowsOf(campaign.id)).map((row) => row.sto_group)).toEqual([1, 1]);
    expect((await campaignOf(customer.cookie, campaign.id)).status).toBe('sent');
  });

  it('takes a stored hour that is not a number of hours for none: the campaign is prepared, those people at the audience’s hour', async () => {
    const audience = await abAudience(accounts, 2);
    const { customer, ids } = audience;
    const start = accounts.now();
    const idOf = async (email: string) => ids[email] ?? (await query<{ id: string }>(`select id from subscribers where email = $1`, [email]))[0]!.id;
    // A corrupted or foreign stored value: text, an hour past the day, an object; one good one.
    const stored = [JSON.stringify({ hour_utc: 'soon' }), JSON.stringify({ hour_utc: 1e300 }), JSON.stringify({ hour_utc: { h: 3 } })];
    for (const [index, value] of stored.entries()) {
      await query(
        `insert into subscriber_insights (subscriber_id, customer_id, send_time, updated_at) values ($1::uuid, $2::uuid, $3::jsonb, now())
         on conflict (subscriber_id) do update set send_time = excluded.send_time`,
        [await idOf(audience.emails[index]!), customer.customerId, value],
      );
    }
    await storeBestHour(accounts, customer.customerId, await idOf(audience.emails[3]!), hourOfDay(start, 2));
    await storeAudienceHour(accounts, customer.customerId, hourOfDay(start, 5));
    const campaign = await createAndSend(accounts, customer.cookie, draft(audience.list, { send_time_optimisation: { explore_percent: 0, holdout_percent: 0 } }));
    await run();
    const rows = new Map((await rowsOf(campaign.id)).map((row) => [row.email, row]));
    expect(audience.emails.map((email) => (rows.get(email)!.next_attempt_at.getTime() - start.getTime()) / HOUR)).toEqual([5, 5, 5, 2]);
    expect((await campaignOf(customer.cookie, campaign.id)).messages).toMatchObject({ pending: 4 });
  });

  it('keeps a best hour the window does not reach at the nearer end of the window', async () => {
    const audience = await abAudience(accounts, 0);
    const start = accounts.now();
    // A 4-hour window: one reads an hour before the start (the start is nearer), one 6 hours after
    // it (the window's last minute is nearer).
    await storeBestHour(accounts, audience.customer.customerId, audience.ids[audience.ada]!, hourOfDay(start, 23));
    await storeBestHour(accounts, audience.customer.customerId, audience.ids[audience.nameless]!, hourOfDay(start, 6));
    const campaign = await createAndSend(accounts, audience.customer.cookie, draft(audience.list, { send_time_optimisation: { window_hours: 4, explore_percent: 0, holdout_percent: 0 } }));
    await run();
    const rows = new Map((await rowsOf(campaign.id)).map((row) => [row.email, row.next_attempt_at.getTime() - start.getTime()]));
    expect(rows.get(audience.ada)).toBe(0);
    expect(rows.get(audience.nameless)).toBe(4 * HOUR - 60_000);
    expect(received(audience.ada)).toBe(1);
    expect(received(audience.nameless)).toBe(0);
  });

  it('sends the explore share at random times in the window and the holdout at the start, in the shares asked for', async () => {
    const { customer, list } = await bulkAudience(accounts, 200, `sto-shares-${process.pid}.example`);
    await storeAudienceHour(accounts, customer.customerId, 23.75);
    const start = accounts.now();
    const campaign = await createAndSend(accounts, customer.cookie, draft(list, { send_time_optimisation: { window_hours: 24, explore_percent: 15, holdout_percent: 20 } }));
    await run(3);
    const rows = await rowsOf(campaign.id);
    const group = (number: number) => rows.filter((row) => row.sto_group === number);
    expect([group(1).length, group(2).length, group(3).length]).toEqual([130, 30, 40]);
    const offsets = (number: number) => group(number).map((row) => row.next_attempt_at.getTime() - start.getTime());
    expect(offsets(3).every((offset) => offset === 0)).toBe(true);
    const audienceAt = new Date(start);
    audienceAt.setUTCHours(23, 45, 0, 0);
    expect(offsets(1).every((offset) => offset === audienceAt.getTime() - start.getTime())).toBe(true);
    const explored = offsets(2);
    expect(explored.every((offset) => offset >= 0 && offset < 24 * HOUR)).toBe(true);
    // Random times, not one: spread over the window.
    expect(new Set(explored.map((offset) => Math.floor(offset / HOUR))).size).toBeGreaterThan(5);
    // Only the rows whose time has come went: the holdout, and any explorer drawn at the start.
    const dueNow = rows.filter((row) => row.next_attempt_at.getTime() <= start.getTime()).map((row) => row.email);
    expect(rows.filter((row) => row.status === 'sent').map((row) => row.email)).toEqual(dueNow);
    expect(dueNow.filter((email) => received(email) === 1)).toHaveLength(dueNow.length);
    expect(rows.filter((row) => received(row.email) > 0)).toHaveLength(dueNow.length);

    await accounts.advanceInUse(24 * HOUR, customer.cookie);
    await run(3);
    expect(rows.every((row) => received(row.email) === 1)).toBe(true);
    expect((await campaignOf(customer.cookie, campaign.id)).status).toBe('sent');
  });
});

describe('preparing a campaign twice at once (two lanes or workers)', () => {
  // Each lane reads the campaign (prepared_at still null) before preparing it: both may go on to
  // prepare. The second must find it prepared and leave the rows as the first dealt them.
  const stale = async (id: string) => (await campaignById(accounts.database.db, id))!;
  const dealt = async (campaignId: string) =>
    new Map(
      (await query<{ id: string; sto_group: number; next_attempt_at: Date; status: string }>(
        `select id, sto_group, next_attempt_at, status from campaign_messages where campaign_id = $1::uuid`,
        [campaignId],
      )).map((row) => [String(row.id), `${row.sto_group} ${row.next_attempt_at.toISOString()} ${row.status}`]),
    );

  it('deals the groups once: a second preparation from the same stale read changes no row', async () => {
    const { customer, list } = await bulkAudience(accounts, 200, `sto-twice-${process.pid}.example`);
    await storeAudienceHour(accounts, customer.customerId, hourOfDay(accounts.now(), 6));
    const campaign = await createAndSend(accounts, customer.cookie, draft(list, { send_time_optimisation: { window_hours: 24, explore_percent: 15, holdout_percent: 20 } }));
    const row = await stale(campaign.id);
    const sender = await engine(accounts);
    try {
      await prepareRecipients(sender.deps, row);
      const first = await dealt(campaign.id);
      await Promise.all([prepareRecipients(sender.deps, row), prepareRecipients(sender.deps, row)]);
      expect(await dealt(campaign.id)).toEqual(first);
    } finally {
      await sender.close();
    }
    const rows = await rowsOf(campaign.id);
    expect([1, 2, 3].map((group) => rows.filter((one) => one.sto_group === group).length)).toEqual([130, 30, 40]);
  });

  it('with an A/B test, leaves the test group at the start: two preparations at once do not re-time it to best times', async () => {
    const audience = await abAudience(accounts, 38);
    await storeAudienceHour(accounts, audience.customer.customerId, hourOfDay(accounts.now(), 6));
    const start = accounts.now();
    const campaign = await createAndSend(
      accounts,
      audience.customer.cookie,
      subjectTest(audience.list, ['Subject B'], { test_share: 50, wait_minutes: 60 }, { send_time_optimisation: { explore_percent: 0, holdout_percent: 20 } }),
    );
    const row = await stale(campaign.id);
    const sender = await engine(accounts);
    try {
      await Promise.all([prepareRecipients(sender.deps, row), prepareRecipients(sender.deps, row)]);
    } finally {
      await sender.close();
    }
    const rows = await rowsOf(campaign.id);
    const tested = rows.filter((one) => one.status === 'pending');
    expect(tested).toHaveLength(20);
    expect(tested.every((one) => one.sto_group === 0 && one.next_attempt_at.getTime() === start.getTime())).toBe(true);
    expect(rows.filter((one) => one.status === 'held')).toHaveLength(20);
  });
});

describe('the report of a campaign sent at each person’s best time', () => {
  it('shows each group’s recipients and human open and click rates with 95% intervals, and the lift over the holdout', async () => {
    const audience = await abAudience(accounts, 18);
    const { customer } = audience;
    const start = accounts.now();
    // Everyone reads 6 hours after the start: the holdout goes at the start, the best-time group 6 hours later.
    await storeAudienceHour(accounts, customer.customerId, hourOfDay(start, 6));
    const campaign = await createAndSend(accounts, customer.cookie, draft(audience.list, { content_html: '<p>See <a href="https://lark.example/news">the news</a>.</p>', send_time_optimisation: { explore_percent: 0, holdout_percent: 50 } }));
    await run();
    const rows = await rowsOf(campaign.id);
    const optimised = rows.filter((row) => row.sto_group === 1).map((row) => row.email);
    const holdout = rows.filter((row) => row.sto_group === 3).map((row) => row.email);
    expect([optimised.length, holdout.length]).toEqual([10, 10]);
    const open = async (email: string, userAgent?: string) => hit(accounts, pixelIn(accounts.smtp.messagesTo(email)[0]!.html), userAgent);
    const moveTo = (hours: number) => accounts.advanceInUse(start.getTime() + hours * HOUR - accounts.now().getTime(), customer.cookie);
    const sto = async () => (await reportOf(customer.cookie, campaign.id)).send_time_optimisation as StoReport;
    // A minute after the start (an open within seconds of delivery is a machine's): 2 of the
    // holdout open; a privacy proxy fetches one more holdout message's pixel, which no rate counts.
    await moveTo(1 / 60);
    for (const email of holdout.slice(0, 2)) await open(email);
    await open(holdout[5]!, 'Mozilla/5.0');
    await eventually(async () => (await query(`select 1 from campaign_opens where campaign_id = $1::uuid`, [campaign.id])).length === 3 || undefined, { what: 'opens written' });
    // Nothing has had its 24 hours: no rates yet, every message maturing.
    const early = await sto();
    expect(early.holdout).toMatchObject({ recipients: 10, sent: 10, measured: 0, human_opens: 0, human_open_rate: null });
    expect(early.optimised).toMatchObject({ recipients: 10, sent: 0, measured: 0 });
    expect(early.maturing).toBe(20);
    expect(early.lift.human_open_rate).toBeNull();

    // The best-time group goes 6 hours in; a minute later 6 of them open (2 also click).
    await moveTo(6);
    await run();
    await moveTo(6 + 1 / 60);
    for (const email of optimised.slice(0, 6)) await open(email);
    for (const email of optimised.slice(0, 2)) await hit(accounts, clickIn(accounts.smtp.messagesTo(email)[0]!.html));
    // A day and an hour in, 2 more of the holdout open: after its 24 hours, so not counted, as the
    // best-time group's opens after theirs would not be.
    await moveTo(25);
    for (const email of holdout.slice(2, 4)) await open(email);
    await eventually(async () => (await query(`select 1 from campaign_opens where campaign_id = $1::uuid`, [campaign.id])).length === 11 || undefined, { what: 'opens written' });
    // Clicks are written in the background like opens: the report reads them once they are stored.
    await eventually(async () => (await query(`select 1 from campaign_clicks where campaign_id = $1::uuid`, [campaign.id])).length === 2 || undefined, { what: 'clicks written' });
    // The holdout is measured, the best-time group not yet: no lift from unequal spans.
    const half = await sto();
    expect(half.holdout).toMatchObject({ sent: 10, measured: 10, human_opens: 2, clicks: 0 });
    expect(half.optimised).toMatchObject({ sent: 10, measured: 0, human_opens: 0, human_open_rate: null });
    expect(half.maturing).toBe(10);
    expect(half.lift.human_open_rate).toBeNull();

    await moveTo(30);
    const report = await sto();
    expect(report.settings).toEqual({ window_hours: 24, explore_percent: 0, holdout_percent: 50 });
    expect(report.maturing).toBe(0);
    expect(report.optimised).toMatchObject({ recipients: 10, sent: 10, measured: 10, human_opens: 6, clicks: 2 });
    expect(report.holdout).toMatchObject({ recipients: 10, sent: 10, measured: 10, human_opens: 2, clicks: 0 });
    expect(report.explore).toEqual({ recipients: 0, sent: 0, measured: 0, human_opens: 0, clicks: 0, human_open_rate: null, click_rate: null });
    expect(report.optimised.human_open_rate).toEqual(rateInterval(6, 10));
    expect(report.holdout.click_rate).toEqual(rateInterval(0, 10));
    expect(report.lift.human_open_rate!.estimate).toBeCloseTo(0.4, 10);
    expect(report.lift.human_open_rate).toEqual(differenceInterval(rateInterval(6, 10), rateInterval(2, 10)));
    // Small groups: the interval is wide, and here still includes no lift at all.
    expect(report.lift.human_open_rate!.low).toBeLessThan(0.05);
    expect(report.lift.human_open_rate!.high).toBeGreaterThan(0.6);

    // A campaign sent without it has no such part.
    const plain = await createAndSend(accounts, customer.cookie, draft(audience.list, { name: 'Plain' }));
    await run();
    expect((await reportOf(customer.cookie, plain.id)).send_time_optimisation).toBeNull();
  });
});

describe('send-time optimisation with an A/B test', () => {
  it('sends the test group at the start and the rest at each person’s best time after the decision', async () => {
    const audience = await abAudience(accounts, 38);
    const { customer } = audience;
    const start = accounts.now();
    await storeAudienceHour(accounts, customer.customerId, hourOfDay(start, 6));
    const campaign = await createAndSend(
      accounts,
      customer.cookie,
      subjectTest(audience.list, ['Subject B'], { test_share: 50, wait_minutes: 60 }, { send_time_optimisation: { explore_percent: 0, holdout_percent: 0 } }),
    );
    await run();
    const first = await rowsOf(campaign.id);
    expect(first.filter((row) => row.status === 'sent')).toHaveLength(20);
    expect(first.every((row) => row.sto_group === 0)).toBe(true);
    expect(first.filter((row) => row.status === 'held')).toHaveLength(20);

    // No opens: at the deadline, no winner, and the rest is released to their best time after it.
    await accounts.advanceInUse(HOUR, customer.cookie);
    await run();
    const decidedAt = accounts.now().getTime();
    const rest = (await rowsOf(campaign.id)).filter((row) => row.status === 'pending');
    expect(rest).toHaveLength(20);
    expect(rest.every((row) => row.sto_group === 1 && row.next_attempt_at.getTime() === start.getTime() + 6 * HOUR)).toBe(true);
    expect(start.getTime() + 6 * HOUR).toBeGreaterThan(decidedAt);
    await accounts.advanceInUse(5 * HOUR, customer.cookie);
    await run();
    expect((await campaignOf(customer.cookie, campaign.id)).messages).toMatchObject({ sent: 40, pending: 0 });
  });
});
