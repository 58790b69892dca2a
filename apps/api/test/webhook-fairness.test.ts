import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_LIMITS, WEBHOOK_MESSAGES, WEBHOOK_PAUSE_TEXTS } from '@postlark/shared/outgoing-webhooks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/results';
import { secretBoxWith } from '../src/lib/secret-box';
import { queueWebhookEvent } from '../src/modules/outgoing-webhooks/outbox';
import { deliverDueWebhooks, startWebhookSender, WEBHOOK_SENDER_DEFAULTS, type WebhookSenderDeps } from '../src/modules/outgoing-webhooks/webhook-sender';
import { publicOrLoopback } from '../src/modules/outgoing-webhooks/webhook-target';
import { useAccountsApp } from './support/accounts-app';
import { eventually } from './support/eventually';

// One tenant's endpoints cannot hold the others' webhooks: tenant A's endpoint is a tarpit (a
// local server that takes the request and never answers), tenant B's is fine. Passes run on the
// test's clock; only the attempts' own timeout is real time.

const SECRETS_KEY = randomBytes(32);
const accounts = useAccountsApp({ SECRETS_KEY: SECRETS_KEY.toString('base64'), WEBHOOKS_ALLOW_LOCAL: 'true' });
const { call } = accounts;
const HOOKS = 'home/v1/webhooks';
const HOUR = 3_600_000;
const TIMEOUT_MS = 1_500;

/** The tarpit: what it holds open now, at most, per path and in all, and how many it saw end. */
const tarpit = { open: new Map<string, number>(), maxOpen: new Map<string, number>(), total: 0, maxTotal: 0, ended: 0, requests: 0, answer: false };
/** B's receiver: each arrival, with how many of A's attempts had ended by then. */
const arrivals: { path: string; tarpitEnded: number }[] = [];
// Each test counts its own: a connection an earlier test's attempt left may close during the next.
let generation = 0;
let tarpitServer: Server;
let receiverServer: Server;
let tarpitUrl = '';
let receiverUrl = '';

