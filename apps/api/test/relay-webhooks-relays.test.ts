import { RELAY_WEBHOOK_MESSAGES } from '@postlark/shared/webhooks';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/client';
import { registerErrorHandler } from '../src/http/error-handler';
import { loadCampaignLinks } from '../src/modules/campaigns/campaign-links';
import { relayWebhookRoutes } from '../src/modules/webhooks/relay-webhooks.routes';
import { useAccountsApp } from './support/accounts-app';
import { sentCampaign as sentCampaignOf } from './support/campaigns';
import { brevoEvent, mailgunBody, mailgunEvent, postmarkAuthorization, postmarkBounce, postmarkDelivery, sendgridEvent, sendgridSigner } from './support/fakes/relays';

// Issue 32, point 5: SendGrid's, Postmark's, Mailgun's and Brevo's own webhooks, each with its
// documented authentication and payloads, recording through the one report path: what a customer
// then sees of their reader, what is kept, replays, refusals, and the routes off while unset.

const sendgrid = sendgridSigner();
const POSTMARK = { user: 'postlark-hooks', password: 'pm-hook-password-0123456789' };
const MAILGUN_KEY = 'mailgun-signing-key-0123456789abcdef';
const BREVO_TOKEN = 'brevo-webhook-token-0123456789';
const accounts = useAccountsApp({
  SENDGRID_WEBHOOK_PUBLIC_KEY: sendgrid.publicKey,
  POSTMARK_WEBHOOK_USER: POSTMARK.user,
  POSTMARK_WEBHOOK_PASSWORD: POSTMARK.password,
  MAILGUN_WEBHOOK_SIGNING_KEY: MAILGUN_KEY,
  BREVO_WEBHOOK_TOKEN: BREVO_TOKEN,
});
const { call } = accounts;
const json = { 'content-type': 'application/json' };

const post = (relay: string, body: string, headers: Record<string, string> = {}) => accounts.app.inject({ method: 'POST', url: `/api/webhooks/${relay}`, headers: { ...json, ...headers }, payload: body });
const postSendgrid = (events: object[], at = accounts.now()) => {
  const body = JSON.stringify(events);
  return post('sendgrid', body, sendgrid.headers(body, at));
};
const postPostmark = (record: object, authorization = postmarkAuthorization(POSTMARK.user, POSTMARK.password)) => post('postmark', JSON.stringify(record), { authorization });
const postBrevo = (events: object | object[], token = BREVO_TOKEN) => post('brevo', JSON.stringify(events), { authorization: `Bearer ${token}` });

async function statusOf(cookie: string, id: string): Promise<string> {
  return (await call('GET', `audience/v1/subscribers/${id}`, cookie)).json().payload.status;
}

const reportsFor = (email: string) =>
  rawQuery<{ key: string; source: string; outcome: string; reason: string; subscriberId: string | null }>(
    accounts.database.db,
    'select key, source, outcome, reason, subscriber_id as "subscriberId" from delivery_reports where email = $1 order by id',
    [email],
  );

/** A sent campaign with each reader's ledger Message-ID and the correlation header their message carried. */
async function sentCampaign() {
  const sent = await sentCampaignOf(accounts);
  const rows = await rawQuery<{ messageId: string; email: string }>(accounts.database.db, 'select message_id as "messageId", email from campaign_messages where campaign_id = $1::uuid', [sent.campaign.id]);
  const of = async (email: string) => ({
    messageId: rows.find((row) => row.email === email)!.messageId,
    correlation: String((await accounts.smtp.waitForMessage(email)).headers.get('x-postlark-delivery')),
  });
  return { ...sent, sentTo: { ada: await of(sent.ada), nameless: await of(sent.nameless) } };
}

/** A second customer with `email` on a list of theirs: a complaint about our message must not reach them. */
async function sameAddressElsewhere(email: string) {
  const other = await accounts.signedInCustomer();
  const list = (await call('POST', 'audience/v1/lists', other.cookie, { name: 'Theirs', double_opt_in: false })).json().payload.list.id;
  const id = (await call('POST', 'audience/v1/subscribers', other.cookie, { email, list_ids: [list] })).json().payload.subscriber.id as string;
  return { cookie: other.cookie, id };
}

