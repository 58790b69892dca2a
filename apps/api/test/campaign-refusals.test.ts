import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/client';
import { type SenderDeps, sendOnce, type SenderState } from '../src/modules/campaigns/campaign-sender';
import { smtpCampaignTransport } from '../src/modules/campaigns/campaign-transport';
import { useAccountsApp } from './support/accounts-app';
import { bulkAudience, CAMPAIGNS, campaignRead, customerWithAudience, draft, engine } from './support/campaigns';
import { type RefusingRelay, startRefusingRelay } from './support/refusing-relay';

// Issue 30, point 3: a relay's refusal of the sender is not a bounce of the readers. Campaigns sent
// by the engine, pass by pass on the test's clock, through a loopback relay that answers as Amazon
// SES, Postfix and busy receivers do.

const accounts = useAccountsApp();
const { call } = accounts;
const HOUR = 3_600_000;
const SES_REFUSAL = 'Message rejected: Email address is not verified. The following identities failed the check in region US-EAST-1: ada@acme.example';

let relay: RefusingRelay;
beforeAll(async () => {
  relay = await startRefusingRelay();
});
afterAll(async () => relay.stop());

/** The test's engine, relaying to the refusing relay; `pass` runs one pass with a state kept across passes. */
async function relayEngine(overrides: Partial<SenderDeps['settings']> = {}, extra: Partial<SenderDeps> = {}) {
  const base = await engine(accounts, overrides);
  const transport = smtpCampaignTransport(relay.url, { connections: 2 });
  const deps: SenderDeps = { ...base.deps, ...extra, transport };
  const state: SenderState = { relayDownUntil: 0 };
  return {
    pass: () => sendOnce(deps, async () => {}, state),
    async close() {
      await transport.close();
      await base.close();
    },
  };
}

async function startedCampaign(cookie: string, list: string) {
  const campaign = (await call('POST', CAMPAIGNS, cookie, draft(list))).json().payload.campaign as { id: string };
  expect((await call('POST', `${CAMPAIGNS}/${campaign.id}/send`, cookie)).statusCode).toBe(200);
  return campaign;
}

const query = <Row>(text: string, params: unknown[]) => rawQuery<Row>(accounts.database.db, text, params);
const bouncesOf = async (campaignId: string) => query<{ kind: string; source: string }>(`select kind, source from campaign_bounces where campaign_id = $1::uuid`, [campaignId]);
const statusesOf = async (customerId: string) =>
  (await query<{ email: string; status: string }>(`select email, status from subscribers where customer_id = $1::uuid order by email`, [customerId])).map((row) => row.status);
const suppressedCount = async (customerId: string) =>
  (await query<{ n: number }>(`select count(*)::int as n from suppressions where customer_id = $1::uuid`, [customerId]))[0]!.n;

describe('a relay refusing the sender', () => {
  it('bounces and suppresses no one: the campaign pauses with the relay’s words, the customer is told, and after resuming the rest goes', async () => {
    const { customer, list } = await bulkAudience(accounts, 12, `ses-${process.pid}.example`);
    const campaign = await startedCampaign(customer.cookie, list);
    relay.plan = { data: () => ({ code: 554, text: SES_REFUSAL }) };
    const sender = await relayEngine();
    try {
      expect(await sender.pass()).toBe(12);
      expect(relay.refusedData).toBeGreaterThanOrEqual(5);
      expect(relay.refusedData).toBeLessThan(12);
      expect(await bouncesOf(campaign.id)).toEqual([]);
      expect(await statusesOf(customer.customerId)).toEqual(Array(12).fill('active'));
      expect(await suppressedCount(customer.customerId)).toBe(0);

      // The campaign's page, through the API: paused, with what the relay said; nothing failed.
      const paused = await campaignRead(accounts, customer.cookie, campaign.id);
      expect(paused.status).toBe('paused');
      expect(paused.paused_reason).toContain(SES_REFUSAL);
      expect(paused.relay_error).toBeNull();
      expect(paused.messages).toMatchObject({ pending: 12, failed: 0, sent: 0 });
      const [notification] = (await call('GET', 'home/v1/notifications', customer.cookie)).json().payload.notifications;
      expect(notification).toMatchObject({ kind: 'campaign-paused-by-relay', title: 'A campaign was paused: the mail relay refused the sender' });

      // Nothing more is offered until the customer resumes.
      const refused = relay.refusedData;
      expect(await sender.pass()).toBe(0);
      expect(relay.refusedData).toBe(refused);

      relay.plan = {};
      const resumed = (await call('POST', `${CAMPAIGNS}/${campaign.id}/resume`, customer.cookie)).json().payload.campaign;
      expect(resumed).toMatchObject({ status: 'sending', paused_reason: null });
      expect(await sender.pass()).toBe(12);
    } finally {
      await sender.close();
    }
    expect(new Set(relay.accepted.filter((address) => address.endsWith(`@ses-${process.pid}.example`))).size).toBe(12);
    const done = await campaignRead(accounts, customer.cookie, campaign.id);
    expect(done).toMatchObject({ status: 'sent', paused_reason: null, messages: { sent: 12, failed: 0 } });
    expect(await bouncesOf(campaign.id)).toEqual([]);
  });

  it('bounces the one reader whose address the relay refuses at RCPT, and delivers the others', async () => {
    const { customer, list, ids, ada, nameless } = await customerWithAudience(accounts);
    const campaign = await startedCampaign(customer.cookie, list);
    relay.plan = { rcpt: (address) => (address === nameless ? { code: 550, text: `5.1.1 <${nameless}>: Recipient address rejected: User unknown` } : null) };
    const sender = await relayEngine();
    try {
      expect(await sender.pass()).toBe(2);
    } finally {
      await sender.close();
    }
    relay.plan = {};
    expect(relay.accepted).toContain(ada);
    expect(relay.accepted).not.toContain(nameless);
    expect(await bouncesOf(campaign.id)).toEqual([{ kind: 'hard', source: 'smtp' }]);
    const status = async (email: string) => (await call('GET', `audience/v1/subscribers/${ids[email]}`, customer.cookie)).json().payload.status;
    expect(await status(nameless)).toBe('bounced');
    expect(await status(ada)).toBe('active');
    expect(await suppressedCount(customer.customerId)).toBe(2); // the unsubscribed one, and the bounced one
    expect(await campaignRead(accounts, customer.cookie, campaign.id)).toMatchObject({ status: 'sent', messages: { sent: 1, failed: 1 } });
  });
});

