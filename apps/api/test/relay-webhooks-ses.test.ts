import { RELAY_WEBHOOK_MESSAGES } from '@postlark/shared/webhooks';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/client';
import { registerErrorHandler } from '../src/http/error-handler';
import { loadCampaignLinks } from '../src/modules/campaigns/campaign-links';
import { relayWebhookRoutes } from '../src/modules/webhooks/relay-webhooks.routes';
import { productionCertificateUrl, subscribeUrlAllowed } from '../src/modules/webhooks/relays/sns-envelope';
import { useAccountsApp } from './support/accounts-app';
import { sentCampaign as sentCampaignOf } from './support/campaigns';
import { sesBounce, sesComplaint, sesDelivery, snsBody, startLocalServer, testSigningCertificate } from './support/fakes/sns-relay';

// Issue 32, point 5: Amazon SES's bounces, complaints and deliveries through SNS. The app takes
// certificates only from sns.<region>.amazonaws.com; these tests sign with a local certificate, so
// the signed notifications go to the same routes built with a test-only certificate rule (the app
// itself is used for everything its production rule decides).

const TOPIC = 'arn:aws:sns:us-east-1:123456789012:postlark-ses';
const accounts = useAccountsApp({ SES_SNS_TOPIC_ARNS: `arn:aws:sns:eu-west-1:123456789012:other, ${TOPIC}` });
const { call } = accounts;
const { privateKey, pem } = testSigningCertificate();
let certificates: Awaited<ReturnType<typeof startLocalServer>>;
let certificateUrl = '';
let signed: FastifyInstance;
const fetched: string[] = [];

beforeAll(async () => {
  certificates = await startLocalServer(pem);
  certificateUrl = `${certificates.url}/SimpleNotificationService-0123456789abcdef.pem`;
  // SNS's confirmation link is answered here; anything else is really fetched (the local certificate).
  const fetcher: typeof fetch = async (input, init) => {
    const url = String(input);
    fetched.push(url);
    if (url.startsWith('https://sns.')) return new Response('<ConfirmSubscriptionResponse/>', { status: 200 });
    return fetch(input, init);
  };
  signed = Fastify();
  registerErrorHandler(signed);
  const { delivery } = await loadCampaignLinks(accounts.database.db, accounts.config.APP_URL);
  await signed.register(relayWebhookRoutes({ db: accounts.database.db, now: accounts.now, config: accounts.config, delivery, sns: { certificateUrlAllowed: (url) => url === certificateUrl, fetch: fetcher } }));
});
afterAll(async () => {
  await signed?.close();
  await certificates?.close();
});

const post = (app: FastifyInstance, body: string, type = 'Notification') =>
  app.inject({ method: 'POST', url: app === signed ? '/webhooks/ses' : '/api/webhooks/ses', headers: { 'content-type': 'text/plain; charset=UTF-8', 'x-amz-sns-message-type': type }, payload: body });
const notification = (message: string, extra: Partial<Parameters<typeof snsBody>[0]> = {}) =>
  snsBody({ topicArn: TOPIC, message, at: accounts.now(), signingCertUrl: certificateUrl, privateKey, ...extra });

async function statusOf(cookie: string, id: string): Promise<string> {
  return (await call('GET', `audience/v1/subscribers/${id}`, cookie)).json().payload.status;
}

const reportsFor = (email: string) =>
  rawQuery<{ key: string; source: string; outcome: string; reason: string; subscriberId: string | null; status: string | null }>(
    accounts.database.db,
    'select key, source, outcome, reason, subscriber_id as "subscriberId", status from delivery_reports where email = $1 order by id',
    [email],
  );

/** A sent campaign and, for each reader, the Message-ID and correlation header their message carried. */
async function sentCampaign() {
  const sent = await sentCampaignOf(accounts);
  const headersOf = async (email: string) => {
    const message = await accounts.smtp.waitForMessage(email);
    return { messageId: String(message.headers.get('message-id')), correlation: String(message.headers.get('x-postlark-delivery')) };
  };
  return { ...sent, sentTo: { ada: await headersOf(sent.ada), nameless: await headersOf(sent.nameless) } };
}