describe('the SendGrid event webhook', () => {
  it('records a signed batch by smtp-id: a hard bounce suppresses, delivered and processed change nothing, a replay counts once', async () => {
    const { customer, ids, ada, nameless, sentTo } = await sentCampaign();
    const at = accounts.now();
    const batch = [
      sendgridEvent('processed', ada, sentTo.ada.messageId, at),
      sendgridEvent('bounce', ada, sentTo.ada.messageId, at, { type: 'bounce', bounce_classification: 'Invalid Address', status: '5.1.1', reason: '550 5.1.1 The email account that you tried to reach does not exist.' }),
      sendgridEvent('deferred', nameless, sentTo.nameless.messageId, at, { response: '400 try again later', attempt: '5' }),
      sendgridEvent('delivered', nameless, sentTo.nameless.messageId, at, { response: '250 OK' }),
    ];
    const first = await postSendgrid(batch);
    expect(first.statusCode).toBe(200);
    expect(first.json().payload).toMatchObject({ received: 2, recorded: 2, duplicates: 0 });
    expect(await statusOf(customer.cookie, ids[ada]!)).toBe('bounced');
    expect(await statusOf(customer.cookie, ids[nameless]!)).toBe('active');
    expect(await reportsFor(ada)).toEqual([expect.objectContaining({ source: 'sendgrid', outcome: 'dead', key: `sendgrid:${batch[1]!.sg_event_id}`, subscriberId: ids[ada] })]);
    expect(await reportsFor(nameless)).toEqual([expect.objectContaining({ outcome: 'none', reason: 'delivered' })]);
    expect((await postSendgrid(batch)).json().payload).toMatchObject({ recorded: 0, duplicates: 2 });
  });

  it("keeps a reader active after a block or a soft bounce, and a complaint unsubscribes only this customer's reader", async () => {
    const { customer, ids, ada, nameless, sentTo } = await sentCampaign();
    const elsewhere = await sameAddressElsewhere(nameless);
    const at = accounts.now();
    const answer = await postSendgrid([
      sendgridEvent('bounce', ada, sentTo.ada.messageId, at, { type: 'blocked', bounce_classification: 'Reputation', status: '5.7.1', reason: '554 5.7.1 Service unavailable; Client host blocked using Spamhaus' }),
      sendgridEvent('bounce', ada, sentTo.ada.messageId, at, { type: 'bounce', bounce_classification: 'Mailbox Unavailable', status: '5.2.1', reason: '550 5.2.1 The email account is disabled' }),
      sendgridEvent('dropped', ada, sentTo.ada.messageId, at, { reason: 'Bounced Address', status: '5.0.0' }),
      sendgridEvent('spamreport', nameless, sentTo.nameless.messageId, at),
    ]);
    expect(answer.json().payload).toMatchObject({ received: 4, recorded: 4 });
    expect(await statusOf(customer.cookie, ids[ada]!)).toBe('active');
    expect((await reportsFor(ada)).map((row) => `${row.outcome}/${row.reason}`)).toEqual(['sender/reputation', 'soft/mailbox-unavailable', 'none/relay-suppressed']);
    expect(await statusOf(customer.cookie, ids[nameless]!)).toBe('complained');
    expect(await statusOf(elsewhere.cookie, elsewhere.id)).toBe('active');
  });

  it('refuses a wrong, stale or missing signature with 401 and stores nothing', async () => {
    const { customer, ids, ada, sentTo } = await sentCampaign();
    const events = [sendgridEvent('bounce', ada, sentTo.ada.messageId, accounts.now(), { type: 'bounce', bounce_classification: 'Invalid Address' })];
    const body = JSON.stringify(events);
    const forger = sendgridSigner();
    expect((await post('sendgrid', body, forger.headers(body, accounts.now()))).statusCode).toBe(401);
    const stale = await postSendgrid(events, new Date(accounts.now().getTime() - 10 * 60_000));
    expect(stale.statusCode).toBe(401);
    expect(stale.json().payload.message).toBe(RELAY_WEBHOOK_MESSAGES.badSignature);
    expect((await post('sendgrid', body.replace('Invalid Address', 'Technical Failure'), sendgrid.headers(body, accounts.now()))).statusCode).toBe(401);
    expect((await post('sendgrid', body)).statusCode).toBe(401);
    expect(await reportsFor(ada)).toEqual([]);
    expect(await statusOf(customer.cookie, ids[ada]!)).toBe('active');
    const notArray = JSON.stringify({ event: 'bounce' });
    expect((await post('sendgrid', notArray, sendgrid.headers(notArray, accounts.now()))).statusCode).toBe(400);
  });
});