describe('a relay asking to slow down, or failing for now', () => {
  it('fails nothing on a throttling answer: the claims pause, the relay budget is told, and the messages go later', async () => {
    const { customer, list, ada, nameless } = await customerWithAudience(accounts);
    const campaign = await startedCampaign(customer.cookie, list);
    relay.plan = { data: () => ({ code: 421, text: '4.7.0 Try again later, closing connection.' }) };
    const throttles: { words: string; pauseMs: number }[] = [];
    const sender = await relayEngine({ retryBaseMs: 30_000 }, { onThrottle: (throttle) => void throttles.push(throttle) });
    try {
      expect(await sender.pass()).toBe(2);
      expect(throttles).toEqual([{ words: expect.stringContaining('4.7.0 Try again later'), pauseMs: 30_000, verdict: expect.objectContaining({ kind: 'throttle' }), at: expect.any(Date) }]);
      const waiting = await campaignRead(accounts, customer.cookie, campaign.id);
      expect(waiting).toMatchObject({ status: 'sending', messages: { pending: 2, failed: 0 } });
      // Still within the pause: nothing is claimed.
      accounts.advance(10_000);
      expect(await sender.pass()).toBe(0);
      relay.plan = {};
      accounts.advance(25_000);
      expect(await sender.pass()).toBe(2);
    } finally {
      await sender.close();
    }
    expect(relay.accepted).toEqual(expect.arrayContaining([ada, nameless]));
    expect(await campaignRead(accounts, customer.cookie, campaign.id)).toMatchObject({ status: 'sent', messages: { sent: 2, failed: 0 } });
    expect(await bouncesOf(campaign.id)).toEqual([]);
  });

  it('retries a temporary failure past the old four attempts within the retry window, then fails it, never as a bounce', async () => {
    const { customer, list, ids, ada, nameless } = await customerWithAudience(accounts);
    const campaign = await startedCampaign(customer.cookie, list);
    relay.plan = { rcpt: (address) => (address === ada ? { code: 451, text: '4.3.0 Temporary lookup failure' } : null) };
    const sender = await relayEngine({ retryWindowMs: 6 * HOUR, maxAttempts: 3 });
    const adaRow = async () =>
      (await query<{ status: string; attempts: number; last_error: string }>(`select status, attempts, last_error from campaign_messages where campaign_id = $1::uuid and email = $2`, [campaign.id, ada]))[0]!;
    const seen: string[] = [];
    try {
      for (let hour = 0; hour <= 8; hour += 1) {
        await sender.pass();
        const row = await adaRow();
        seen.push(`${hour}:${row.status}`);
        if (row.status === 'failed') break;
        accounts.advance(HOUR);
      }
    } finally {
      await sender.close();
    }
    relay.plan = {};
    // Pending through the six hours, failed at their end (the seventh attempt).
    expect(seen).toEqual(['0:pending', '1:pending', '2:pending', '3:pending', '4:pending', '5:pending', '6:failed']);
    const row = await adaRow();
    expect(row.attempts).toBe(7);
    expect(row.last_error).toBe('Gave up after retrying for 6 hours. 451 4.3.0 Temporary lookup failure');
    expect(relay.accepted).toContain(nameless);
    expect(await bouncesOf(campaign.id)).toEqual([]);
    expect((await call('GET', `audience/v1/subscribers/${ids[ada]}`, customer.cookie)).json().payload.status).toBe('active');
    expect(await campaignRead(accounts, customer.cookie, campaign.id)).toMatchObject({ status: 'sent', messages: { sent: 1, failed: 1 } });
  });
});
