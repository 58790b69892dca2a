import { AB_MESSAGES, type AbTestReport, type AbTestSummary } from '@postlark/shared/ab-tests';
import { CAMPAIGN_MESSAGES } from '@postlark/shared/campaigns';
import { describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/client';
import { useAccountsApp } from './support/accounts-app';
import { AB_TESTS, abAudience, clickIn, createAndSend, hit, pixelIn, subjectTest } from './support/ab-tests';
import { apiKeyFor, callWithKey } from './support/api-keys';
import { CAMPAIGNS, campaignRead, customerWithAudience, draft, reportRead, runEngine } from './support/campaigns';
import { eventually } from './support/eventually';

// Issue 20, points 1 to 3 and 5: A/B tests on campaigns, through the API and the sending engine
// against a real SMTP server on loopback, with the clock injected; opens and clicks come through
// the tracking endpoints, the engine's passes (and so its looks) are run one at a time.

const accounts = useAccountsApp();
const { call } = accounts;
const MINUTE = 60_000;

const run = (passes = 1) => runEngine(accounts, passes);
const campaignOf = (cookie: string, id: string) => campaignRead(accounts, cookie, id);
const reportOf = (cookie: string, id: string) => reportRead(accounts, cookie, id);

/** Each address's messages' subjects, in the order received. */
const subjectsTo = (emails: readonly string[]) => emails.map((email) => accounts.smtp.messagesTo(email).map((message) => message.subject));

/** Waits until the report's test figures show `opens` human unique opens in all (hits are written in batches). */
async function openedInReport(cookie: string, id: string, opens: number): Promise<AbTestReport> {
  return eventually(
    async () => {
      const test = (await reportOf(cookie, id)).ab_test as AbTestReport;
      return test.variants.reduce((sum, variant) => sum + variant.unique_opens, 0) === opens ? test : undefined;
    },
    { what: `${opens} opens written` },
  );
}

describe('A/B test settings', () => {
  it('are saved with the campaign, validated with clear messages, duplicated without results, and removed with null', async () => {
    const { customer, list } = await customerWithAudience(accounts);
    const bad = async (abTest: object) => {
      const answer = await call('POST', CAMPAIGNS, customer.cookie, draft(list, { ab_test: abTest }));
      expect(answer.statusCode).toBe(400);
      return answer.json().payload.message as string;
    };
    expect(await bad({ dimension: 'subject', variants: [{}] })).toBe(AB_MESSAGES.variantsCount);
    expect(await bad({ dimension: 'subject', variants: [{}, {}, {}, {}, {}] })).toBe(AB_MESSAGES.variantsCount);
    expect(await bad({ dimension: 'colour', variants: [{}, {}] })).toBe(AB_MESSAGES.dimensionInvalid);
    expect(await bad({ dimension: 'subject', metric: 'likes', variants: [{}, { subject: 'B' }] })).toBe(AB_MESSAGES.metricInvalid);
    expect(await bad({ dimension: 'subject', test_share: 2, variants: [{}, { subject: 'B' }] })).toBe(AB_MESSAGES.testShareInvalid);
    expect(await bad({ dimension: 'subject', test_share: 20.5, variants: [{}, { subject: 'B' }] })).toBe(AB_MESSAGES.testShareInvalid);
    expect(await bad({ dimension: 'subject', wait_minutes: 73 * 60, variants: [{}, { subject: 'B' }] })).toBe(AB_MESSAGES.waitInvalid);
    expect(await bad({ dimension: 'subject', variants: [{}, { preheader: 'B' }] })).toBe(AB_MESSAGES.variantFields);
    expect(await bad({ dimension: 'subject', variants: [{ subject: 'A' }, { subject: 'B' }] })).toBe(AB_MESSAGES.variantFields);
    expect(await bad({ dimension: 'send_time', variants: [{ send_delay_minutes: 30 }, { send_delay_minutes: 60 }] })).toBe(AB_MESSAGES.variantAOriginal);
    expect(await bad({ dimension: 'send_time', variants: [{}, { send_delay_minutes: 73 * 60 }] })).toBe(AB_MESSAGES.sendDelayInvalid);
    expect(await bad({ dimension: 'subject', variants: 'B' })).toBe(AB_MESSAGES.variantsCount);

    const created = await call('POST', CAMPAIGNS, customer.cookie, subjectTest(list, ['Subject B']));
    expect(created.statusCode).toBe(201);
    const campaign = created.json().payload.campaign;
    // The metric, share and wait default: opens for a subject test, 20%, 4 hours.
    expect(campaign.ab_test).toEqual({ dimension: 'subject', metric: 'open_rate', test_share: 20, wait_minutes: 240, variants: [{}, { subject: 'Subject B' }] });
    expect(campaign.ab_test_state).toMatchObject({ status: 'draft', winner: null, reason: AB_MESSAGES.reasonDraft, started_at: null });

    const content = { dimension: 'content', variants: [{}, { content_html: '<p>B</p>', content_text: null }] };
    const edited = (await call('PATCH', `${CAMPAIGNS}/${campaign.id}`, customer.cookie, { ab_test: content })).json().payload.campaign;
    expect(edited.ab_test).toMatchObject({ dimension: 'content', metric: 'click_rate' });
    // A save without ab_test leaves it as it is.
    expect((await call('PATCH', `${CAMPAIGNS}/${campaign.id}`, customer.cookie, { name: 'Renamed' })).json().payload.campaign.ab_test.dimension).toBe('content');
    expect((await campaignOf(customer.cookie, campaign.id)).ab_test.dimension).toBe('content');
    const listed = (await call('GET', CAMPAIGNS, customer.cookie)).json().payload.campaigns.find((item: { id: string }) => item.id === campaign.id);
    expect(listed.ab_test.dimension).toBe('content');

    const copy = (await call('POST', `${CAMPAIGNS}/${campaign.id}/duplicate`, customer.cookie)).json().payload.campaign;
    expect(copy.ab_test).toEqual(edited.ab_test);
    expect(copy.ab_test_state.status).toBe('draft');

    const removed = (await call('PATCH', `${CAMPAIGNS}/${campaign.id}`, customer.cookie, { ab_test: null })).json().payload.campaign;
    expect(removed.ab_test).toBeNull();
    expect(removed.ab_test_state).toBeNull();
    expect((await campaignOf(customer.cookie, copy.id)).ab_test.dimension).toBe('content');
  });

  it('refuses to send until every variant is complete, different and measurable, saying which', async () => {
    const { customer, list } = await customerWithAudience(accounts);
    const refusal = async (body: object) => {
      const campaign = (await call('POST', CAMPAIGNS, customer.cookie, body)).json().payload.campaign;
      const answer = await call('POST', `${CAMPAIGNS}/${campaign.id}/send`, customer.cookie);
      expect(answer.statusCode).toBe(400);
      expect((await campaignOf(customer.cookie, campaign.id)).status).toBe('draft');
      return answer.json().payload.errors.ab_test as string;
    };
    expect(await refusal(subjectTest(list, ['  ']))).toBe(AB_MESSAGES.variantEmpty('B', 'subject'));
    expect(await refusal(subjectTest(list, ['Other', 'Subject A']))).toBe(AB_MESSAGES.variantSame('C'));
    expect(await refusal(subjectTest(list, ['Hi {{ frist_name }}']))).toBe(AB_MESSAGES.variantMergeTags('B'));
    expect(await refusal(subjectTest(list, ['B'], { metric: 'revenue' }))).toBe(AB_MESSAGES.metricNeedsEvents);
    expect(await refusal(subjectTest(list, ['B'], {}, { tracking: false }))).toBe(AB_MESSAGES.clickNeedsTracking);
    expect(await refusal(draft(list, { ab_test: { dimension: 'send_time', variants: [{}, { send_delay_minutes: 0 }] } }))).toBe(AB_MESSAGES.variantSame('B'));
  });
});

describe('an A/B test of subjects', () => {
  it('sends a random, even test share with each variant’s subject, holds the rest, stops early on a clear winner and sends it to the rest once', async () => {
    const audience = await abAudience(accounts, 60);
    const { customer } = audience;
    const campaign = await createAndSend(accounts, customer.cookie, subjectTest(audience.list, ['Subject B'], { test_share: 50, wait_minutes: 120 }));
    await run();

    // 62 people, half of them tested: 15 per variant, the 32 others held.
    const first = await campaignOf(customer.cookie, campaign.id);
    expect(first.status).toBe('sending');
    expect(first.messages).toMatchObject({ sent: 30, held: 32, pending: 0 });
    expect(first.ab_test_state).toMatchObject({ status: 'testing', reason: AB_MESSAGES.reasonTesting, started_at: accounts.now().toISOString() });
    expect(first.ab_test_state.deadline_at).toBe(new Date(accounts.now().getTime() + 120 * MINUTE).toISOString());
    const rows = await rawQuery<{ variant: number; status: string; n: number }>(
      accounts.database.db,
      'select variant, status, count(*)::int as n from campaign_messages where campaign_id = $1 group by variant, status order by variant, status',
      [campaign.id],
    );
    expect(rows).toEqual([
      { variant: 0, status: 'held', n: 32 },
      { variant: 0, status: 'sent', n: 15 },
      { variant: 1, status: 'sent', n: 15 },
    ]);

    await eventually(() => (accounts.smtp.messages.filter((message) => audience.emails.includes(message.envelope.to[0]!)).length === 30 ? true : undefined), { what: '30 messages' });
    const received = subjectsTo(audience.emails);
    const tested = audience.emails.filter((_, index) => received[index]!.length > 0);
    const byVariant = (subject: string) => tested.filter((email) => accounts.smtp.messagesTo(email)[0]!.subject === subject);
    const [groupA, groupB] = [byVariant('Subject A'), byVariant('Subject B')];
    expect([groupA.length, groupB.length]).toEqual([15, 15]);

    // Opens a minute after delivery (sooner is a machine's): 14 of B's readers, 1 of A's; and a
    // privacy proxy fetching A's images, which counts for no one.
    accounts.advance(MINUTE);
    const pixel = (email: string) => pixelIn(accounts.smtp.messagesTo(email)[0]!.html);
    for (const email of [...groupB.slice(0, 14), groupA[0]!]) expect((await hit(accounts, pixel(email))).statusCode).toBe(200);
    expect((await hit(accounts, pixel(groupA[1]!), 'Mozilla/5.0')).statusCode).toBe(200);
    await openedInReport(customer.cookie, campaign.id, 15);

    // The first look, 5 minutes in: B is clearly better; the rest are released to B in the same step.
    accounts.advance(4 * MINUTE);
    await run();
    const decided = await campaignOf(customer.cookie, campaign.id);
    expect(decided.ab_test_state).toMatchObject({ status: 'winner', winner: 1, decided_at: accounts.now().toISOString(), rest_send_at: accounts.now().toISOString() });
    expect(decided.ab_test_state.reason).toBe(AB_MESSAGES.reasonWinner('B', 'open_rate', decided.ab_test_state.lift));
    expect(decided.ab_test_state.lift).toBeCloseTo(13, 5);
    expect(decided.messages).toMatchObject({ held: 0, sent: 62 });
    expect(decided.status).toBe('sent');
    await run(2);

    // Everyone got exactly one message: the tested their variant, the rest B's subject.
    await eventually(() => (accounts.smtp.messages.filter((message) => audience.emails.includes(message.envelope.to[0]!)).length === 62 ? true : undefined), { what: '62 messages' });
    const rest = audience.emails.filter((email) => !tested.includes(email));
    expect(rest).toHaveLength(32);
    expect(subjectsTo(rest)).toEqual(rest.map(() => ['Subject B']));
    expect(subjectsTo(groupA)).toEqual(groupA.map(() => ['Subject A']));
    expect(subjectsTo(groupB)).toEqual(groupB.map(() => ['Subject B']));

    // The report: the test group's figures per variant with intervals, the decision and why.
    const report = await reportOf(customer.cookie, campaign.id);
    expect(report.totals).toMatchObject({ recipients: 62, sent: 62, held: 0 });
    const test = report.ab_test as AbTestReport;
    expect(test).toMatchObject({ status: 'winner', winner: 1, machine_open_share: 1 / 16, machine_open_warning: false });
    expect(test.variants.map((variant) => [variant.label, variant.value, variant.recipients, variant.sent, variant.unique_opens, variant.machine_opens])).toEqual([
      ['A', 'Subject A', 15, 15, 1, 1],
      ['B', 'Subject B', 15, 15, 14, 0],
    ]);
    expect(test.variants[1]!.open_rate!.estimate).toBeCloseTo(14 / 15, 10);
    expect(test.variants[1]!.open_rate!.low).toBeGreaterThan(test.variants[0]!.open_rate!.high);
    expect(test.variants[0]!.click_rate).toEqual({ estimate: 0, low: 0, high: expect.any(Number) });
    expect(test.looks).toHaveLength(1);
    expect(test.looks[0]).toMatchObject({ at: accounts.now().toISOString(), boundary_crossed: true, leader: 1 });

    // The A/B tests page: the customer's own only.
    const tests = (await call('GET', AB_TESTS, customer.cookie)).json().payload.tests as AbTestSummary[];
    expect(tests).toEqual([
      {
        id: campaign.id,
        kind: 'campaign',
        name: 'November news',
        flow_id: null,
        link: `/dashboard/reports/${campaign.id}`,
        dimension: 'subject',
        metric: 'open_rate',
        variants: 2,
        status: 'winner',
        started_at: first.ab_test_state.started_at,
        decided_at: decided.ab_test_state.decided_at,
        winner_label: 'B',
        lift: decided.ab_test_state.lift,
        platform: null,
      },
    ]);
    expect((await call('GET', `${AB_TESTS}?status=winner`, customer.cookie)).json().payload.tests).toHaveLength(1);
    expect((await call('GET', `${AB_TESTS}?status=testing`, customer.cookie)).json().payload.tests).toEqual([]);
    const badStatus = await call('GET', `${AB_TESTS}?status=won`, customer.cookie);
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().payload.message).toBe(AB_MESSAGES.statusInvalid);
    const other = await accounts.signedInCustomer();
    expect((await call('GET', AB_TESTS, other.cookie)).json().payload.tests).toEqual([]);
    expect((await call('GET', `${CAMPAIGNS}/${campaign.id}/report`, other.cookie)).statusCode).toBe(404);
    expect((await call('GET', AB_TESTS)).statusCode).toBe(401);
    // Started, the test is the campaign's and no longer changes.
    expect((await call('PATCH', `${CAMPAIGNS}/${campaign.id}`, customer.cookie, { ab_test: null })).json().payload.message).toBe(CAMPAIGN_MESSAGES.notEditable);
  });

  it('with no clear winner at the deadline sends the original (A) to the rest, and says so with the intervals', async () => {
    const audience = await abAudience(accounts, 10);
    const { customer } = audience;
    const campaign = await createAndSend(accounts, customer.cookie, subjectTest(audience.list, ['Subject B', 'Subject C'], { test_share: 50, wait_minutes: 30 }));
    await run();
    // 12 people, half tested: 2 per variant, 6 held.
    expect((await campaignOf(customer.cookie, campaign.id)).messages).toMatchObject({ sent: 6, held: 6 });
    const started = accounts.now().getTime();
    // Only privacy proxies fetch the images: no person's open, and a warning that opens are blurred.
    const tested = audience.emails.filter((email) => accounts.smtp.messagesTo(email).length > 0);
    for (const email of tested.slice(0, 3)) expect((await hit(accounts, pixelIn(accounts.smtp.messagesTo(email)[0]!.html), 'Mozilla/5.0')).statusCode).toBe(200);
    const blurred = await eventually(
      async () => {
        const test = (await reportOf(customer.cookie, campaign.id)).ab_test as AbTestReport;
        return test.variants.reduce((sum, variant) => sum + variant.machine_opens, 0) === 3 ? test : undefined;
      },
      { what: 'the machine opens written' },
    );
    expect(blurred).toMatchObject({ status: 'testing', machine_open_share: 1, machine_open_warning: true, reason: AB_MESSAGES.reasonTesting });

    // Looks every 5 minutes find nothing clear; the one at the deadline (30 minutes) decides no winner.
    for (let minutes = 5; minutes < 30; minutes += 5) {
      accounts.advance(5 * MINUTE);
      await run();
      expect((await campaignOf(customer.cookie, campaign.id)).ab_test_state.status).toBe('testing');
    }
    accounts.advance(5 * MINUTE);
    await run();
    const decided = await campaignOf(customer.cookie, campaign.id);
    expect(decided.ab_test_state).toMatchObject({ status: 'no_winner', winner: null, reason: AB_MESSAGES.reasonNoWinner, decided_at: new Date(started + 30 * MINUTE).toISOString() });
    await run(2);
    expect((await campaignOf(customer.cookie, campaign.id)).status).toBe('sent');

    await eventually(() => (accounts.smtp.messages.filter((message) => audience.emails.includes(message.envelope.to[0]!)).length === 12 ? true : undefined), { what: '12 messages' });
    const received = subjectsTo(audience.emails);
    expect(received.every((subjects) => subjects.length === 1)).toBe(true);
    const counts = received.flat().reduce<Record<string, number>>((all, subject) => ({ ...all, [subject]: (all[subject] ?? 0) + 1 }), {});
    expect(counts).toEqual({ 'Subject A': 8, 'Subject B': 2, 'Subject C': 2 });

    const test = (await reportOf(customer.cookie, campaign.id)).ab_test as AbTestReport;
    expect(test.status).toBe('no_winner');
    expect(test.variants.map((variant) => variant.recipients)).toEqual([2, 2, 2]);
    for (const variant of test.variants) expect(variant.open_rate).toEqual({ estimate: 0, low: 0, high: expect.any(Number) });
    expect(test.looks.length).toBeGreaterThanOrEqual(1);
    expect(test.looks.at(-1)!.at).toBe(new Date(started + 30 * MINUTE).toISOString());
    expect((await call('GET', `${AB_TESTS}?status=no_winner`, customer.cookie)).json().payload.tests.map((item: AbTestSummary) => item.id)).toEqual([campaign.id]);
  });
});

