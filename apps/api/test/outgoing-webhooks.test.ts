import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { GENERIC_MESSAGES } from '@postlark/shared/messages';
import { WEBHOOK_ADDRESS_REFUSED, WEBHOOK_MESSAGES, WEBHOOK_TEST_EVENT } from '@postlark/shared/outgoing-webhooks';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { startHousekeeping } from '../src/jobs/housekeeping';
import { rowsOf } from '../src/db/results';
import type { JobClients } from '../src/jobs/start-jobs';
import { secretBoxWith } from '../src/lib/secret-box';
import { endpointSecretContext } from '../src/modules/outgoing-webhooks/endpoint-secrets';
import { queueWebhookEvent } from '../src/modules/outgoing-webhooks/outbox';
import { verifyWebhook } from '../src/modules/outgoing-webhooks/signature';
import { deliverDueWebhooks, WEBHOOK_SENDER_DEFAULTS, type WebhookSenderDeps } from '../src/modules/outgoing-webhooks/webhook-sender';
import { type AddressCheck, publicAddressesOnly, publicOrLoopback } from '../src/modules/outgoing-webhooks/webhook-target';
import { linkTokens, preferenceToken } from '../src/modules/preferences/link-tokens';
import { getOrCreateSecret } from '../src/modules/secrets/secrets.repository';
import { quotasFrom } from '../src/modules/senders/quotas';
import { useAccountsApp } from './support/accounts-app';
import { eventually } from './support/eventually';
import { customerWithAudience, draft, engine } from './support/campaigns';

// Outgoing webhooks end to end: endpoints made through the dashboard's routes, events recorded
// where things happen, and the delivery worker run one pass at a time (on the test's clock)
// against a local HTTP receiver that checks each signature as a customer's system would.

const SECRETS_KEY = randomBytes(32);
// Development mode, so the receiver on loopback can be registered; the delivery's address check is
// injected per pass, and the production check (public addresses only) has its own tests below.
const accounts = useAccountsApp({ SECRETS_KEY: SECRETS_KEY.toString('base64'), WEBHOOKS_ALLOW_LOCAL: 'true' });
const { call } = accounts;
const HOOKS = 'home/v1/webhooks';
const HOUR = 3_600_000;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; created_at: string; data: Record<string, unknown> };
}

/** What the receiver does with the next requests: answer a status, or never answer (a timeout). */
type Behaviour = number | 'hang';