describe('the Amazon SES webhook (SNS)', () => {
  it('suppresses on a permanent bounce found by the correlation header, once, and records deliveries', async () => {
    const { customer, ids, ada, sentTo } = await sentCampaign();
    // SES replaced the Message-ID: only the correlation header names our delivery.
    const mail = { destination: [ada], correlation: sentTo.ada.correlation };
    const body = notification(sesBounce(mail, accounts.now(), { type: 'Permanent', subType: 'General' }));
    const first = await post(signed, body);
    expect(first.statusCode).toBe(200);
    expect(first.json().payload).toMatchObject({ message: RELAY_WEBHOOK_MESSAGES.received, received: 1, recorded: 1 });
    expect(await statusOf(customer.cookie, ids[ada]!)).toBe('bounced');

    const replay = await post(signed, body);
    expect(replay.json().payload).toMatchObject({ recorded: 0, duplicates: 1 });
    const reports = await reportsFor(ada);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ source: 'ses', outcome: 'dead', reason: 'unknown-user', status: '5.1.1', subscriberId: ids[ada] });
    expect(reports[0]!.key).toMatch(/^ses:[0-9a-f-]+:ada/);

    const delivered = await post(signed, notification(sesDelivery({ destination: [ada], messageId: sentTo.ada.messageId }, accounts.now()), { signatureVersion: '2' }));
    expect(delivered.json().payload).toMatchObject({ recorded: 1 });
    expect((await reportsFor(ada)).at(-1)).toMatchObject({ outcome: 'none', reason: 'delivered' });
  });

  it("counts a transient bounce, ignores the relay's own suppression, and unsubscribes only this customer's reader on a complaint", async () => {
    const { customer, ids, ada, nameless, sentTo } = await sentCampaign();
    // Another customer with the same address, never sent to: a complaint about our message is not theirs.
    const other = await accounts.signedInCustomer();
    const list = (await call('POST', 'audience/v1/lists', other.cookie, { name: 'Theirs', double_opt_in: false })).json().payload.list.id;
    const theirs = (await call('POST', 'audience/v1/subscribers', other.cookie, { email: nameless, list_ids: [list] })).json().payload.subscriber.id;

    const byMessageId = { destination: [ada], messageId: sentTo.ada.messageId };
    const transient = await post(signed, notification(sesBounce(byMessageId, accounts.now(), { type: 'Transient', subType: 'MailboxFull', status: '4.2.2', diagnostic: 'smtp; 452 4.2.2 Mailbox full' })));
    expect(transient.json().payload).toMatchObject({ recorded: 1 });
    const suppressed = await post(signed, notification(sesBounce(byMessageId, accounts.now(), { type: 'Permanent', subType: 'OnAccountSuppressionList', diagnostic: 'Amazon SES did not send the message to this address because it is on the suppression list for your account.' })));
    expect(suppressed.json().payload).toMatchObject({ recorded: 1 });
    expect(await statusOf(customer.cookie, ids[ada]!)).toBe('active');
    expect((await reportsFor(ada)).map((row) => `${row.outcome}/${row.reason}`)).toEqual(['soft/mailbox-full', 'none/relay-suppressed']);

    const notSpam = await post(signed, notification(sesComplaint({ destination: [nameless], correlation: sentTo.nameless.correlation }, accounts.now(), 'not-spam')));
    expect(notSpam.json().payload).toMatchObject({ recorded: 1 });
    expect(await statusOf(customer.cookie, ids[nameless]!)).toBe('active');
    const complaint = await post(signed, notification(sesComplaint({ destination: [nameless], correlation: sentTo.nameless.correlation }, accounts.now())));
    expect(complaint.json().payload).toMatchObject({ recorded: 1 });
    expect(await statusOf(customer.cookie, ids[nameless]!)).toBe('complained');
    expect(await statusOf(other.cookie, theirs)).toBe('active');
  });

  it('keeps a report naming no delivery of ours (a forged correlation header) without changing anyone', async () => {
    const { customer, ids, ada, sentTo } = await sentCampaign();
    const forged = `${sentTo.ada.correlation.slice(0, -4)}0000`;
    const answer = await post(signed, notification(sesBounce({ destination: [ada], correlation: forged }, accounts.now(), { type: 'Permanent', subType: 'General' })));
    expect(answer.json().payload).toMatchObject({ received: 1, recorded: 0, unmatched: 1 });
    expect(await statusOf(customer.cookie, ids[ada]!)).toBe('active');
    expect(await reportsFor(ada)).toEqual([expect.objectContaining({ outcome: 'dead', subscriberId: null })]);
  });

  it('refuses a wrong signature, a stale one, an unknown topic and a certificate from elsewhere, storing nothing', async () => {
    const { customer, ids, ada, sentTo } = await sentCampaign();
    const message = sesBounce({ destination: [ada], correlation: sentTo.ada.correlation }, accounts.now(), { type: 'Permanent', subType: 'General' });
    const tampered = JSON.parse(notification(message));
    tampered.Message = tampered.Message.replace('Permanent', 'Transient');
    const wrong = await post(signed, JSON.stringify(tampered));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().payload.message).toBe(RELAY_WEBHOOK_MESSAGES.badSignature);
    const stale = await post(signed, notification(message, { at: new Date(accounts.now().getTime() - 2 * 24 * 60 * 60 * 1000) }));
    expect(stale.statusCode).toBe(401);
    const otherKey = testSigningCertificate().privateKey;
    expect((await post(signed, notification(message, { privateKey: otherKey }))).statusCode).toBe(401);
    const elsewhere = await post(signed, notification(message, { topicArn: 'arn:aws:sns:us-east-1:999999999999:theirs' }));
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().payload.message).toBe(RELAY_WEBHOOK_MESSAGES.unknownTopic);

    // The app's own rule: a certificate not on sns.<region>.amazonaws.com is refused, and never fetched.
    const served = certificates.paths.length;
    const local = await post(accounts.app, notification(message));
    expect(local.statusCode).toBe(401);
    expect(local.json().payload.message).toBe(RELAY_WEBHOOK_MESSAGES.certificateRefused);
    expect(certificates.paths.length).toBe(served);
    expect(await reportsFor(ada)).toEqual([]);
    expect(await statusOf(customer.cookie, ids[ada]!)).toBe('active');

    for (const url of [
      'http://sns.us-east-1.amazonaws.com/SimpleNotificationService-1.pem',
      'https://sns.us-east-1.amazonaws.com.evil.example/SimpleNotificationService-1.pem',
      'https://evil.example/sns.us-east-1.amazonaws.com/x.pem',
      'https://sns.us-east-1.amazonaws.com:8443/SimpleNotificationService-1.pem',
      'https://user:pass@sns.us-east-1.amazonaws.com/SimpleNotificationService-1.pem',
      'https://sns.us_east.amazonaws.com/SimpleNotificationService-1.pem',
      'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-1.pem?x=1',
      'https://sns.amazonaws.com/SimpleNotificationService-1.pem',
    ]) {
      expect(productionCertificateUrl(url), url).toBe(false);
    }
    expect(productionCertificateUrl('https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-f3ecfb7224c7233fe7bb5f59f96de52f.pem')).toBe(true);
  });

  it('confirms a subscription only through an SNS link for an allowed topic', async () => {
    const link = `https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=${TOPIC}&Token=2336412f37fb`;
    const confirmation = (subscribeUrl: string, topicArn = TOPIC) =>
      snsBody({ type: 'SubscriptionConfirmation', topicArn, subscribeUrl, message: `You have chosen to subscribe to the topic ${topicArn}.`, at: accounts.now(), signingCertUrl: certificateUrl, privateKey });
    const confirmed = await post(signed, confirmation(link), 'SubscriptionConfirmation');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().payload.message).toBe(RELAY_WEBHOOK_MESSAGES.subscriptionConfirmed);
    expect(fetched).toContain(link);

    // Through the app: a link to our own network is refused before anything is fetched.
    const trap = await startLocalServer('ok');
    try {
      const local = await post(accounts.app, confirmation(`${trap.url}/?Action=ConfirmSubscription&TopicArn=${TOPIC}`), 'SubscriptionConfirmation');
      expect(local.statusCode).toBe(400);
      expect(local.json().payload.message).toBe(RELAY_WEBHOOK_MESSAGES.subscribeUrlRefused);
      const before = fetched.length;
      expect((await post(signed, confirmation(`${trap.url}/?Action=ConfirmSubscription&TopicArn=${TOPIC}`), 'SubscriptionConfirmation')).statusCode).toBe(400);
      expect(fetched.length).toBe(before);
      expect(trap.paths).toEqual([]);
    } finally {
      await trap.close();
    }
    const otherTopic = 'arn:aws:sns:us-east-1:999999999999:theirs';
    expect((await post(signed, confirmation(link.replace(TOPIC, otherTopic), otherTopic), 'SubscriptionConfirmation')).statusCode).toBe(403);
    expect(subscribeUrlAllowed(link.replace(TOPIC, otherTopic), TOPIC)).toBe(false);
  });

  it('answers bad input with a 4xx and 404 while no topic is set', async () => {
    const notJson = await post(accounts.app, '{"Type": "Notification", ');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().payload.message).toBe(RELAY_WEBHOOK_MESSAGES.badJson);
    expect((await post(accounts.app, JSON.stringify({ Type: 'Notification', Message: 'hi' }))).statusCode).toBe(400);
    const mislabelled = await post(accounts.app, notification('{}'), 'SubscriptionConfirmation');
    expect(mislabelled.statusCode).toBe(400);
    const huge = await post(accounts.app, 'x'.repeat(300 * 1024));
    expect(huge.statusCode).toBe(413);
    const notSes = await post(signed, notification('not json'));
    expect(notSes.statusCode).toBe(400);

    const bare = Fastify();
    registerErrorHandler(bare);
    const { delivery } = await loadCampaignLinks(accounts.database.db, accounts.config.APP_URL);
    await bare.register(relayWebhookRoutes({ db: accounts.database.db, now: accounts.now, config: { ...accounts.config, SES_SNS_TOPIC_ARNS: undefined }, delivery }));
    const off = await bare.inject({ method: 'POST', url: '/webhooks/ses', headers: { 'content-type': 'text/plain' }, payload: notification('{}') });
    expect(off.statusCode).toBe(404);
    expect(off.json().payload.message).toBe(RELAY_WEBHOOK_MESSAGES.notConfigured.ses);
    await bare.close();
  });
});