describe('the Postmark webhook', () => {
  it('finds the delivery by our header in the bounce content or metadata, and keeps a report without them unmatched', async () => {
    const { customer, ids, ada, nameless, sentTo } = await sentCampaign();
    const elsewhere = await sameAddressElsewhere(nameless);
    const at = accounts.now();
    const content = `Return-Path: <>\r\nReceived: by mx.example.com\r\n\r\nOriginal message headers:\r\nMessage-ID: <pm-1@mtasv.net>\r\nX-Postlark-Delivery: ${sentTo.ada.correlation}\r\nSubject: November news\r\n`;
    const hard = postmarkBounce('HardBounce', ada, at, { Content: content });
    const answer = await postPostmark(hard);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().payload).toMatchObject({ recorded: 1 });
    expect(await statusOf(customer.cookie, ids[ada]!)).toBe('bounced');
    expect((await postPostmark(hard)).json().payload).toMatchObject({ duplicates: 1 });
    expect((await reportsFor(ada))[0]).toMatchObject({ key: `postmark:Bounce:${hard.ID}`, outcome: 'dead', subscriberId: ids[ada] });

    const soft = await postPostmark(postmarkBounce('SoftBounce', nameless, at, { Metadata: { postlark_delivery: sentTo.nameless.correlation }, Details: '452 4.2.2 mailbox full' }));
    expect(soft.json().payload).toMatchObject({ recorded: 1 });
    expect(await statusOf(customer.cookie, ids[nameless]!)).toBe('active');
    const complaint = await postPostmark(postmarkBounce('SpamComplaint', nameless, at, { Metadata: { postlark_delivery: sentTo.nameless.correlation } }));
    expect(complaint.json().payload).toMatchObject({ recorded: 1 });
    expect(await statusOf(customer.cookie, ids[nameless]!)).toBe('complained');
    expect(await statusOf(elsewhere.cookie, elsewhere.id)).toBe('active');

    // Postmark's MessageID is its own: with neither our header nor metadata, the report names no one.
    const unmatched = await postPostmark(postmarkBounce('HardBounce', nameless, at));
    expect(unmatched.json().payload).toMatchObject({ unmatched: 1 });
    expect(await statusOf(elsewhere.cookie, elsewhere.id)).toBe('active');
    expect((await postPostmark(postmarkDelivery(ada, at, { postlark_delivery: sentTo.ada.correlation }))).json().payload).toMatchObject({ recorded: 1 });
    expect((await postPostmark({ RecordType: 'Open', MessageID: 'x', Recipient: ada })).json().payload).toMatchObject({ received: 0 });
  });

  it('refuses missing or wrong credentials with 401', async () => {
    const record = postmarkBounce('HardBounce', 'someone@example.org', accounts.now());
    const wrong = await postPostmark(record, postmarkAuthorization(POSTMARK.user, 'not-the-password-at-all'));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().payload.message).toBe(RELAY_WEBHOOK_MESSAGES.badCredentials);
    expect((await postPostmark(record, postmarkAuthorization('someone-else', POSTMARK.password))).statusCode).toBe(401);
    expect((await post('postmark', JSON.stringify(record))).statusCode).toBe(401);
    expect(await reportsFor('someone@example.org')).toEqual([]);
    expect((await postPostmark({ RecordType: 'Bounce' })).statusCode).toBe(400);
  });
});

