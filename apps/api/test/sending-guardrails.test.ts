import { DELIVERABILITY_TEXTS } from '@postlark/shared/deliverability';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/client';
import { smtpCampaignTransport } from '../src/modules/campaigns/campaign-transport';
import { recordBounce } from '../src/modules/campaigns/bounces.repository';
import type { GuardrailSettings } from '../src/modules/deliverability/guardrail-settings';
import { GUARD_CHECK_MS, sendingGuard } from '../src/modules/deliverability/sending-guard';
import { APP_URL } from './support/accounts';
import { useAccountsApp } from './support/accounts-app';
import { eventually } from './support/eventually';
import { emailStep, flowCustomer, personEmail, useFlowEngine } from './support/flows';
import { bulkAudience, CAMPAIGNS, draft, engine } from './support/campaigns';
import { startTestSmtpServer, type TestSmtpServer } from './support/smtp-server';

// Issue 32, point 6: the guardrails with the tests' clock. Hard bounces over the share of a
// campaign's first messages, or complaints over the share of a week's, pause the account's
// sending (its campaigns and automation emails wait) with the reason on Home, in a notification,
// by email and on the Deliverability page; the customer lifts a first pause, support a second.
// A warm-up gives each day only its volume, the most engaged readers first.

// The app's settings as the guard's below, so the Deliverability page reads the same rules.
const accounts = useAccountsApp({
  CAMPAIGN_MESSAGES_PER_DAY: '100000',
  GUARD_HARD_BOUNCE_SAMPLE: '40',
  GUARD_HARD_BOUNCE_MINIMUM: '20',
  GUARD_COMPLAINT_MINIMUM: '30',
  WARMUP_DAILY_LIMITS: '4,12',
});
const flows = useFlowEngine(accounts);
const query = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) => rawQuery<T>(accounts.database.db, text, params);

const RULES: GuardrailSettings = {
  hardBounceShare: 0.05,
  hardBounceSample: 40,
  hardBounceMinimum: 20,
  complaintShare: 0.003,
  complaintWindowDays: 7,
  complaintMinimum: 30,
  // The first two tests send without a warm-up; the third with the app's.
  warmUpDailyLimits: [],
};

// The relay refuses the addresses in `dead` (550 5.1.1): hard bounces at send time.
const dead = new Set<string>();
let refusing: TestSmtpServer;
beforeAll(async () => {
  refusing = await startTestSmtpServer({ rejectRecipient: (address) => dead.has(address) });
});
afterAll(async () => {
  await refusing?.stop();
});

/** The engine with the guardrails, sending through the refusing relay. */
async function guardedEngine(rules: GuardrailSettings) {
  const sender = await engine(accounts, { batchSize: 100 });
  sender.deps.transport = smtpCampaignTransport(refusing.url, { connections: 2 });
  sender.deps.guard = sendingGuard({ db: accounts.database.db, now: accounts.now, mail: accounts.mail, appUrl: APP_URL, settings: rules, log: { warn: () => {} } });
  return sender;
}

async function startCampaign(cookie: string, list: string, name: string) {
  const campaign = (await accounts.call('POST', CAMPAIGNS, cookie, draft(list, { name }))).json().payload.campaign as { id: string };
  const started = await accounts.call('POST', `${CAMPAIGNS}/${campaign.id}/send`, cookie);
  return { id: campaign.id, started };
}

const sentCount = async (campaignId: string) =>
  Number((await query<{ n: number }>(`select count(*)::int as n from campaign_messages where campaign_id = $1::uuid and status = 'sent'`, [campaignId]))[0]!.n);

