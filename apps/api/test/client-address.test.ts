import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';
import { login } from './support/accounts';
import { useAccountsApp } from './support/accounts-app';

// Every per-client limit counts by the client's key (http/client-address.ts): the socket's
// address unless TRUST_PROXY names the proxies in front, an IPv6 client by its /64, an
// IPv4-mapped one as its IPv4 address.

const accounts = useAccountsApp({ WAITLIST_LIMIT_PER_MINUTE: '2', FORM_SIGNUP_LIMIT_PER_MINUTE: '2', EMAIL_SEND_LIMIT_PER_MINUTE: '2' });
const proxied: TestApp[] = [];
afterAll(async () => {
  await Promise.all(proxied.map((app) => app.close()));
});

async function appTrusting(trustProxy: string): Promise<FastifyInstance> {
  const testApp = await buildTestApp({ TRUST_PROXY: trustProxy, WAITLIST_LIMIT_PER_MINUTE: '2' });
  proxied.push(testApp);
  return testApp.app;
}

let joins = 0;
function join(app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) {
  joins += 1;
  return app.inject({
    method: 'POST',
    url: '/api/landing/v1/waitlist/',
    remoteAddress,
    headers,
    payload: { status: 'Waitlist', email: `join${joins}@example.com`, message: '' },
  });
}

const statuses = async (responses: Promise<{ statusCode: number }>[]) => (await Promise.all(responses)).map((response) => response.statusCode);

describe('the per-client limits', () => {
  it('ignore X-Forwarded-For while TRUST_PROXY is off: a client cannot pick a new address per request', async () => {
    const spoofed = [1, 2, 3].map((n) => join(accounts.app, '203.0.113.40', { 'x-forwarded-for': `198.51.100.${n}` }));
    expect(await statuses(spoofed)).toEqual([201, 201, 429]);
  });

  it('count an IPv6 client by its /64, however many addresses it takes from it', async () => {
    expect(await statuses(['2001:db8:40:1::1', '2001:db8:40:1::2', '2001:db8:40:1:ffff:1:2:3'].map((address) => join(accounts.app, address)))).toEqual([201, 201, 429]);
    expect((await join(accounts.app, '2001:db8:40:2::1')).statusCode).toBe(201);
  });

  it('count an IPv4-mapped IPv6 client as its IPv4 address, and not as one /64 with every other IPv4 client', async () => {
    expect(await statuses([join(accounts.app, '::ffff:198.51.100.40'), join(accounts.app, '198.51.100.40'), join(accounts.app, '::ffff:198.51.100.40')])).toEqual([201, 201, 429]);
    expect((await join(accounts.app, '::ffff:198.51.100.41')).statusCode).toBe(201);
  });

  it('hold for the email-send and form sign-up limits, and for sign-in failures', async () => {
    const sends = ['2001:db8:41::1', '2001:db8:41::2', '2001:db8:41::3'].map((remoteAddress, index) =>
      accounts.app.inject({ method: 'POST', url: '/api/authentication/v1/email-send/', remoteAddress, payload: { email_receiver: `send${index}@example.com`, direct_url: 'http://localhost:3000/signup', page: 'sign-up' } }),
    );
    expect((await statuses(sends))[2]).toBe(429);
    const form = randomUUID();
    const signups = ['2001:db8:42::1', '2001:db8:42::2', '2001:db8:42::3'].map((remoteAddress) =>
      accounts.app.inject({ method: 'POST', url: `/api/public/v1/forms/${form}/subscribe`, remoteAddress, payload: { email: 'reader@example.com' } }),
    );
    expect((await statuses(signups))[2]).toBe(429);
    // 20 failed sign-ins from one /64, each from a new address: the 21st waits.
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      expect((await login(accounts.app, `nobody${attempt}@example.com`, 'Wrong$Pass1', `2001:db8:43::${attempt.toString(16)}`)).statusCode).toBe(401);
    }
    expect((await login(accounts.app, 'nobody21@example.com', 'Wrong$Pass1', '2001:db8:43::ff')).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY', () => {
  it('as a hop count takes the address the proxy saw, not what the client wrote before it', async () => {
    const app = await appTrusting('1');
    // The proxy (10.0.0.1) appends the address it saw; whatever the client sent stands before it.
    const forwarded = [1, 2, 3].map((n) => join(app, '10.0.0.1', { 'x-forwarded-for': `198.51.100.${n}, 203.0.113.50` }));
    expect(await statuses(forwarded)).toEqual([201, 201, 429]);
    expect((await join(app, '10.0.0.1', { 'x-forwarded-for': '203.0.113.51' })).statusCode).toBe(201);
  });

  it('as a list of proxies reads X-Forwarded-For only from them', async () => {
    const app = await appTrusting('10.0.0.1');
    expect(await statuses([1, 2, 3].map((n) => join(app, '10.0.0.1', { 'x-forwarded-for': `203.0.113.60, 2001:db8:60::${n}` })))).toEqual([201, 201, 429]);
    // Not from our proxy: its own address counts, whatever it forwards.
    expect(await statuses([1, 2, 3].map((n) => join(app, '198.51.100.60', { 'x-forwarded-for': `203.0.113.${70 + n}` })))).toEqual([201, 201, 429]);
  });
});
