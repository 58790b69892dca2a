import { createServer } from 'node:net';
import { CAMPAIGN_MESSAGES } from '@postlark/shared/campaigns';
import { describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/client';
import { prepareRecipients, sendOnce } from '../src/modules/campaigns/campaign-sender';
import { campaignById } from '../src/modules/campaigns/campaigns.repository';
import { smtpCampaignTransport } from '../src/modules/campaigns/campaign-transport';
import { claimBatch, markAbandoned } from '../src/modules/campaigns/sending.repository';
import { preferenceToken } from '../src/modules/preferences/link-tokens';
import { APP_URL } from './support/accounts';
import { useAccountsApp } from './support/accounts-app';
import { eventually } from './support/eventually';
import { withoutInlineStyles, CAMPAIGNS, CONTACT, customerWithAudience as supportCustomerWithAudience, draft, engine as supportEngine } from './support/campaigns';

// Issue 6, points 1, 3 to 5: campaigns written and sent through the engine to a real SMTP server
// on loopback, with the clock injected; the engine's passes are run one at a time.

const accounts = useAccountsApp();
const call = accounts.call;
const BASE = CAMPAIGNS;
const customerWithAudience = (options?: { contact?: boolean }) => supportCustomerWithAudience(accounts, options);
const engine = (overrides?: Parameters<typeof supportEngine>[1]) => supportEngine(accounts, overrides);

/** A loopback port nothing listens on: connecting to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('campaigns', () => {
  it('are saved as drafts, edited, duplicated and deleted, and are each customer’s own', async () => {
    const { customer, list } = await customerWithAudience();
    const created = await call('POST', BASE, customer.cookie, draft(list));
    expect(created.statusCode).toBe(201);
    const campaign = created.json().payload.campaign;
    expect(campaign).toMatchObject({ name: 'November news', status: 'draft', tracking: true, audience: { list_ids: [list], segment_ids: [] }, messages: null });

    const edited = await call('PATCH', `${BASE}/${campaign.id}`, customer.cookie, { subject: 'New subject' });
    expect(edited.json().payload.campaign.subject).toBe('New subject');
    const copy = (await call('POST', `${BASE}/${campaign.id}/duplicate`, customer.cookie)).json().payload.campaign;
    expect(copy).toMatchObject({ name: 'November news (copy)', subject: 'New subject', status: 'draft' });
    expect((await call('GET', BASE, customer.cookie)).json().payload.campaigns.map((item: { id: string }) => item.id)).toEqual([copy.id, campaign.id]);

    const other = await accounts.signedInCustomer();
    expect((await call('GET', `${BASE}/${campaign.id}`, other.cookie)).statusCode).toBe(404);
    expect((await call('PATCH', `${BASE}/${campaign.id}`, other.cookie, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call('POST', `${BASE}/${campaign.id}/send`, other.cookie)).statusCode).toBe(404);
    expect((await call('POST', BASE, other.cookie, draft(list))).json().payload.message).toBe(CAMPAIGN_MESSAGES.audienceInvalid);
    expect((await call('POST', BASE, customer.cookie, { name: '' })).json().payload.message).toBe(CAMPAIGN_MESSAGES.nameRequired);
    expect((await call('POST', BASE, customer.cookie, { name: 'x', colour: 'red' })).statusCode).toBe(400);

    expect((await call('DELETE', `${BASE}/${copy.id}`, customer.cookie)).statusCode).toBe(200);
    expect((await call('GET', `${BASE}/${copy.id}`, customer.cookie)).statusCode).toBe(404);
  });

  it('refuses to send until the campaign is complete and the postal address is known, saying what is missing', async () => {
    const { customer, list } = await customerWithAudience({ contact: false });
    const incomplete = (await call('POST', BASE, customer.cookie, { name: 'Empty' })).json().payload.campaign;
    const refused = await call('POST', `${BASE}/${incomplete.id}/send`, customer.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().payload.errors).toEqual({
      subject: CAMPAIGN_MESSAGES.subjectRequired,
      from_email: CAMPAIGN_MESSAGES.fromRequired,
      content_html: CAMPAIGN_MESSAGES.contentRequired,
      audience: CAMPAIGN_MESSAGES.audienceRequired,
      postal_address: CAMPAIGN_MESSAGES.postalAddressRequired,
    });

    await call('PUT', `home/v1/user/${customer.customerId}/contact`, customer.cookie, CONTACT);
    const badTag = (await call('POST', BASE, customer.cookie, draft(list, { content_html: '<p>Hi {{ frist_name }}</p>' }))).json().payload.campaign;
    const tagRefused = await call('POST', `${BASE}/${badTag.id}/send`, customer.cookie);
    expect(tagRefused.statusCode).toBe(400);
    expect(Object.keys(tagRefused.json().payload.errors)).toEqual(['content_html']);
    expect(tagRefused.json().payload.errors.content_html).toContain('frist_name');
    expect((await call('GET', `${BASE}/${badTag.id}`, customer.cookie)).json().payload.campaign.status).toBe('draft');
  });

  it('sends one message to each eligible subscriber, with merge tags, footer and unsubscribe headers, then reads sent', async () => {
    const { customer, list, ids, ada: adaEmail, nameless: namelessEmail, gone } = await customerWithAudience();
    await call('PATCH', `audience/v1/subscribers/${ids[adaEmail]}`, customer.cookie, { attributes: { plan: 'pro' } });
    const campaign = (await call('POST', BASE, customer.cookie, draft(list))).json().payload.campaign;
    const started = await call('POST', `${BASE}/${campaign.id}/send`, customer.cookie);
    expect(started.statusCode).toBe(200);
    expect(started.json().payload).toMatchObject({ message: CAMPAIGN_MESSAGES.sendStarted, campaign: { status: 'sending' } });
    expect((await call('PATCH', `${BASE}/${campaign.id}`, customer.cookie, { subject: 'Too late' })).json().payload.message).toBe(CAMPAIGN_MESSAGES.notEditable);

    const { run, close, tokens } = await engine();
    try {
      expect(await run()).toBe(2);
    } finally {
      await close();
    }
    const ada = await accounts.smtp.waitForMessage(adaEmail);
    expect(ada.subject).toBe('Hello Ada');
    expect(withoutInlineStyles(ada.html)).toContain('<h1>Hi Ada</h1><p>Your plan: pro.</p>');
    expect(ada.text).toContain('Your plan: pro.');
    expect(ada.from).toBe('"Lark Letters" <news@lark.example>');
    expect(ada.headers.get('reply-to')).toMatchObject({ text: 'hello@lark.example' });
    // Random and fixed in the ledger row (campaign-headers.test.ts): no campaign or subscriber id in it.
    expect(ada.headers.get('message-id')).toMatch(/^<[0-9a-f]{32}@lark\.example>$/);
    const token = preferenceToken(tokens, ids[adaEmail]!);
    const headers = ada.raw.slice(0, ada.raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
    // No mailto: it would reach the customer's own inbox (issue 30); the one-click link is the way out.
    expect(headers).toContain(`List-Unsubscribe: <${APP_URL}/u/${token}/one-click>\r\n`);
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(ada.html).toContain(`href="${APP_URL}/u/${token}"`);
    expect(ada.html).toContain('Lark Letters Ltd, 1 Lark Lane, Leeds, LS1 4AP, United Kingdom');
    expect(ada.text).toContain('Lark Letters Ltd, 1 Lark Lane, Leeds, LS1 4AP, United Kingdom');

    const nameless = await accounts.smtp.waitForMessage(namelessEmail);
    expect(nameless.subject).toBe('Hello there');
    expect(nameless.text).toContain('Your plan: free.');
    expect(accounts.smtp.messagesTo(gone)).toHaveLength(0);

    const sent = (await call('GET', `${BASE}/${campaign.id}`, customer.cookie)).json().payload.campaign;
    expect(sent.status).toBe('sent');
    expect(sent.messages).toEqual({ pending: 0, sending: 0, sent: 2, failed: 0, unknown: 0, skipped: 0, held: 0 });
  });

  it('sends nothing more to someone who unsubscribes mid-campaign, and nothing while paused', async () => {
    const { customer, list, ids, ada, nameless } = await customerWithAudience();
    const campaign = (await call('POST', BASE, customer.cookie, draft(list))).json().payload.campaign;
    await call('POST', `${BASE}/${campaign.id}/send`, customer.cookie);
    const { run, close, tokens } = await engine({ batchSize: 1 });
    try {
      expect(await run()).toBe(1);
      const first = await Promise.any([ada, nameless].map(async (email) => (await accounts.smtp.waitForMessage(email), email)));
      // The other recipient leaves before their turn.
      const other = first === ada ? nameless : ada;
      const waiting = [other, ids[other]!] as const;
      const token = preferenceToken(tokens, waiting[1]);
      await accounts.app.inject({ method: 'POST', url: `/u/${token}/one-click`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });

      expect((await call('POST', `${BASE}/${campaign.id}/pause`, customer.cookie)).json().payload.campaign.status).toBe('paused');
      expect(await run()).toBe(0);
      expect((await call('POST', `${BASE}/${campaign.id}/resume`, customer.cookie)).json().payload.campaign.status).toBe('sending');
      expect(await run()).toBe(1);
      expect(accounts.smtp.messagesTo(waiting[0])).toHaveLength(0);
    } finally {
      await close();
    }
    const done = (await call('GET', `${BASE}/${campaign.id}`, customer.cookie)).json().payload.campaign;
    expect(done.status).toBe('sent');
    expect(done.messages).toMatchObject({ sent: 1, skipped: 1 });
  });

  it('renews the lease of a batch the relay is slow to take, so no one marks it unknown while it is still being sent', async () => {
    const { customer, list, ada, nameless } = await customerWithAudience();
    const campaign = (await call('POST', BASE, customer.cookie, draft(list))).json().payload.campaign;
    await call('POST', `${BASE}/${campaign.id}/send`, customer.cookie);
    const { deps, close } = await engine({ leaseMs: 60_000, leaseRenewMs: 20 });
    // A relay that takes nothing until the test lets it.
    let open = () => {};
    const relayOpens = new Promise<void>((resolve) => {
      open = resolve;
    });
    const slow = { ...deps, transport: { send: async (mail: Parameters<typeof deps.transport.send>[0]) => relayOpens.then(() => deps.transport.send(mail)), close } };
    const claimedAt = async () =>
      (await rawQuery<{ at: Date }>(deps.db, `select min(claimed_at) as at from campaign_messages where campaign_id = $1::uuid and status = 'sending'`, [campaign.id]))[0]?.at;
    try {
      const pass = sendOnce(slow, async () => {});
      const claimed = await eventually(async () => (await claimedAt()) ?? undefined, { what: 'the batch claimed' });
      // Ninety seconds on the test's clock, more than the lease: the worker renews its claim meanwhile.
      accounts.advance(45_000);
      await eventually(async () => ((await claimedAt())!.getTime() > claimed.getTime() ? true : undefined), { what: 'the lease renewed' });
      accounts.advance(45_000);
      expect(await markAbandoned(deps.db, new Date(accounts.now().getTime() - 60_000))).toBe(0);
      open();
      expect(await pass).toBe(2);
    } finally {
      await close();
    }
    expect(accounts.smtp.messagesTo(ada)).toHaveLength(1);
    expect(accounts.smtp.messagesTo(nameless)).toHaveLength(1);
    expect((await call('GET', `${BASE}/${campaign.id}`, customer.cookie)).json().payload.campaign.messages).toMatchObject({ sent: 2, unknown: 0 });
  });

  it('keeps messages waiting while the relay cannot be reached, fails none however long it lasts, and sends each once when it is back', async () => {
    const { customer, list, ada, nameless } = await customerWithAudience();
    const campaign = (await call('POST', BASE, customer.cookie, draft(list))).json().payload.campaign;
    await call('POST', `${BASE}/${campaign.id}/send`, customer.cookie);
    const { deps, close } = await engine({ maxAttempts: 2, retryBaseMs: 30_000 });
    const away = smtpCampaignTransport(`smtp://127.0.0.1:${await closedPort()}`, { connections: 2 });
    const relayAway = { ...deps, transport: away };
    const ledger = async () =>
      rawQuery<{ status: string; attempts: number; last_error: string | null }>(
        deps.db,
        `select status, attempts, last_error from campaign_messages where campaign_id = $1::uuid order by id`,
        [campaign.id],
      );
    try {
      const state = { relayDownUntil: 0 };
      expect(await sendOnce(relayAway, async () => {}, state)).toBe(2);
      // More passes than the attempts a refused message gets, over more than an hour of the test's clock.
      for (let pass = 0; pass < 4; pass += 1) {
        // While the relay is away, the worker claims nothing until it is due to try again.
        expect(await sendOnce(relayAway, async () => {}, state)).toBe(0);
        accounts.advance(20 * 60_000);
        expect(await sendOnce(relayAway, async () => {}, state)).toBe(2);
      }
      const waiting = await ledger();
      expect(waiting.map((row) => [row.status, row.attempts])).toEqual([['pending', 0], ['pending', 0]]);
      expect(waiting[0]!.last_error).toMatch(/^The relay could not be reached/);
      const during = (await call('GET', `${BASE}/${campaign.id}`, customer.cookie)).json().payload.campaign;
      expect(during).toMatchObject({ status: 'sending', messages: { pending: 2, failed: 0 } });
      // The customer is told why: on the campaign and in the list of campaigns.
      expect(during.relay_error).toMatch(/^The relay could not be reached: .*ECONNREFUSED/);
      const listed = (await call('GET', BASE, customer.cookie)).json().payload.campaigns;
      expect(listed.find((each: { id: string }) => each.id === campaign.id).relay_error).toBe(during.relay_error);

      accounts.advance(60_000);
      expect(await sendOnce(deps, async () => {})).toBe(2);
    } finally {
      await away.close();
      await close();
    }
    expect(accounts.smtp.messagesTo(ada)).toHaveLength(1);
    expect(accounts.smtp.messagesTo(nameless)).toHaveLength(1);
    const done = (await call('GET', `${BASE}/${campaign.id}`, customer.cookie)).json().payload.campaign;
    expect(done).toMatchObject({ status: 'sent', messages: { sent: 2, failed: 0 }, relay_error: null });
  });

  it('claims the rows due longest first, whatever their order in the ledger', async () => {
    const { customer, list } = await customerWithAudience();
    const campaign = (await call('POST', BASE, customer.cookie, draft(list))).json().payload.campaign;
    await call('POST', `${BASE}/${campaign.id}/send`, customer.cookie);
    const { deps, close } = await engine();
    try {
      await prepareRecipients(deps, (await campaignById(deps.db, campaign.id))!);
      // As best-time sending or a retry leaves them: the first row made is due last.
      const rows = await rawQuery<{ id: string; email: string }>(deps.db, `select id, email from campaign_messages where campaign_id = $1::uuid order by id`, [campaign.id]);
      expect(rows).toHaveLength(2);
      const start = accounts.now().getTime();
      for (const [index, row] of rows.entries()) {
        await rawQuery(deps.db, `update campaign_messages set next_attempt_at = $2::timestamptz where id = $1`, [row.id, new Date(start + (rows.length - index) * 60_000).toISOString()]);
      }
      accounts.advance(3 * 60_000);
      expect((await claimBatch(deps.db, campaign.id, 1, accounts.now())).map((row) => row.email)).toEqual([rows[1]!.email]);
      expect((await claimBatch(deps.db, campaign.id, 1, accounts.now())).map((row) => row.email)).toEqual([rows[0]!.email]);
    } finally {
      await close();
    }
  });

  it('marks rows a stopped worker left in sending as unknown after the lease, never sends them again, and then reads sent', async () => {
    const { customer, list, ada, nameless } = await customerWithAudience();
    const campaign = (await call('POST', BASE, customer.cookie, draft(list))).json().payload.campaign;
    await call('POST', `${BASE}/${campaign.id}/send`, customer.cookie);
    const { run, close, deps } = await engine({ batchSize: 1 });
    try {
      // A worker prepares the rows, claims one and dies before settling it.
      expect(await run()).toBe(1);
      expect(await claimBatch(deps.db, campaign.id, 1, accounts.now())).toHaveLength(1);
      expect(await run()).toBe(0);
      expect((await call('GET', `${BASE}/${campaign.id}`, customer.cookie)).json().payload.campaign).toMatchObject({ status: 'sending', messages: { sent: 1, sending: 1 } });

      accounts.advance(61_000);
      expect(await run()).toBe(0);
    } finally {
      await close();
    }
    const done = (await call('GET', `${BASE}/${campaign.id}`, customer.cookie)).json().payload.campaign;
    expect(done).toMatchObject({ status: 'sent', messages: { sent: 1, unknown: 1, sending: 0, pending: 0 } });
    expect(accounts.smtp.messagesTo(ada).length + accounts.smtp.messagesTo(nameless).length).toBe(1);
  });
});