describe('the Mailgun webhook', () => {
  it('suppresses on a permanent failure, counts a temporary one, ignores its own suppressions, and takes each token once', async () => {
    const { customer, ids, ada, nameless, sentTo } = await sentCampaign();
    const elsewhere = await sameAddressElsewhere(nameless);
    const at = accounts.now();
    const temporary = mailgunEvent('failed', ada, sentTo.ada.messageId, at, { severity: 'temporary', reason: 'generic', 'delivery-status': { code: 452, message: '4.2.2 The email account that you tried to reach is over quota.', 'attempt-no': 1 } });
    expect((await post('mailgun', mailgunBody(MAILGUN_KEY, temporary, at))).json().payload).toMatchObject({ recorded: 1 });
    const suppressed = mailgunEvent('failed', ada, sentTo.ada.messageId, at, { severity: 'permanent', reason: 'suppress-bounce', 'delivery-status': { code: 605, message: 'Not delivering to previously bounced address' } });
    expect((await post('mailgun', mailgunBody(MAILGUN_KEY, suppressed, at))).json().payload).toMatchObject({ recorded: 1 });
    expect(await statusOf(customer.cookie, ids[ada]!)).toBe('active');

    const permanent = mailgunEvent('failed', ada, sentTo.ada.messageId, at, { severity: 'permanent', reason: 'bounce', 'delivery-status': { code: 550, message: '5.1.1 The email account that you tried to reach does not exist.', 'attempt-no': 1 } });
    const body = mailgunBody(MAILGUN_KEY, permanent, at);
    expect((await post('mailgun', body)).json().payload).toMatchObject({ recorded: 1 });
    expect(await statusOf(customer.cookie, ids[ada]!)).toBe('bounced');
    expect((await reportsFor(ada)).map((row) => `${row.outcome}/${row.reason}`)).toEqual(['soft/mailbox-full', 'none/relay-suppressed', 'dead/unknown-user']);
    // The same signature again (its token is spent), even carrying another event; the same event newly signed counts once.
    const replayed = await post('mailgun', body);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().payload.message).toBe(RELAY_WEBHOOK_MESSAGES.tokenReused);
    const swapped = JSON.parse(body);
    swapped['event-data'] = mailgunEvent('complained', nameless, sentTo.nameless.messageId, at);
    expect((await post('mailgun', JSON.stringify(swapped))).statusCode).toBe(401);
    expect(await statusOf(customer.cookie, ids[nameless]!)).toBe('active');
    expect((await post('mailgun', mailgunBody(MAILGUN_KEY, permanent, at))).json().payload).toMatchObject({ duplicates: 1 });

    const complained = mailgunEvent('complained', nameless, sentTo.nameless.messageId, at);
    expect((await post('mailgun', mailgunBody(MAILGUN_KEY, complained, at))).json().payload).toMatchObject({ recorded: 1 });
    expect(await statusOf(customer.cookie, ids[nameless]!)).toBe('complained');
    expect(await statusOf(elsewhere.cookie, elsewhere.id)).toBe('active');
  });

  it('refuses a wrong or stale signature with 401 and bad JSON with 400', async () => {
    const at = accounts.now();
    const event = mailgunEvent('failed', 'someone@example.org', '<x@lark.example>', at, { severity: 'permanent', reason: 'bounce' });
    expect((await post('mailgun', mailgunBody('another-signing-key-0123456789', event, at))).statusCode).toBe(401);
    const stale = await post('mailgun', mailgunBody(MAILGUN_KEY, event, new Date(at.getTime() - 60 * 60_000)));
    expect(stale.statusCode).toBe(401);
    expect(stale.json().payload.message).toBe(RELAY_WEBHOOK_MESSAGES.badSignature);
    expect(await reportsFor('someone@example.org')).toEqual([]);
    const bad = await post('mailgun', '{"signature": ');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().payload.message).toBe(RELAY_WEBHOOK_MESSAGES.badJson);
    expect((await post('mailgun', JSON.stringify({ 'event-data': {} }))).statusCode).toBe(400);
  });
});