describe('sending guardrails', () => {
  it('pauses an account whose campaign bounces hard past the share, tells the customer everywhere, and lets them lift a first pause only', async () => {
    const domain = `guard-hard-${process.pid}.example`;
    const audience = await bulkAudience(accounts, 60, domain);
    const { customer, list } = audience;
    // Four of the first forty are addresses that do not exist (10% > 5%).
    for (const n of [3, 9, 15, 21]) dead.add(`reader${n}@${domain}`);
    const first = await startCampaign(customer.cookie, list, 'Imported list');
    expect(first.started.statusCode).toBe(200);
    const sender = await guardedEngine(RULES);
    try {
      await sender.run();
      expect(await sentCount(first.id)).toBe(56);
      // Nothing is judged again until the guard's minute has passed for this account.
      const second = await startCampaign(customer.cookie, list, 'Next week');
      accounts.advance(GUARD_CHECK_MS + 1_000);
      await sender.run();
      expect(await sentCount(second.id)).toBe(0);

      const reason = DELIVERABILITY_TEXTS.pausedForHardBounces('Imported list', 4 / 40, 40);
      const campaign = (await accounts.call('GET', `${CAMPAIGNS}/${second.id}`, customer.cookie)).json().payload.campaign;
      expect(campaign.status).toBe('paused');
      expect(campaign.paused_reason).toBe(reason);
      const home = (await accounts.call('GET', 'home/v1/overview', customer.cookie)).json().payload;
      expect(home.sending_paused).toMatchObject({ reason, next_steps: DELIVERABILITY_TEXTS.nextSteps['hard-bounces'] });
      const notifications = (await accounts.call('GET', 'home/v1/notifications', customer.cookie)).json().payload.notifications as { title: string; link: string }[];
      expect(notifications[0]).toMatchObject({ title: 'Your sending is paused', link: '/dashboard/deliverability' });
      const email = await eventually(() => accounts.smtp.messagesTo(customer.email).find((message) => message.subject === 'Your sending is paused: what to do next'));
      expect(email.text).toContain(reason);

      // Nothing new starts or resumes while paused.
      const refused = await accounts.call('POST', `${CAMPAIGNS}/${second.id}/resume`, customer.cookie);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().payload.message).toBe(DELIVERABILITY_TEXTS.accountPaused(reason));
      const third = await startCampaign(customer.cookie, list, 'Third');
      expect(third.started.statusCode).toBe(409);

      const page = (await accounts.call('GET', 'deliverability/v1/overview', customer.cookie)).json().payload;
      expect(page.sending.paused).toMatchObject({ rule: 'hard-bounces', reason, campaign_id: first.id, can_resume: true });
      // The counters: 60 sent, 4 of them refused as dead, all at "other" providers, today.
      const today = accounts.now().toISOString().slice(0, 10);
      expect(page.counts).toEqual([{ date: today, provider: 'other', sent: 60, hard: 4, soft: 0, complaints: 0, refusals: 0 }]);

      // The customer lifts it; the campaign they resume then sends, judged only on what goes after the lift.
      const lifted = await accounts.call('POST', 'deliverability/v1/resume', customer.cookie);
      expect(lifted.json().payload.message).toBe(DELIVERABILITY_TEXTS.resumed);
      expect((await accounts.call('POST', `${CAMPAIGNS}/${second.id}/resume`, customer.cookie)).statusCode).toBe(200);
      accounts.advance(GUARD_CHECK_MS + 1_000);
      await sender.run();
      // Its dead addresses were suppressed by the first campaign's bounces: none is offered again.
      expect(await sentCount(second.id)).toBe(56);
      expect((await accounts.call('GET', 'home/v1/overview', customer.cookie)).json().payload.sending_paused).toBeNull();

      // A second pause within 30 days: support lifts it, not the customer.
      // Three more addresses die: 3 of the next campaign's first 40 (7.5%).
      for (const n of [4, 5, 6]) dead.add(`reader${n}@${domain}`);
      const fourth = await startCampaign(customer.cookie, list, 'Fourth');
      await sender.run();
      expect(await sentCount(fourth.id)).toBe(53);
      // The rules are judged before the account's next turn: the fifth campaign sends nothing.
      accounts.advance(GUARD_CHECK_MS + 1_000);
      const fifth = await startCampaign(customer.cookie, list, 'Fifth');
      await sender.run();
      expect(await sentCount(fifth.id)).toBe(0);
      const again = (await accounts.call('GET', 'deliverability/v1/overview', customer.cookie)).json().payload.sending.paused;
      expect(again).toMatchObject({ rule: 'hard-bounces', campaign_id: fourth.id, can_resume: false });
      const bySupport = await accounts.call('POST', 'deliverability/v1/resume', customer.cookie);
      expect(bySupport.statusCode).toBe(403);
      expect(bySupport.json().payload.message).toBe(DELIVERABILITY_TEXTS.resumeBySupport);
    } finally {
      await sender.close();
    }
  });

  it('pauses on complaints over the share of the last week, and not below it', async () => {
    const domain = `guard-complaints-${process.pid}.example`;
    const { customer, list } = await bulkAudience(accounts, 40, domain);
    const first = await startCampaign(customer.cookie, list, 'Weekly');
    const sender = await guardedEngine(RULES);
    try {
      await sender.run();
      expect(await sentCount(first.id)).toBe(40);
      const readers = await query<{ id: string }>(`select subscriber_id as id from campaign_messages where campaign_id = $1::uuid order by id limit 1`, [first.id]);
      // One complaint in 40 messages (2.5% > 0.3%), reported a day later.
      accounts.advance(86_400_000);
      await recordBounce(accounts.database.db, { subscriberId: readers[0]!.id, campaignId: first.id, kind: 'complaint', source: 'inbound', detail: 'abuse report', at: accounts.now() });
      const second = await startCampaign(customer.cookie, list, 'Weekly 2');
      await sender.run();
      expect(await sentCount(second.id)).toBe(0);
      const page = (await accounts.call('GET', 'deliverability/v1/overview', customer.cookie)).json().payload;
      expect(page.sending.paused).toMatchObject({ rule: 'complaints', reason: DELIVERABILITY_TEXTS.pausedForComplaints(1 / 40, 7) });
      expect(page.sending.complaints).toMatchObject({ sent: 40, complaints: 1, rate: 1 / 40 });
      // Eight days later the complaint has left the window; lifted, the account sends.
      await accounts.advanceInUse(8 * 86_400_000, customer.cookie);
      expect((await accounts.call('POST', 'deliverability/v1/resume', customer.cookie)).statusCode).toBe(200);
      expect((await accounts.call('POST', `${CAMPAIGNS}/${second.id}/resume`, customer.cookie)).statusCode).toBe(200);
      await sender.run();
      expect(await sentCount(second.id)).toBe(39);
    } finally {
      await sender.close();
    }
  });

  it('warms a new account up: each day its volume, the most engaged readers first', async () => {
    const domain = `guard-warm-${process.pid}.example`;
    const { customer, list } = await bulkAudience(accounts, 30, domain);
    // Ten readers with an engagement score, the highest on reader30.
    await query(
      `insert into subscriber_insights (subscriber_id, customer_id, purchases, engagement, updated_at)
       select id, customer_id, null, jsonb_build_object('score', (substring(email from 'reader([0-9]+)@'))::int / 100.0, 'band', 'high', 'reasons', '[]'::jsonb), now()
       from subscribers where customer_id = $1::uuid and (substring(email from 'reader([0-9]+)@'))::int > 20`,
      [customer.customerId],
    );
    const campaign = await startCampaign(customer.cookie, list, 'First ever');
    const sender = await guardedEngine({ ...RULES, warmUpDailyLimits: accounts.config.WARMUP_DAILY_LIMITS });
    try {
      await sender.run();
      await sender.run();
      const firstDay = await query<{ email: string }>(`select email from campaign_messages where campaign_id = $1::uuid and status = 'sent' order by email`, [campaign.id]);
      expect(firstDay.map((row) => row.email)).toEqual([27, 28, 29, 30].map((n) => `reader${n}@${domain}`));
      const page = (await accounts.call('GET', 'deliverability/v1/overview', customer.cookie)).json().payload;
      expect(page.sending.warm_up).toMatchObject({ day: 1, days: 2, limit: 4, used: 4, domain: null });

      // A day later: the second day's twelve, the next most engaged first.
      await accounts.advanceInUse(86_400_000 + 1_000, customer.cookie);
      await sender.run();
      await sender.run();
      expect(await sentCount(campaign.id)).toBe(16);
      // The six scored readers left, then six without a score, in the order they were added.
      const secondDay = await query<{ email: string }>(`select email from campaign_messages where campaign_id = $1::uuid and status = 'sent' and sent_at > $2::timestamptz`, [
        campaign.id,
        new Date(accounts.now().getTime() - 60_000).toISOString(),
      ]);
      expect(secondDay.map((row) => row.email).sort()).toEqual([1, 2, 3, 4, 5, 6, 21, 22, 23, 24, 25, 26].map((n) => `reader${n}@${domain}`).sort());
      // After the schedule, only the daily limit applies: the rest goes.
      await accounts.advanceInUse(86_400_000 + 1_000, customer.cookie);
      await sender.run();
      expect(await sentCount(campaign.id)).toBe(30);
      expect((await accounts.call('GET', 'deliverability/v1/overview', customer.cookie)).json().payload.sending.warm_up).toBeNull();
    } finally {
      await sender.close();
    }
  });

  it('holds a paused account\'s automation emails with the reason, and sends them once the pause is lifted', async () => {
    const customer = await flowCustomer(accounts);
    const person = personEmail('held');
    await customer.subscriber(person);
    const flowId = await customer.activeFlow('Welcome', { trigger: { type: 'event', event: 'joined' }, start: 'mail', steps: [emailStep('mail')] });
    const reason = DELIVERABILITY_TEXTS.pausedForComplaints(0.0052, 7);
    // A guardrail paused the account (the rule's own tests are above).
    await query(`insert into account_sending (customer_id, warmup_started_at, paused_at, pause_rule, pause_reason, pauses) values ($1::uuid, now(), now(), 'complaints', $2, 1)`, [
      customer.customerId,
      reason,
    ]);
    await customer.events([{ name: 'joined', email: person, id: 'joined-1' }]);
    await flows.drain();
    expect(accounts.smtp.messagesTo(person)).toHaveLength(0);
    const [run] = await customer.runs(flowId);
    expect(run!.notes[0]!.reason).toBe(`Deferred: ${reason}`);

    expect((await accounts.call('POST', 'deliverability/v1/resume', customer.cookie)).statusCode).toBe(200);
    accounts.advance(16 * 60_000);
    await flows.drain();
    expect(accounts.smtp.messagesTo(person)).toHaveLength(1);
  });
});