describe('an A/B test of content', () => {
  it('sends each variant its own content with its own tracked links, counts clicks per variant, and has no rest at 100%', async () => {
    const audience = await abAudience(accounts, 2);
    const { customer } = audience;
    const body = draft(audience.list, {
      content_html: '<p>Plain A <a href="https://lark.example/a">Offer A</a></p>',
      ab_test: { dimension: 'content', test_share: 100, variants: [{}, { content_html: '<p>Bold B <a href="https://lark.example/b">Offer B</a></p>', content_text: null }] },
    });
    const campaign = await createAndSend(accounts, customer.cookie, body);
    await run();
    expect((await campaignOf(customer.cookie, campaign.id)).messages).toMatchObject({ sent: 4, held: 0 });
    await eventually(() => (audience.emails.every((email) => accounts.smtp.messagesTo(email).length === 1) ? true : undefined), { what: '4 messages' });
    const messages = audience.emails.map((email) => accounts.smtp.messagesTo(email)[0]!);
    const withB = messages.filter((message) => message.html.includes('Bold B'));
    const withA = messages.filter((message) => message.html.includes('Plain A'));
    expect([withA.length, withB.length]).toEqual([2, 2]);
    expect(withB[0]!.text).toContain('Bold B');

    accounts.advance(MINUTE);
    const followed = await hit(accounts, clickIn(withB[0]!.html));
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe('https://lark.example/b');
    const report = await eventually(async () => {
      const answer = await reportOf(customer.cookie, campaign.id);
      return answer.totals.clicks === 1 ? answer : undefined;
    }, { what: 'the click written' });
    expect(report.links).toEqual([{ url: 'https://lark.example/b', clicks: 1, unique_clicks: 1 }]);
    expect((report.ab_test as AbTestReport).variants.map((variant) => [variant.value, variant.unique_clicks])).toEqual([
      ['Content A', 0],
      ['Content B', 1],
    ]);
    expect((report.ab_test as AbTestReport).settings.metric).toBe('click_rate');
  });
});

