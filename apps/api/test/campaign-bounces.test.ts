import { WEBHOOK_MESSAGES } from '@postlark/shared/webhooks';
import { describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/client';
import { SOFT_BOUNCE_RULE } from '../src/modules/campaigns/bounces.repository';
import { signWebhook } from '../src/modules/webhooks/webhook-signature';
import { useAccountsApp } from './support/accounts-app';
import { CAMPAIGNS, customerWithAudience, sentCampaign as sentCampaignOf } from './support/campaigns';

// Issue 6, points 7 and 8: bounces and complaints from the relay's webhook (signed, replay-safe)
// and from its SMTP replies, and the report figures they feed.

const SECRET = 'whsec-test-0123456789abcdef';
const accounts = useAccountsApp({ BOUNCE_WEBHOOK_SECRET: SECRET, SOFT_BOUNCES_TO_SUPPRESS: '3' }, { rejectRecipient: (address) => address.startsWith('nameless') });
const { call } = accounts;

let deliveries = 0;

function webhook(event: Record<string, unknown>, options: { secret?: string; at?: Date; signature?: string | null } = {}) {
  const body = JSON.stringify(event);
  const signature = options.signature === undefined ? signWebhook(options.secret ?? SECRET, body, options.at ?? accounts.now()) : options.signature;
  return accounts.app.inject({
    method: 'POST',
    url: '/api/webhooks/bounces',
    headers: { 'content-type': 'application/json', ...(signature !== null && { 'x-postlark-signature': signature }) },
    payload: body,
  });
}

const event = (email: string, type: string, extra: Record<string, unknown> = {}) => {
  deliveries += 1;
  return { id: `evt-${deliveries}`, type, email, ...extra };
};

async function statusOf(cookie: string, id: string): Promise<string> {
  return (await call('GET', `audience/v1/subscribers/${id}`, cookie)).json().payload.status;
}

const sentCampaign = () => sentCampaignOf(accounts);

describe('the bounce webhook', () => {
  it('refuses a missing, wrong or stale signature with 401 and changes nothing', async () => {
    const { customer, ids, ada } = await customerWithAudience(accounts);
    const hard = event(ada, 'hard');
    expect((await webhook(hard, { signature: null })).statusCode).toBe(401);
    expect((await webhook(hard, { secret: 'another-secret-0123456789' })).statusCode).toBe(401);
    const stale = await webhook(hard, { at: new Date(accounts.now().getTime() - 10 * 60_000) });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().payload.message).toBe(WEBHOOK_MESSAGES.badSignature);
    expect(await statusOf(customer.cookie, ids[ada]!)).toBe('active');

    const bad = await webhook({ id: 'evt-bad', type: 'bouncy', email: ada });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().payload.message).toBe(WEBHOOK_MESSAGES.typeInvalid);
  });

  it('suppresses at once on a hard bounce or a complaint, after three soft bounces, and ignores a replay', async () => {
    const { customer, campaign, ids, ada } = await sentCampaign();
    // The ledger row's Message-ID, without its angle brackets (relays' webhooks drop them).
    const [row] = await rawQuery<{ messageId: string }>(accounts.database.db, 'select message_id as "messageId" from campaign_messages where campaign_id = $1::uuid and subscriber_id = $2::uuid', [campaign.id, ids[ada]]);
    const messageId = row!.messageId.slice(1, -1);

    for (const attempt of [1, 2]) {
      expect((await webhook(event(ada, 'soft', { message_id: messageId }))).json().payload.message).toBe(WEBHOOK_MESSAGES.recorded);
      expect(await statusOf(customer.cookie, ids[ada]!), `after soft bounce ${attempt}`).toBe('active');
    }
    const third = event(ada, 'soft', { message_id: messageId, detail: '452 4.2.2 Mailbox full' });
    expect((await webhook(third)).statusCode).toBe(200);
    expect(await statusOf(customer.cookie, ids[ada]!)).toBe('bounced');

    const replay = await webhook(third);
    expect(replay.json().payload.message).toBe(WEBHOOK_MESSAGES.alreadyRecorded);

    const complaint = event(ada, 'complaint', { message_id: `<${messageId}>` });
    expect((await webhook(complaint)).statusCode).toBe(200);
    expect(await statusOf(customer.cookie, ids[ada]!)).toBe('complained');

    const report = (await call('GET', `${CAMPAIGNS}/${campaign.id}/report`, customer.cookie)).json().payload.report;
    // Ada's soft bounces, and the address the relay refused while sending.
    expect(report.totals).toMatchObject({ bounces: 2, complaints: 1 });
    const timeline = (await call('GET', `audience/v1/subscribers/${ids[ada]}`, customer.cookie)).json().payload.activity;
    expect(timeline.map((item: { kind: string }) => item.kind)).toEqual(expect.arrayContaining(['bounced', 'complained']));
  });

  it('answers 404 while no secret is set up', async () => {
    // The secret is this file's setting; a server without it has no webhook (checked through the route's own rule).
    const { bounceWebhookRoutes } = await import('../src/modules/webhooks/bounce-webhook.routes');
    const Fastify = (await import('fastify')).default;
    const { registerErrorHandler } = await import('../src/http/error-handler');
    const bare = Fastify();
    registerErrorHandler(bare);
    await bare.register(bounceWebhookRoutes({ db: accounts.database.db, now: accounts.now, secret: undefined, softBounces: SOFT_BOUNCE_RULE }));
    const answer = await bare.inject({ method: 'POST', url: '/webhooks/bounces', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().payload.message).toBe(WEBHOOK_MESSAGES.notConfigured);
    await bare.close();
  });
});

describe('bounces from SMTP replies, and the report', () => {
  it('records a permanent refusal as a hard bounce and counts unsubscribes from the campaign', async () => {
    const { customer, campaign, ids, ada, nameless } = await sentCampaign();
    expect(await statusOf(customer.cookie, ids[nameless]!)).toBe('bounced');
    const message = await accounts.smtp.waitForMessage(ada);
    const preferences = /href="http:\/\/localhost:3000(\/u\/[^"]+)"/.exec(message.html)?.[1];
    const left = await accounts.app.inject({ method: 'POST', url: `${preferences}/one-click`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(left.statusCode).toBe(200);

    const report = (await call('GET', `${CAMPAIGNS}/${campaign.id}/report`, customer.cookie)).json().payload.report;
    expect(report.campaign).toMatchObject({ id: campaign.id, status: 'sent', tracking: true });
    expect(report.totals).toMatchObject({ recipients: 2, sent: 1, failed: 1, bounces: 1, complaints: 0, unsubscribes: 1, open_rate: 0, click_rate: 0 });

    const across = (await call('GET', 'campaigns/v1/reports', customer.cookie)).json().payload.reports;
    expect(across).toHaveLength(1);
    expect(across[0]).toMatchObject({ campaign: { id: campaign.id }, totals: { sent: 1, unsubscribes: 1 } });

    const other = await accounts.signedInCustomer();
    expect((await call('GET', `${CAMPAIGNS}/${campaign.id}/report`, other.cookie)).statusCode).toBe(404);
    expect((await call('GET', 'campaigns/v1/reports', other.cookie)).json().payload.reports).toEqual([]);
    const draftOnly = (await call('POST', CAMPAIGNS, customer.cookie, { name: 'Not yet' })).json().payload.campaign;
    expect((await call('GET', `${CAMPAIGNS}/${draftOnly.id}/report`, customer.cookie)).statusCode).toBe(409);
  });
});
