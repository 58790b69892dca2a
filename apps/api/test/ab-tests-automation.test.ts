import { AB_MESSAGES, type AbTestSummary } from '@postlark/shared/ab-tests';
import { describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/client';
import { useAccountsApp } from './support/accounts-app';
import { AB_TESTS, hit, pixelIn } from './support/ab-tests';
import { engine } from './support/campaigns';
import { eventually } from './support/eventually';
import { emailStep, FLOWS, flowCustomer, personEmail, useFlowEngine } from './support/flows';

// Issue 20, point 4: an automation's email step with variants. Everyone passing through gets a
// random variant until the test is decided (the sending engine's looks, every 5 minutes of the
// test's clock); then everyone gets the winner, or A when the deadline finds none.

const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000' });
const flows = useFlowEngine(accounts);
const MINUTE = 60_000;

/** One pass of the campaign engine: its A/B test looks. */
async function look() {
  const sender = await engine(accounts);
  try {
    await sender.run();
  } finally {
    await sender.close();
  }
}

async function setUp(name: string, abTest: object) {
  const customer = await flowCustomer(accounts);
  const flowId = await customer.activeFlow(name, {
    trigger: { type: 'event', event: 'visited', filters: [] },
    start: 'hello',
    steps: [emailStep('hello', null, { subject: 'Subject A', ab_test: abTest })],
  });
  /** `count` new people visit; the flow engine sends them the step's email. */
  async function passThrough(count: number): Promise<string[]> {
    const emails = Array.from({ length: count }, () => personEmail(name.toLowerCase()));
    for (const email of emails) await customer.subscriber(email);
    await customer.events(emails.map((email, index) => ({ name: 'visited', email, id: `${email}-${index}` })));
    await flows.drain();
    await eventually(() => (emails.every((email) => accounts.smtp.messagesTo(email).length === 1) ? true : undefined), { what: `${count} emails` });
    return emails;
  }
  const testOf = async () => ((await accounts.call('GET', AB_TESTS, customer.cookie)).json().payload.tests as AbTestSummary[]).find((test) => test.flow_id === flowId)!;
  return { customer, flowId, passThrough, testOf };
}

const subjectOf = (email: string) => accounts.smtp.messagesTo(email)[0]!.subject;

describe('an A/B test in an automation email step', () => {
  it('gives each person a random variant until one clearly wins, then everyone the winner', async () => {
    const { customer, flowId, passThrough, testOf } = await setUp('Welcome', { dimension: 'subject', wait_minutes: 60, variants: [{}, { subject: 'Subject B' }] });
    expect((await testOf()).status).toBe('draft');
    const first = await passThrough(24);
    const bySubject = (subject: string) => first.filter((email) => subjectOf(email) === subject);
    // At random: both variants went out (all 24 the same has a chance of 1 in 8 million).
    expect(bySubject('Subject A').length + bySubject('Subject B').length).toBe(24);
    expect(bySubject('Subject A').length).toBeGreaterThan(0);
    expect(bySubject('Subject B').length).toBeGreaterThan(0);
    const started = await testOf();
    expect(started).toMatchObject({ kind: 'automation', flow_id: flowId, link: `/dashboard/automations/${flowId}`, status: 'testing', variants: 2, metric: 'open_rate' });

    // Every B reader opens, no A reader does; the first look decides B.
    accounts.advance(MINUTE);
    for (const email of bySubject('Subject B')) expect((await hit(accounts, pixelIn(accounts.smtp.messagesTo(email)[0]!.html))).statusCode).toBe(200);
    // Hits are written in batches: the look comes once they are.
    const opens = bySubject('Subject B').length;
    await eventually(
      async () => {
        const [written] = await rawQuery<{ n: number }>(
          accounts.database.db,
          'select count(*)::int as n from campaign_opens o join flow_step_campaigns f on f.campaign_id = o.campaign_id where f.flow_id = $1::uuid and not o.machine',
          [flowId],
        );
        return written?.n === opens ? true : undefined;
      },
      { what: `${opens} opens written` },
    );
    accounts.advance(4 * MINUTE);
    await look();
    expect(await testOf()).toMatchObject({ status: 'winner', winner_label: 'B' });
    // The flow page reads the step's test from the flow's stats.
    const { steps } = await customer.stats(flowId);
    expect(steps[0].ab_test_state).toMatchObject({ status: 'winner', winner: 1, reason: expect.stringContaining('Variant B has a clearly higher open rate') });
    expect(steps[0].ab_test.variants.map((variant: { label: string; sent: number; unique_opens: number }) => [variant.label, variant.sent, variant.unique_opens])).toEqual([
      ['A', bySubject('Subject A').length, 0],
      ['B', opens, opens],
    ]);

    const after = await passThrough(6);
    expect(after.map(subjectOf)).toEqual(after.map(() => 'Subject B'));

    // The test taken off the step: its emails are the step's own again, and the decision stays on record.
    const saved = await accounts.call('PUT', `${FLOWS}/${flowId}`, customer.cookie, {
      name: 'Welcome',
      definition: { trigger: { type: 'event', event: 'visited', filters: [] }, start: 'hello', steps: [emailStep('hello', null, { subject: 'Subject A' })] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const plain = await passThrough(3);
    expect(plain.map(subjectOf)).toEqual(plain.map(() => 'Subject A'));
    expect((await testOf()).status).toBe('winner');
  });

  it('sends the original (A) to everyone after a deadline without a clear winner', async () => {
    const { passThrough, testOf } = await setUp('Nudge', { dimension: 'subject', wait_minutes: 30, variants: [{}, { subject: 'Subject B' }, { subject: 'Subject C' }] });
    await passThrough(6);
    for (let minutes = 5; minutes <= 30; minutes += 5) {
      accounts.advance(5 * MINUTE);
      await look();
    }
    const decided = await testOf();
    expect(decided).toMatchObject({ status: 'no_winner', winner_label: null });
    const after = await passThrough(4);
    expect(after.map(subjectOf)).toEqual(after.map(() => 'Subject A'));
    // Another customer sees none of it.
    expect((await accounts.call('GET', `${AB_TESTS}?status=no_winner`, (await accounts.signedInCustomer()).cookie)).json().payload.tests).toEqual([]);
  });

  it('refuses a send-time test in a step, with the message', async () => {
    const customer = await flowCustomer(accounts);
    const created = await accounts.call('POST', FLOWS, customer.cookie, {
      name: 'Timed',
      definition: {
        trigger: { type: 'event', event: 'visited', filters: [] },
        start: 'hello',
        steps: [emailStep('hello', null, { ab_test: { dimension: 'send_time', variants: [{}, { send_delay_minutes: 60 }] } })],
      },
    });
    expect(created.statusCode).toBe(400);
    expect(JSON.stringify(created.json().payload)).toContain(AB_MESSAGES.sendTimeInAutomation);
  });
});