describe('the Brevo webhook', () => {
  it('takes one event or a batch with its token, by Message-ID', async () => {
    const { customer, ids, ada, nameless, sentTo } = await sentCampaign();
    const elsewhere = await sameAddressElsewhere(nameless);
    const at = accounts.now();
    const batch = [
      brevoEvent('hard_bounce', ada, sentTo.ada.messageId, at, { reason: '550 5.1.1 <ada>: Recipient address rejected: User unknown' }),
      brevoEvent('delivered', nameless, sentTo.nameless.messageId, at),
      brevoEvent('opened', nameless, sentTo.nameless.messageId, at),
    ];
    expect((await postBrevo(batch)).json().payload).toMatchObject({ received: 2, recorded: 2 });
    expect(await statusOf(customer.cookie, ids[ada]!)).toBe('bounced');
    expect((await reportsFor(ada))[0]).toMatchObject({ key: `brevo:${sentTo.ada.messageId}:hard_bounce:${ada}`, source: 'brevo', outcome: 'dead' });
    expect((await postBrevo(batch)).json().payload).toMatchObject({ duplicates: 2 });

    expect((await postBrevo(brevoEvent('soft_bounce', nameless, sentTo.nameless.messageId, at, { reason: '452 4.2.2 Mailbox full' }))).json().payload).toMatchObject({ recorded: 1 });
    expect((await postBrevo(brevoEvent('blocked', nameless, sentTo.nameless.messageId, at))).json().payload).toMatchObject({ recorded: 1 });
    expect(await statusOf(customer.cookie, ids[nameless]!)).toBe('active');
    expect((await postBrevo(brevoEvent('spam', nameless, sentTo.nameless.messageId, at))).json().payload).toMatchObject({ recorded: 1 });
    expect(await statusOf(customer.cookie, ids[nameless]!)).toBe('complained');
    expect(await statusOf(elsewhere.cookie, elsewhere.id)).toBe('active');
  });

  it('refuses a missing or wrong token with 401', async () => {
    const event = brevoEvent('hard_bounce', 'someone@example.org', '<x@lark.example>', accounts.now());
    const wrong = await postBrevo(event, 'not-the-brevo-token-at-all');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().payload.message).toBe(RELAY_WEBHOOK_MESSAGES.badCredentials);
    expect((await post('brevo', JSON.stringify(event))).statusCode).toBe(401);
    expect(await reportsFor('someone@example.org')).toEqual([]);
    expect((await postBrevo(['not an event'])).statusCode).toBe(400);
  });
});

describe('while unset', () => {
  it('answers 404 on each relay webhook', async () => {
    const bare = Fastify();
    registerErrorHandler(bare);
    const { delivery } = await loadCampaignLinks(accounts.database.db, accounts.config.APP_URL);
    const config = { ...accounts.config, SENDGRID_WEBHOOK_PUBLIC_KEY: undefined, POSTMARK_WEBHOOK_USER: undefined, POSTMARK_WEBHOOK_PASSWORD: undefined, MAILGUN_WEBHOOK_SIGNING_KEY: undefined, BREVO_WEBHOOK_TOKEN: undefined };
    await bare.register(relayWebhookRoutes({ db: accounts.database.db, now: accounts.now, config, delivery }));
    for (const relay of ['sendgrid', 'postmark', 'mailgun', 'brevo'] as const) {
      const answer = await bare.inject({ method: 'POST', url: `/webhooks/${relay}`, headers: json, payload: '[]' });
      expect(answer.statusCode, relay).toBe(404);
      expect(answer.json().payload.message).toBe(RELAY_WEBHOOK_MESSAGES.notConfigured[relay]);
    }
    await bare.close();
  });
});