beforeAll(async () => {
  tarpitServer = createServer((request, response) => {
    const path = request.url ?? '';
    const counted = generation;
    tarpit.requests += 1;
    tarpit.open.set(path, (tarpit.open.get(path) ?? 0) + 1);
    tarpit.maxOpen.set(path, Math.max(tarpit.maxOpen.get(path) ?? 0, tarpit.open.get(path)!));
    tarpit.total += 1;
    tarpit.maxTotal = Math.max(tarpit.maxTotal, tarpit.total);
    request.socket.once('close', () => {
      if (counted !== generation) return;
      tarpit.open.set(path, tarpit.open.get(path)! - 1);
      tarpit.total -= 1;
      tarpit.ended += 1;
    });
    request.resume();
    // Never an answer, unless the test says the endpoint was fixed.
    if (tarpit.answer) request.on('end', () => response.writeHead(200).end('ok'));
  });
  receiverServer = createServer((request, response) => {
    arrivals.push({ path: request.url ?? '', tarpitEnded: tarpit.ended });
    request.resume();
    request.on('end', () => response.writeHead(200).end('ok'));
  });
  for (const server of [tarpitServer, receiverServer]) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  tarpitUrl = `http://127.0.0.1:${(tarpitServer.address() as AddressInfo).port}`;
  receiverUrl = `http://127.0.0.1:${(receiverServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const server of [tarpitServer, receiverServer]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const sender = (): WebhookSenderDeps => ({
  db: accounts.database.db,
  now: accounts.now,
  secrets: secretBoxWith(SECRETS_KEY),
  allowed: publicOrLoopback,
  settings: { ...WEBHOOK_SENDER_DEFAULTS, timeoutMs: TIMEOUT_MS },
  log: { warn: () => {}, error: () => {} },
});

function resetCounts() {
  generation += 1;
  Object.assign(tarpit, { open: new Map(), maxOpen: new Map(), total: 0, maxTotal: 0, ended: 0, requests: 0 });
  arrivals.length = 0;
}

async function endpoint(cookie: string, url: string): Promise<string> {
  const created = await call('POST', HOOKS, cookie, { url, event_types: ['campaign.sent'] });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().payload.endpoint.id as string;
}

async function events(customerId: string, count: number) {
  for (let n = 0; n < count; n += 1) await queueWebhookEvent(accounts.database.db, customerId, 'campaign.sent', { n }, accounts.now());
}

async function listed(cookie: string, id: string) {
  const endpoints = (await call('GET', HOOKS, cookie)).json().payload.endpoints as { id: string; paused: { reason: string; until: string } | null }[];
  return endpoints.find((each) => each.id === id)!;
}

const statuses = async (endpointId: string) =>
  rowsOf<{ status: string }>(await accounts.database.db.execute(sql`select status from webhook_sends where endpoint_id = ${endpointId}::uuid order by id`)).map((row) => row.status);

describe('webhook delivery, fair between tenants', () => {
  it("delivers tenant B's event in the pass where tenant A's tarpit holds its attempts, within caps per endpoint and per account", async () => {
    resetCounts();
    const a = await accounts.signedInCustomer();
    const b = await accounts.signedInCustomer();
    const tarpits = [await endpoint(a.cookie, `${tarpitUrl}/a1`), await endpoint(a.cookie, `${tarpitUrl}/a2`), await endpoint(a.cookie, `${tarpitUrl}/a3`)];
    const fine = await endpoint(b.cookie, `${receiverUrl}/b`);
    // A's backlog first: 30 sends older than B's one.
    await events(a.customerId, 10);
    accounts.advance(1_000);
    await events(b.customerId, 1);

    await deliverDueWebhooks(sender());
    expect(arrivals).toEqual([{ path: '/b', tarpitEnded: 0 }]);
    expect(await statuses(fine)).toEqual(['delivered']);
    // Two at once per endpoint and four per account, whatever A has waiting.
    expect(Math.max(...tarpit.maxOpen.values())).toBeLessThanOrEqual(WEBHOOK_SENDER_DEFAULTS.perEndpoint);
    expect(tarpit.maxTotal).toBeLessThanOrEqual(WEBHOOK_SENDER_DEFAULTS.perCustomer);
    // Each of A's endpoints timed out three times (or four: one was under way) and is paused.
    for (const id of tarpits) expect((await listed(a.cookie, id)).paused).toMatchObject({ until: new Date(accounts.now().getTime() + 5 * 60_000).toISOString() });
    expect(tarpit.requests).toBeLessThanOrEqual(3 * 4);
    // Out of the way of the later tests' passes.
    for (const id of tarpits) await call('DELETE', `${HOOKS}/${id}`, a.cookie);
    await call('DELETE', `${HOOKS}/${fine}`, b.cookie);
  });

  it("runs a continuous pool: in the worker's loop, B's event recorded while A's attempts hang goes out before any of them ends", async () => {
    resetCounts();
    const a = await accounts.signedInCustomer();
    const b = await accounts.signedInCustomer();
    const slow = await endpoint(a.cookie, `${tarpitUrl}/loop`);
    const fine = await endpoint(b.cookie, `${receiverUrl}/loop`);
    await events(a.customerId, 10);
    const worker = startWebhookSender({ ...sender(), settings: { ...sender().settings, timeoutMs: 3_000, idleMs: 20 } });
    try {
      await eventually(() => (tarpit.total >= 1 ? true : undefined), { what: "A's first attempt to reach the tarpit" });
      await events(b.customerId, 1);
      await eventually(() => (arrivals.length > 0 ? true : undefined), { what: "B's event to arrive" });
    } finally {
      await worker.stop();
    }
    expect(arrivals).toEqual([{ path: '/loop', tarpitEnded: 0 }]);
    await call('DELETE', `${HOOKS}/${slow}`, a.cookie);
    await call('DELETE', `${HOOKS}/${fine}`, b.cookie);
  });

  it("keeps tenant B's send that waited behind A's backlog: its 24 hours start at its first attempt", async () => {
    resetCounts();
    const a = await accounts.signedInCustomer();
    const b = await accounts.signedInCustomer();
    const slow = await endpoint(a.cookie, `${tarpitUrl}/slow`);
    const fine = await endpoint(b.cookie, `${receiverUrl}/late`);
    await events(a.customerId, 30);
    accounts.advance(1_000);
    await events(b.customerId, 1);
    // A day and more with no turn for them (the workers were busy with others, or none ran).
    accounts.advance(25 * HOUR);
    await deliverDueWebhooks(sender());
    expect(arrivals.map((arrival) => arrival.path)).toEqual(['/late']);
    expect(await statuses(fine)).toEqual(['delivered']);
    // A's were not failed either: tried now, three timed out, and the pause holds the rest, whose day starts now.
    expect((await statuses(slow)).every((status) => status === 'pending')).toBe(true);
    accounts.advance(25 * HOUR);
    await deliverDueWebhooks(sender());
    expect(new Set(await statuses(slow))).toEqual(new Set(['failed']));
    await call('DELETE', `${HOOKS}/${slow}`, a.cookie);
    await call('DELETE', `${HOOKS}/${fine}`, b.cookie);
  });

  it('pauses an endpoint that keeps timing out, longer each time, tries one event when a pause ends, and resumes once it answers', async () => {
    resetCounts();
    const c = await accounts.signedInCustomer();
    const id = await endpoint(c.cookie, `${tarpitUrl}/c`);
    await events(c.customerId, 6);
    await deliverDueWebhooks(sender());
    const timeouts = tarpit.requests;
    expect(timeouts).toBeGreaterThanOrEqual(3);
    const paused = await listed(c.cookie, id);
    expect(paused.paused).toEqual({ reason: WEBHOOK_PAUSE_TEXTS.reason(timeouts), until: new Date(accounts.now().getTime() + 5 * 60_000).toISOString() });

    // Due again after 30 s, but held for the five minutes.
    accounts.advance(4 * 60_000);
    await deliverDueWebhooks(sender());
    expect(tarpit.requests).toBe(timeouts);
    // Then one event, alone; it times out again, and the next pause is twice as long.
    accounts.advance(60_000);
    await deliverDueWebhooks(sender());
    expect(tarpit.requests).toBe(timeouts + 1);
    expect((await listed(c.cookie, id)).paused).toEqual({ reason: WEBHOOK_PAUSE_TEXTS.reason(timeouts + 1), until: new Date(accounts.now().getTime() + 10 * 60_000).toISOString() });
    accounts.advance(9 * 60_000);
    await deliverDueWebhooks(sender());
    expect(tarpit.requests).toBe(timeouts + 1);

    // Fixed: the next probe is answered, the breaker closes, and everything held goes out.
    tarpit.answer = true;
    try {
      accounts.advance(60_000);
      await deliverDueWebhooks(sender());
    } finally {
      tarpit.answer = false;
    }
    expect(await statuses(id)).toEqual(Array(6).fill('delivered'));
    expect((await listed(c.cookie, id)).paused).toBeNull();
    await call('DELETE', `${HOOKS}/${id}`, c.cookie);
  });

  it('resumes a paused endpoint at once when its owner turns it off and on', async () => {
    resetCounts();
    const c = await accounts.signedInCustomer();
    const id = await endpoint(c.cookie, `${tarpitUrl}/d`);
    await events(c.customerId, 3);
    await deliverDueWebhooks(sender());
    expect((await listed(c.cookie, id)).paused).not.toBeNull();
    await call('PATCH', `${HOOKS}/${id}`, c.cookie, { enabled: false });
    const on = await call('PATCH', `${HOOKS}/${id}`, c.cookie, { enabled: true });
    expect(on.json().payload.endpoint.paused).toBeNull();
    await call('DELETE', `${HOOKS}/${id}`, c.cookie);
  });
});

describe('test events', () => {
  it('takes so many an hour per endpoint and per account, then answers 429 with why', async () => {
    const c = await accounts.signedInCustomer();
    const ids = [];
    for (let n = 0; n < 4; n += 1) ids.push(await endpoint(c.cookie, `${receiverUrl}/t${n}`));
    const test = (id: string) => call('POST', `${HOOKS}/${id}/test`, c.cookie);
    for (let n = 0; n < WEBHOOK_LIMITS.testEventsPerEndpointPerHour; n += 1) expect((await test(ids[0]!)).statusCode).toBe(202);
    const perEndpoint = await test(ids[0]!);
    expect(perEndpoint.statusCode).toBe(429);
    expect(perEndpoint.json().payload.message).toBe(WEBHOOK_MESSAGES.testTooManyEndpoint);

    for (const id of ids.slice(1, 3)) for (let n = 0; n < WEBHOOK_LIMITS.testEventsPerEndpointPerHour; n += 1) expect((await test(id)).statusCode).toBe(202);
    // Thirty from the account: the fourth endpoint's first is one too many; deleting one does not give any back.
    await call('DELETE', `${HOOKS}/${ids[2]}`, c.cookie);
    const perAccount = await test(ids[3]!);
    expect(perAccount.statusCode).toBe(429);
    expect(perAccount.json().payload.message).toBe(WEBHOOK_MESSAGES.testTooManyAccount);

    accounts.advance(HOUR);
    expect((await test(ids[3]!)).statusCode).toBe(202);
    expect((await test(ids[0]!)).statusCode).toBe(202);
    for (const id of [ids[0], ids[1], ids[3]]) await call('DELETE', `${HOOKS}/${id}`, c.cookie);
  });
});