describe('an A/B test of send times', () => {
  it('sends each variant after its delay and compares them over the same time since each one’s send', async () => {
    const audience = await abAudience(accounts, 2);
    const { customer } = audience;
    const body = draft(audience.list, { ab_test: { dimension: 'send_time', test_share: 100, wait_minutes: 30, variants: [{}, { send_delay_minutes: 60 }] } });
    const campaign = await createAndSend(accounts, customer.cookie, body);
    const started = accounts.now().getTime();
    await run();
    expect((await campaignOf(customer.cookie, campaign.id)).messages).toMatchObject({ sent: 2, pending: 2 });
    accounts.advance(59 * MINUTE);
    await run();
    expect((await campaignOf(customer.cookie, campaign.id)).messages).toMatchObject({ sent: 2, pending: 2 });
    accounts.advance(MINUTE);
    await run();
    const sent = await campaignOf(customer.cookie, campaign.id);
    expect(sent.messages).toMatchObject({ sent: 4, pending: 0 });
    // The deadline: the last variant's send and the wait after it.
    expect(sent.ab_test_state.deadline_at).toBe(new Date(started + 90 * MINUTE).toISOString());
    const report = (await reportOf(customer.cookie, campaign.id)).ab_test as AbTestReport;
    expect(report.variants.map((variant) => [variant.value, variant.sent])).toEqual([
      ['At the send time', 2],
      ['+1 h', 2],
    ]);
  });
});