let server: Server;
let receiverUrl: string;
let received: Received[] = [];
let behaviours: Behaviour[] = [];
const senderLog: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body, json: JSON.parse(body) });
      const behaviour = behaviours.shift() ?? 200;
      if (behaviour === 'hang') return;
      response.writeHead(behaviour, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function sender(allowed: AddressCheck = publicOrLoopback): WebhookSenderDeps {
  return {
    db: accounts.database.db,
    now: accounts.now,
    secrets: secretBoxWith(SECRETS_KEY),
    allowed,
    // Long enough for a loaded machine's answers on loopback (the PGlite database shares this thread).
    settings: { ...WEBHOOK_SENDER_DEFAULTS, timeoutMs: 2_000 },
    log: {
      warn: (object, message) => senderLog.push(JSON.stringify({ object, message })),
      error: (object, message) => senderLog.push(JSON.stringify({ object, message })),
    },
  };
}

/** One delivery pass; answers what reached the receiver in it. */
async function deliver(allowed?: AddressCheck): Promise<Received[]> {
  received = [];
  await deliverDueWebhooks(sender(allowed));
  return received;
}

async function endpointFor(cookie: string, eventTypes: string[], url = receiverUrl) {
  const created = await call('POST', HOOKS, cookie, { url, event_types: eventTypes, description: 'Our CRM' });
  expect(created.statusCode).toBe(201);
  return created.json().payload as { endpoint: { id: string }; secret: string };
}

async function log(cookie: string, endpointId: string) {
  const answer = await call('GET', `${HOOKS}/${endpointId}/deliveries`, cookie);
  expect(answer.statusCode).toBe(200);
  return answer.json().payload.attempts as { event_type: string; status_code: number | null; error: string | null; duration_ms: number; delivery_status: string; next_attempt_at: string | null }[];
}

function expectSigned(request: Received, secret: string) {
  const id = String(request.headers['webhook-id']);
  const timestamp = String(request.headers['webhook-timestamp']);
  const signature = String(request.headers['webhook-signature']);
  expect(signature).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
  expect(verifyWebhook(secret, { id, timestamp, signature }, request.body)).toBe(true);
  expect(id).toBe(request.json.id);
  // The time of this attempt, on the app's clock, in seconds.
  expect(Number(timestamp)).toBe(Math.floor(accounts.now().getTime() / 1000));
  expect(request.headers['content-type']).toBe('application/json');
}

describe('webhook endpoints', () => {
  it('shows the signing secret once, at creation and after a roll, and stores it sealed', async () => {
    const customer = await accounts.signedInCustomer();
    const created = await call('POST', HOOKS, customer.cookie, { url: 'https://crm.example.com/hooks', event_types: ['subscriber.subscribed', 'campaign.sent'] });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const { endpoint, secret, message } = created.json().payload;
    expect(message).toBe(WEBHOOK_MESSAGES.created);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({ url: 'https://crm.example.com/hooks', description: '', event_types: ['subscriber.subscribed', 'campaign.sent'], enabled: true });

    const listed = await call('GET', HOOKS, customer.cookie);
    expect(listed.json().payload.endpoints).toEqual([endpoint]);
    const edited = await call('PATCH', `${HOOKS}/${endpoint.id}`, customer.cookie, { enabled: false, description: 'Paused for now' });
    expect(edited.json().payload.endpoint).toMatchObject({ enabled: false, description: 'Paused for now' });
    const rolled = await call('POST', `${HOOKS}/${endpoint.id}/secret`, customer.cookie);
    expect(rolled.json().payload.message).toBe(WEBHOOK_MESSAGES.rolled);
    const newSecret = rolled.json().payload.secret;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
    for (const answer of [listed, edited, await call('GET', `${HOOKS}/${endpoint.id}/deliveries`, customer.cookie)]) {
      expect(answer.body).not.toContain(secret.slice(6));
      expect(answer.body).not.toContain(newSecret.slice(6));
    }
    const [stored] = rowsOf<{ secret: string }>(await accounts.database.db.execute(sql`select secret from webhook_endpoints where id = ${endpoint.id}::uuid`));
    expect(stored?.secret.startsWith('v1.')).toBe(true);
    expect(stored?.secret).not.toContain(newSecret.slice(6));
    expect(await secretBoxWith(SECRETS_KEY).open(stored!.secret, endpointSecretContext(endpoint.id))).toBe(newSecret);

    expect((await call('DELETE', `${HOOKS}/${endpoint.id}`, customer.cookie)).json().payload.message).toBe(WEBHOOK_MESSAGES.deleted);
    expect((await call('GET', HOOKS, customer.cookie)).json().payload.endpoints).toEqual([]);
  });

  it('answers bad input with the field and its message', async () => {
    const customer = await accounts.signedInCustomer();
    const cases: [object, string, string][] = [
      [{ event_types: ['campaign.sent'] }, 'url', WEBHOOK_MESSAGES.urlRequired],
      [{ url: 'not a url', event_types: ['campaign.sent'] }, 'url', WEBHOOK_MESSAGES.urlInvalid],
      [{ url: 'ftp://crm.example.com/', event_types: ['campaign.sent'] }, 'url', WEBHOOK_MESSAGES.urlInvalid],
      [{ url: 'https://me:pw@crm.example.com/', event_types: ['campaign.sent'] }, 'url', WEBHOOK_MESSAGES.urlCredentials],
      [{ url: `https://crm.example.com/${'a'.repeat(2000)}`, event_types: ['campaign.sent'] }, 'url', WEBHOOK_MESSAGES.urlTooLong],
      [{ url: 'https://crm.example.com/', event_types: [] }, 'event_types', WEBHOOK_MESSAGES.eventsRequired],
      [{ url: 'https://crm.example.com/' }, 'event_types', WEBHOOK_MESSAGES.eventsRequired],
      [{ url: 'https://crm.example.com/', event_types: ['order.placed'] }, 'event_types.0', WEBHOOK_MESSAGES.eventUnknown],
      [{ url: 'https://crm.example.com/', event_types: ['campaign.sent'], enabled: 'yes' }, 'enabled', WEBHOOK_MESSAGES.enabledInvalid],
      [{ url: 'https://crm.example.com/', event_types: ['campaign.sent'], description: 'x'.repeat(101) }, 'description', WEBHOOK_MESSAGES.descriptionTooLong],
      [{ url: 'https://crm.example.com/', event_types: ['campaign.sent'], secret: 'mine' }, 'secret', GENERIC_MESSAGES.unknownField('secret')],
      // Private addresses are refused even in development; only this machine is let through there.
      [{ url: 'http://10.0.0.8/hooks', event_types: ['campaign.sent'] }, 'url', WEBHOOK_MESSAGES.urlPrivate],
      [{ url: 'https://169.254.169.254/latest/meta-data', event_types: ['campaign.sent'] }, 'url', WEBHOOK_MESSAGES.urlPrivate],
    ];
    for (const [body, field, message] of cases) {
      const answer = await call('POST', HOOKS, customer.cookie, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().payload.errors[field], JSON.stringify(body)).toBe(message);
    }
    const { endpoint } = await endpointFor(customer.cookie, ['campaign.sent']);
    const empty = await call('PATCH', `${HOOKS}/${endpoint.id}`, customer.cookie, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().payload.message).toBe(WEBHOOK_MESSAGES.nothingToChange);
    expect((await call('PATCH', `${HOOKS}/${endpoint.id}`, customer.cookie, { url: 'http://192.168.1.20/' })).json().payload.errors.url).toBe(WEBHOOK_MESSAGES.urlPrivate);
    // Nothing was stored by the refusals: the one endpoint is the good one.
    expect((await call('GET', HOOKS, customer.cookie)).json().payload.endpoints).toHaveLength(1);
  });

  it('takes only https addresses on the public internet on a production server', async () => {
    const production = await buildApp({
      config: { ...accounts.config, WEBHOOKS_ALLOW_LOCAL: false },
      database: accounts.database,
      jobs: { mail: { enqueue: async () => {} } } as unknown as JobClients,
      now: accounts.now,
    });
    try {
      const customer = await accounts.signedInCustomer();
      const post = (url: string) => production.inject({ method: 'POST', url: `/api/${HOOKS}`, headers: { cookie: customer.cookie }, payload: { url, event_types: ['campaign.sent'] } });
      for (const [url, message] of [
        ['http://crm.example.com/hooks', WEBHOOK_MESSAGES.urlHttps],
        ['https://localhost/hooks', WEBHOOK_MESSAGES.urlPrivate],
        ['https://api.localhost/hooks', WEBHOOK_MESSAGES.urlPrivate],
        ['https://127.0.0.1/hooks', WEBHOOK_MESSAGES.urlPrivate],
        ['https://[::1]/hooks', WEBHOOK_MESSAGES.urlPrivate],
        ['https://[::ffff:10.0.0.1]/hooks', WEBHOOK_MESSAGES.urlPrivate],
        ['https://172.20.0.5/hooks', WEBHOOK_MESSAGES.urlPrivate],
        ['https://[fd00::5]/hooks', WEBHOOK_MESSAGES.urlPrivate],
      ] as const) {
        const answer = await post(url);
        expect(answer.statusCode, url).toBe(400);
        expect(answer.json().payload.errors.url, url).toBe(message);
      }
      expect((await post('https://crm.example.com/hooks')).statusCode).toBe(201);
      expect((await post('https://93.184.216.34/hooks')).statusCode).toBe(201);
    } finally {
      await production.close();
    }
  });

  it('keeps each endpoint to its owner, and a signed-out visitor out', async () => {
    const owner = await accounts.signedInCustomer();
    const other = await accounts.signedInCustomer();
    const { endpoint } = await endpointFor(owner.cookie, ['campaign.sent']);
    for (const [method, path] of [
      ['PATCH', `${HOOKS}/${endpoint.id}`],
      ['DELETE', `${HOOKS}/${endpoint.id}`],
      ['POST', `${HOOKS}/${endpoint.id}/secret`],
      ['POST', `${HOOKS}/${endpoint.id}/test`],
      ['GET', `${HOOKS}/${endpoint.id}/deliveries`],
      ['GET', `${HOOKS}/not-a-uuid/deliveries`],
    ] as const) {
      const answer = await call(method, path, other.cookie, method === 'PATCH' ? { enabled: false } : undefined);
      expect(answer.statusCode, `${method} ${path}`).toBe(404);
      expect(answer.json().payload.message).toBe(WEBHOOK_MESSAGES.notFound);
    }
    expect((await call('GET', HOOKS, other.cookie)).json().payload.endpoints).toEqual([]);
    expect((await call('GET', HOOKS)).statusCode).toBe(401);
    expect((await call('POST', HOOKS, undefined, { url: receiverUrl, event_types: ['campaign.sent'] })).statusCode).toBe(401);
    expect((await call('GET', HOOKS, owner.cookie)).json().payload.endpoints[0].enabled).toBe(true);
  });

  it('takes ten endpoints per account at most', async () => {
    const customer = await accounts.signedInCustomer();
    for (let n = 0; n < 10; n += 1) await endpointFor(customer.cookie, ['campaign.sent'], `https://crm${n}.example.com/`);
    const refused = await call('POST', HOOKS, customer.cookie, { url: 'https://crm10.example.com/', event_types: ['campaign.sent'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().payload.message).toBe(WEBHOOK_MESSAGES.tooMany);
  });
});

describe('events and their delivery', () => {
  it('sends subscribed and unsubscribed, signed, from the dashboard, the preference centre, one-click and bulk, then logs them', async () => {
    const customer = await accounts.signedInCustomer();
    const { endpoint, secret } = await endpointFor(customer.cookie, ['subscriber.subscribed', 'subscriber.unsubscribed']);
    const list = (await call('POST', 'audience/v1/lists', customer.cookie, { name: 'News' })).json().payload.list.id as string;
    const add = async (email: string) => (await call('POST', 'audience/v1/subscribers', customer.cookie, { email, first_name: 'Ada', list_ids: [list] })).json().payload.subscriber.id as string;
    const ada = await add('ada@example.com');
    const bob = await add('bob@example.com');
    const cy = await add('cy@example.com');
    const dee = await add('dee@example.com');

    const subscribed = (await deliver()).sort((a, b) => a.body.localeCompare(b.body));
    expect(subscribed.map((request) => [request.json.type, (request.json.data.subscriber as { email: string }).email]).sort()).toEqual([
      ['subscriber.subscribed', 'ada@example.com'],
      ['subscriber.subscribed', 'bob@example.com'],
      ['subscriber.subscribed', 'cy@example.com'],
      ['subscriber.subscribed', 'dee@example.com'],
    ]);
    for (const request of subscribed) expectSigned(request, secret);
    expect(subscribed.find((request) => request.body.includes('ada@'))!.json).toEqual({
      id: expect.any(String),
      type: 'subscriber.subscribed',
      created_at: accounts.now().toISOString(),
      data: { subscriber: { id: ada, email: 'ada@example.com', first_name: 'Ada', last_name: '', status: 'active' }, list_id: null },
    });
    // Delivered: nothing goes twice.
    expect(await deliver()).toEqual([]);

    accounts.advance(60_000);
    const tokens = linkTokens(await getOrCreateSecret(accounts.database.db, 'subscriber-links'));
    expect((await call('PATCH', `audience/v1/subscribers/${ada}`, customer.cookie, { status: 'unsubscribed' })).statusCode).toBe(200);
    expect((await call('POST', `public/v1/preferences/${preferenceToken(tokens, bob)}/unsubscribe`)).statusCode).toBe(200);
    const oneClick = await accounts.app.inject({
      method: 'POST',
      url: `/u/${preferenceToken(tokens, cy)}/one-click`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBeLessThan(300);
    expect((await call('POST', 'audience/v1/subscribers/bulk', customer.cookie, { action: 'unsubscribe', ids: [dee] })).statusCode).toBe(200);

    const left = await deliver();
    expect(left.map((request) => [request.json.type, (request.json.data.subscriber as { id: string; status: string }).id]).sort()).toEqual(
      [ada, bob, cy, dee].map((id) => ['subscriber.unsubscribed', id]).sort(),
    );
    for (const request of left) {
      expectSigned(request, secret);
      expect(request.json.data.subscriber).toMatchObject({ status: 'unsubscribed' });
      expect(request.json.created_at).toBe(accounts.now().toISOString());
    }
    const attempts = await log(customer.cookie, endpoint.id);
    expect(attempts).toHaveLength(8);
    expect(attempts.every((attempt) => attempt.status_code === 200 && attempt.error === null && attempt.delivery_status === 'delivered')).toBe(true);
    expect(attempts.slice(0, 4).every((attempt) => attempt.event_type === 'subscriber.unsubscribed')).toBe(true);
  });

  it('sends subscribed from a single opt-in sign-up at once, and from a double opt-in one only when confirmed', async () => {
    const customer = await accounts.signedInCustomer();
    await endpointFor(customer.cookie, ['subscriber.subscribed']);
    const { subscribeToList, confirmSubscription } = await import('../src/modules/forms/subscriptions.service');
    const tokens = linkTokens(await getOrCreateSecret(accounts.database.db, 'subscriber-links'));
    const confirmations: string[] = [];
    const deps = {
      db: accounts.database.db,
      now: accounts.now,
      appUrl: 'http://localhost:3000',
      tokens,
      mail: { enqueue: async (message: { link?: string }) => void confirmations.push(message.link ?? '') },
      quotas: quotasFrom(accounts.config),
    };
    const listOf = async (doubleOptIn: boolean) => {
      const id = (await call('POST', 'audience/v1/lists', customer.cookie, { name: doubleOptIn ? 'Double' : 'Single', double_opt_in: doubleOptIn })).json().payload.list.id as string;
      return { customerId: customer.customerId, listId: id, listName: 'L', doubleOptIn, sender: 'Lark' };
    };
    const single = await listOf(false);
    const double = await listOf(true);
    const person = { email: 'form@example.com', first_name: 'Fay', last_name: 'Orm' };
    await subscribeToList(deps as never, single, person, { source: 'form' });
    await subscribeToList(deps as never, double, { ...person, email: 'careful@example.com' }, { source: 'form' });

    const atOnce = await deliver();
    expect(atOnce.map((request) => [(request.json.data.subscriber as { email: string }).email, request.json.data.list_id])).toEqual([['form@example.com', single.listId]]);

    const token = new URL(confirmations[0]!).searchParams.get('token')!;
    await confirmSubscription(deps as never, token);
    const confirmed = await deliver();
    expect(confirmed.map((request) => [(request.json.data.subscriber as { email: string }).email, request.json.data.list_id])).toEqual([['careful@example.com', double.listId]]);
  });

  it('sends campaign.sent when a campaign finishes, with what became of its messages', async () => {
    const { customer, list } = await customerWithAudience(accounts);
    const { secret } = await endpointFor(customer.cookie, ['campaign.sent']);
    const campaign = (await call('POST', 'campaigns/v1/campaigns', customer.cookie, draft(list))).json().payload.campaign;
    expect((await call('POST', `campaigns/v1/campaigns/${campaign.id}/send`, customer.cookie)).statusCode).toBe(200);
    // Sending has not finished: nothing yet.
    expect(await deliver()).toEqual([]);
    const { run, close } = await engine(accounts);
    try {
      await run();
    } finally {
      await close();
    }
    const [sent, ...more] = await deliver();
    expect(more).toEqual([]);
    expectSigned(sent!, secret);
    expect(sent!.json.type).toBe('campaign.sent');
    expect(sent!.json.data).toEqual({
      campaign: { id: campaign.id, name: 'November news', subject: campaign.subject, started_at: expect.any(String), finished_at: accounts.now().toISOString() },
      messages: { sent: 2 },
    });
  });

  it('sends subscribed for each address an import adds, and none for one already there', async () => {
    const customer = await accounts.signedInCustomer();
    await endpointFor(customer.cookie, ['subscriber.subscribed']);
    await call('POST', 'audience/v1/subscribers', customer.cookie, { email: 'known@example.com' });
    expect(await deliver()).toHaveLength(1);
    const created = await call('POST', 'audience/v1/imports', customer.cookie, { file_name: 'people.csv', columns: [{ field: 'email' }, { field: 'first_name' }] });
    const { id } = created.json().payload.import;
    const csv = ['Email,First name', 'known@example.com,Known', 'nia@example.com,Nia', 'omar@example.com,Omar'].join('\r\n');
    await accounts.app.inject({ method: 'PUT', url: `/api/audience/v1/imports/${id}/file`, headers: { cookie: customer.cookie, 'content-type': 'text/csv' }, payload: csv });
    await eventually(async () => ((await call('GET', `audience/v1/imports/${id}`, customer.cookie)).json().payload.status === 'done' ? true : undefined), {
      what: 'the import to finish',
      timeoutMs: 20_000,
    });
    const added = await deliver();
    expect(added.map((request) => [request.json.type, (request.json.data.subscriber as { email: string; first_name: string }).first_name]).sort()).toEqual([
      ['subscriber.subscribed', 'Nia'],
      ['subscriber.subscribed', 'Omar'],
    ]);
  });

  it('records an event only when the transaction that reports it commits, and only for endpoints that want it and are on', async () => {
    const customer = await accounts.signedInCustomer();
    const wanted = await endpointFor(customer.cookie, ['automation.email_sent', 'order.attributed']);
    const off = await endpointFor(customer.cookie, ['automation.email_sent']);
    await call('PATCH', `${HOOKS}/${off.endpoint.id}`, customer.cookie, { enabled: false });
    await endpointFor(customer.cookie, ['campaign.sent']);
    const db = accounts.database.db;
    await expect(
      db.transaction(async (tx) => {
        await queueWebhookEvent(tx, customer.customerId, 'order.attributed', { order_id: 'rolled-back' }, accounts.now());
        throw new Error('the order was not stored after all');
      }),
    ).rejects.toThrow();
    await db.transaction(async (tx) => {
      await queueWebhookEvent(tx, customer.customerId, 'automation.email_sent', { flow_id: 'f1', subscriber_id: 's1' }, accounts.now());
    });
    const delivered = await deliver();
    expect(delivered.map((request) => [request.json.type, request.json.data])).toEqual([['automation.email_sent', { flow_id: 'f1', subscriber_id: 's1' }]]);
    expectSigned(delivered[0]!, wanted.secret);
    const outbox = rowsOf<{ type: string }>(await db.execute(sql`select type from webhook_outbox where customer_id = ${customer.customerId}::uuid`));
    expect(outbox.map((row) => row.type)).toEqual(['automation.email_sent']);
  });

  it('retries after a 500 and a timeout with growing waits, then delivers the same event', async () => {
    const customer = await accounts.signedInCustomer();
    const { endpoint, secret } = await endpointFor(customer.cookie, ['subscriber.subscribed']);
    await call('POST', 'audience/v1/subscribers', customer.cookie, { email: 'retry@example.com' });

    behaviours = [500];
    const first = await deliver();
    expect(first).toHaveLength(1);
    let [latest] = await log(customer.cookie, endpoint.id);
    expect(latest).toMatchObject({ status_code: 500, error: null, delivery_status: 'pending', next_attempt_at: new Date(accounts.now().getTime() + 30_000).toISOString() });
    // Not due yet.
    accounts.advance(29_000);
    expect(await deliver()).toEqual([]);

    accounts.advance(1_000);
    behaviours = ['hang'];
    const second = await deliver();
    expect(second).toHaveLength(1);
    [latest] = await log(customer.cookie, endpoint.id);
    expect(latest).toMatchObject({ status_code: null, error: 'timed out after 2 s', delivery_status: 'pending', next_attempt_at: new Date(accounts.now().getTime() + 60_000).toISOString() });
    expect(typeof latest!.duration_ms).toBe('number');

    accounts.advance(60_000);
    const third = await deliver();
    expect(third).toHaveLength(1);
    expectSigned(third[0]!, secret);
    // The same event each time: a receiver can tell a retry by its id.
    expect(new Set([first[0]!.json.id, second[0]!.json.id, third[0]!.json.id]).size).toBe(1);
    expect(third[0]!.body).toBe(first[0]!.body);
    const attempts = await log(customer.cookie, endpoint.id);
    expect(attempts.map((attempt) => [attempt.status_code, attempt.error, attempt.delivery_status])).toEqual([
      [200, null, 'delivered'],
      [null, 'timed out after 2 s', 'delivered'],
      [500, null, 'delivered'],
    ]);
  });

  it('never follows a redirect: a 3xx is a failed attempt, tried again later', async () => {
    const customer = await accounts.signedInCustomer();
    const { endpoint } = await endpointFor(customer.cookie, ['subscriber.subscribed']);
    await call('POST', 'audience/v1/subscribers', customer.cookie, { email: 'moved@example.com' });
    behaviours = [301];
    expect(await deliver()).toHaveLength(1);
    const [attempt] = await log(customer.cookie, endpoint.id);
    expect(attempt).toMatchObject({ status_code: 301, error: 'redirects are not followed: answer 2xx at this address', delivery_status: 'pending' });
    accounts.advance(30_000);
    expect(await deliver()).toHaveLength(1);
    expect((await log(customer.cookie, endpoint.id))[0]).toMatchObject({ status_code: 200, delivery_status: 'delivered' });
  });

  it('holds events for an endpoint turned off, sends them when it is turned on again within the day, and fails them after', async () => {
    const customer = await accounts.signedInCustomer();
    const { endpoint } = await endpointFor(customer.cookie, ['subscriber.unsubscribed']);
    const add = async (email: string) => (await call('POST', 'audience/v1/subscribers', customer.cookie, { email })).json().payload.subscriber.id as string;
    const early = await add('early@example.com');
    const late = await add('late@example.com');
    await call('PATCH', `audience/v1/subscribers/${early}`, customer.cookie, { status: 'unsubscribed' });
    await call('PATCH', `${HOOKS}/${endpoint.id}`, customer.cookie, { enabled: false });
    // Recorded while on, held while off; nothing at all is recorded while off.
    await call('PATCH', `audience/v1/subscribers/${late}`, customer.cookie, { status: 'unsubscribed' });
    expect(await deliver()).toEqual([]);
    accounts.advance(2 * HOUR);
    await call('PATCH', `${HOOKS}/${endpoint.id}`, customer.cookie, { enabled: true });
    expect((await deliver()).map((request) => (request.json.data.subscriber as { email: string }).email)).toEqual(['early@example.com']);

    const again = await add('again@example.com');
    await call('PATCH', `audience/v1/subscribers/${again}`, customer.cookie, { status: 'unsubscribed' });
    await call('PATCH', `${HOOKS}/${endpoint.id}`, customer.cookie, { enabled: false });
    accounts.advance(25 * HOUR);
    await call('PATCH', `${HOOKS}/${endpoint.id}`, customer.cookie, { enabled: true });
    expect(await deliver()).toEqual([]);
    const statuses = rowsOf<{ status: string }>(await accounts.database.db.execute(sql`select status from webhook_sends where endpoint_id = ${endpoint.id}::uuid order by created_at`));
    expect(statuses.map((row) => row.status)).toEqual(['delivered', 'failed']);
  });

  it('gives up 24 hours after the event, marking it failed', async () => {
    const customer = await accounts.signedInCustomer();
    const { endpoint } = await endpointFor(customer.cookie, ['subscriber.subscribed']);
    await call('POST', 'audience/v1/subscribers', customer.cookie, { email: 'never@example.com' });
    const start = accounts.now().getTime();
    let attempts = 0;
    for (;;) {
      behaviours = [503];
      attempts += (await deliver()).length;
      const [latest] = await log(customer.cookie, endpoint.id);
      if (latest!.delivery_status === 'failed') break;
      expect(attempts).toBeLessThan(40);
      accounts.advance(new Date(latest!.next_attempt_at!).getTime() - accounts.now().getTime());
    }
    const entries = await log(customer.cookie, endpoint.id);
    expect(entries).toHaveLength(attempts);
    expect(entries.every((entry) => entry.status_code === 503 && entry.delivery_status === 'failed')).toBe(true);
    // Waits of 30 s, 1, 2, 4 … minutes up to 3 hours: the last attempt within the day, the next one past it.
    expect(attempts).toBe(16);
    expect(accounts.now().getTime() - start).toBeLessThan(24 * HOUR);
    expect(accounts.now().getTime() - start).toBeGreaterThan(20 * HOUR);
    accounts.advance(12 * HOUR);
    expect(await deliver()).toEqual([]);
  });

  it('refuses, with the real check, an endpoint whose host is this machine or a private network, at every delivery', async () => {
    const customer = await accounts.signedInCustomer();
    const named = await endpointFor(customer.cookie, ['subscriber.subscribed'], receiverUrl.replace('127.0.0.1', 'localhost'));
    await call('POST', 'audience/v1/subscribers', customer.cookie, { email: 'private@example.com' });
    // Two endpoints (the other by its literal address): two refused attempts, nothing received.
    const literal = await endpointFor(customer.cookie, ['subscriber.subscribed']);
    await call('POST', 'audience/v1/subscribers', customer.cookie, { email: 'private2@example.com' });
    expect(await deliver(publicAddressesOnly)).toEqual([]);
    const [byName] = await log(customer.cookie, named.endpoint.id);
    expect(byName).toMatchObject({ status_code: null, delivery_status: 'pending' });
    expect(byName!.error).toBe(WEBHOOK_ADDRESS_REFUSED);
    const [byAddress] = await log(customer.cookie, literal.endpoint.id);
    expect(byAddress).toMatchObject({ status_code: null, error: WEBHOOK_ADDRESS_REFUSED });
    // Out of the way of the later tests' passes.
    for (const { endpoint } of [named, literal]) await call('DELETE', `${HOOKS}/${endpoint.id}`, customer.cookie);
  });

  it('sends a test event to one endpoint, signed with the rolled secret, and none to a disabled one', async () => {
    const customer = await accounts.signedInCustomer();
    const { endpoint, secret } = await endpointFor(customer.cookie, ['campaign.sent']);
    const newSecret = (await call('POST', `${HOOKS}/${endpoint.id}/secret`, customer.cookie)).json().payload.secret as string;
    const queued = await call('POST', `${HOOKS}/${endpoint.id}/test`, customer.cookie);
    expect(queued.statusCode).toBe(202);
    expect(queued.json().payload.message).toBe(WEBHOOK_MESSAGES.testQueued);
    const [test] = await deliver();
    expect(test!.json).toMatchObject({ id: queued.json().payload.event_id, type: WEBHOOK_TEST_EVENT, data: { endpoint_id: endpoint.id } });
    expectSigned(test!, newSecret);
    expect(verifyWebhook(secret, { id: test!.json.id, timestamp: String(test!.headers['webhook-timestamp']), signature: String(test!.headers['webhook-signature']) }, test!.body)).toBe(false);
    expect((await log(customer.cookie, endpoint.id))[0]).toMatchObject({ event_type: WEBHOOK_TEST_EVENT, status_code: 200, delivery_status: 'delivered' });

    await call('PATCH', `${HOOKS}/${endpoint.id}`, customer.cookie, { enabled: false });
    const refused = await call('POST', `${HOOKS}/${endpoint.id}/test`, customer.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().payload.message).toBe(WEBHOOK_MESSAGES.testDisabled);
  });

  it('never writes a signing secret to the request log or the worker log', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const verbose = await buildApp({
      config: { ...accounts.config, LOG_LEVEL: 'trace' },
      database: accounts.database,
      jobs: { mail: { enqueue: async () => {} } } as unknown as JobClients,
      now: accounts.now,
      logStream,
    });
    try {
      const customer = await accounts.signedInCustomer();
      const created = await verbose.inject({ method: 'POST', url: `/api/${HOOKS}`, headers: { cookie: customer.cookie }, payload: { url: receiverUrl, event_types: ['subscriber.subscribed'] } });
      const { endpoint, secret } = created.json().payload;
      const rolled = (await verbose.inject({ method: 'POST', url: `/api/${HOOKS}/${endpoint.id}/secret`, headers: { cookie: customer.cookie } })).json().payload.secret;
      await verbose.inject({ method: 'POST', url: `/api/${HOOKS}/${endpoint.id}/test`, headers: { cookie: customer.cookie } });
      await deliver();
      expect(lines.length).toBeGreaterThan(0);
      for (const text of [...lines, ...senderLog]) {
        for (const value of [secret, rolled]) {
          expect(text).not.toContain(value.slice(6));
          expect(text).not.toContain(encodeURIComponent(value.slice(6)));
        }
      }
    } finally {
      await verbose.close();
    }
  });

  // Last: the housekeeping pass also ends the sessions this month-long jump leaves idle.
  it('drops events past 30 days with their sends and attempts, and keeps one still to send', async () => {
    const customer = await accounts.signedInCustomer();
    const { endpoint } = await endpointFor(customer.cookie, ['subscriber.subscribed']);
    await call('POST', 'audience/v1/subscribers', customer.cookie, { email: 'old@example.com' });
    expect(await deliver()).toHaveLength(1);
    await call('POST', 'audience/v1/subscribers', customer.cookie, { email: 'waiting@example.com' });
    const db = accounts.database.db;
    const types = async () =>
      rowsOf<{ email: string; status: string }>(
        await db.execute(sql`select o.data->'subscriber'->>'email' as email, s.status from webhook_outbox o join webhook_sends s on s.event_id = o.id
          where s.endpoint_id = ${endpoint.id}::uuid order by email`),
      );
    expect(await types()).toEqual([
      { email: 'old@example.com', status: 'delivered' },
      { email: 'waiting@example.com', status: 'pending' },
    ]);
    accounts.advance(31 * 24 * HOUR);
    const housekeeping = startHousekeeping({ db, now: accounts.now, log: pino({ level: 'silent' }) });
    await housekeeping.stop();
    expect(await types()).toEqual([{ email: 'waiting@example.com', status: 'pending' }]);
    expect(rowsOf(await db.execute(sql`select 1 from webhook_attempts where endpoint_id = ${endpoint.id}::uuid`))).toEqual([]);
  });
});