describe('an A/B test of revenue per recipient', () => {
  it('counts each variant’s order_placed value after its messages, in the account’s most common currency', async () => {
    const audience = await abAudience(accounts, 8);
    const { customer } = audience;
    const key = await apiKeyFor(accounts, customer.cookie);
    const orders = async (events: object[]) => expect((await callWithKey(accounts, key, 'POST', 'events', { events })).statusCode).toBe(202);
    // An order before the campaign: the account has orders, so revenue may be the metric.
    await orders([{ name: 'order_placed', email: audience.ada, id: 'before', value: 500, currency: 'EUR', properties: { order_id: 'before' } }]);
    const campaign = await createAndSend(accounts, customer.cookie, subjectTest(audience.list, ['Subject B'], { metric: 'revenue', test_share: 100, wait_minutes: 30 }));
    await run();
    await eventually(() => (audience.emails.every((email) => accounts.smtp.messagesTo(email).length === 1) ? true : undefined), { what: '10 messages' });
    const group = (subject: string) => audience.emails.filter((email) => accounts.smtp.messagesTo(email)[0]!.subject === subject);
    const [groupA, groupB] = [group('Subject A'), group('Subject B')];
    expect([groupA.length, groupB.length]).toEqual([5, 5]);

    accounts.advance(MINUTE);
    await orders([
      { name: 'order_placed', email: groupA[0], id: 'a1', value: 20, currency: 'EUR', properties: { order_id: 'a1' } },
      { name: 'order_placed', email: groupB[0], id: 'b1', value: 30, currency: 'EUR', properties: { order_id: 'b1' } },
      { name: 'order_placed', email: groupB[1], id: 'b2', value: 50, currency: 'EUR', properties: { order_id: 'b2' } },
      // Another currency is left out rather than added to euros.
      { name: 'order_placed', email: groupB[2], id: 'b3', value: 1000, currency: 'USD', properties: { order_id: 'b3' } },
    ]);
    const test = (await reportOf(customer.cookie, campaign.id)).ab_test as AbTestReport;
    expect(test.variants.map((variant) => [variant.label, variant.revenue, variant.currency])).toEqual([
      ['A', 20, 'EUR'],
      ['B', 80, 'EUR'],
    ]);
    expect(test.variants[1]!.revenue_per_recipient!.estimate).toBeCloseTo(16, 10);
    expect(test.variants[0]!.revenue_per_recipient!.estimate).toBeCloseTo(4, 10);
    expect(test.reason).toBe(`${AB_MESSAGES.reasonTesting} ${AB_MESSAGES.revenueCurrency('EUR')}`);
  });
});

describe('a cancelled campaign’s A/B test', () => {
  it('ends undecided and sends the held rest nothing', async () => {
    const audience = await abAudience(accounts, 10);
    const { customer } = audience;
    const campaign = await createAndSend(accounts, customer.cookie, subjectTest(audience.list, ['Subject B'], { test_share: 50, wait_minutes: 30 }));
    await run();
    expect((await call('POST', `${CAMPAIGNS}/${campaign.id}/cancel`, customer.cookie)).statusCode).toBe(200);
    accounts.advance(5 * MINUTE);
    await run();
    const shown = await campaignOf(customer.cookie, campaign.id);
    expect(shown.ab_test_state).toMatchObject({ status: 'cancelled', reason: AB_MESSAGES.reasonCancelled, winner: null });
    expect(shown.messages).toMatchObject({ sent: 6, held: 6 });
    accounts.advance(30 * MINUTE);
    await run();
    expect((await campaignOf(customer.cookie, campaign.id)).messages).toMatchObject({ sent: 6, held: 6 });
    expect((await call('GET', `${AB_TESTS}?status=cancelled`, customer.cookie)).json().payload.tests.map((test: AbTestSummary) => test.id)).toEqual([campaign.id]);
  });
});
