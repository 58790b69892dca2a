import { GENERIC_MESSAGES } from '@postlark/shared/messages';
import { describe, expect, it } from 'vitest';
import { APP_URL, login, STRONG_PASSWORD } from './support/accounts';
import { useAccountsApp } from './support/accounts-app';

// Another site's page can make a signed-in browser send requests here (a form post, a fetch).
// SameSite=Lax keeps the session cookie off most of them, not off a sibling subdomain's, nor in
// every browser: a state change signed in by the cookie must come from our own pages.

const accounts = useAccountsApp();

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function send(method: Method, url: string, headers: Record<string, string>, payload?: object | string) {
  return accounts.app.inject({ method, url: `/api/${url}`, headers, ...(payload !== undefined ? { payload } : {}) });
}

async function nameOf(customerId: string, cookie: string): Promise<string> {
  return (await accounts.call('GET', `home/v1/user/${customerId}`, cookie)).json().payload.additional_info.first_name;
}

describe('state changes signed in by the session cookie', () => {
  it('are refused with 403 when the Origin is another site, and change nothing', async () => {
    const { customerId, cookie } = await accounts.signedInCustomer();
    for (const origin of ['https://evil.example', 'null', 'http://localhost:3000.evil.example', 'http://localhost:3001', 'https://localhost:3000', 'http://evil.example:3000', 'not a url']) {
      const response = await send('PATCH', `home/v1/user/${customerId}`, { cookie, origin }, { first_name: 'Mallory', last_name: 'X' });
      expect(response.statusCode, origin).toBe(403);
      expect(response.json()).toEqual({ payload: { message: GENERIC_MESSAGES.crossSiteRefused } });
    }
    expect(await nameOf(customerId, cookie)).toBe('Ada');
    // Signing out is a state change too: another site cannot end the session.
    expect((await send('DELETE', 'authentication/v1/session', { cookie, origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await accounts.call('GET', 'authentication/v1/session', cookie)).statusCode).toBe(200);
  });

  it('are refused when a browser says, without an Origin, that the request is cross-site or from a sibling site', async () => {
    const { customerId, cookie } = await accounts.signedInCustomer();
    for (const site of ['cross-site', 'same-site']) {
      const response = await send('PATCH', `home/v1/user/${customerId}`, { cookie, 'sec-fetch-site': site }, { first_name: 'Mallory', last_name: 'X' });
      expect(response.statusCode, site).toBe(403);
    }
    expect(await nameOf(customerId, cookie)).toBe('Ada');
  });

  it('work from our own pages: the site origin however written, or same-origin fetch metadata', async () => {
    const { customerId, cookie } = await accounts.signedInCustomer();
    const variants: Record<string, string>[] = [
      { origin: APP_URL },
      { origin: APP_URL.toUpperCase() },
      { origin: `${APP_URL}/` },
      { origin: APP_URL, 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'same-origin' },
    ];
    for (const [index, headers] of variants.entries()) {
      const response = await send('PATCH', `home/v1/user/${customerId}`, { cookie, ...headers }, { first_name: `Grace${'e'.repeat(index)}`, last_name: 'Hopper' });
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
    }
    expect(await nameOf(customerId, cookie)).toBe(`Grace${'e'.repeat(variants.length - 1)}`);
  });

  it('work from clients that are not browsers: neither Origin nor fetch metadata, or a Bearer token', async () => {
    const { email, customerId, cookie } = await accounts.signedInCustomer();
    expect((await send('PATCH', `home/v1/user/${customerId}`, { cookie }, { first_name: 'Plain', last_name: 'Client' })).statusCode).toBe(200);
    const token = (await login(accounts.app, email, STRONG_PASSWORD)).json().payload.credentials.access_token as string;
    const bearer = await send('PATCH', `home/v1/user/${customerId}`, { authorization: `Bearer ${token}` }, { first_name: 'Bearer', last_name: 'Client' });
    expect(bearer.statusCode).toBe(200);
    // A Bearer token is what signs it in, even beside a cookie: another site cannot set the header.
    const both = await send('PATCH', `home/v1/user/${customerId}`, { authorization: `Bearer ${token}`, cookie, origin: 'https://tool.example' }, { first_name: 'Tool', last_name: 'Client' });
    expect(both.statusCode).toBe(200);
    expect(await nameOf(customerId, cookie)).toBe('Tool');
  });

  it('does not touch requests without the session cookie: sign-in, and the cross-site one-click unsubscribe', async () => {
    const { email } = await accounts.signedInCustomer();
    expect((await send('POST', 'authentication/v1/login/', { origin: 'https://evil.example' }, { customer_details: { email, password: STRONG_PASSWORD, login_mode: 'manual' } })).statusCode).toBe(200);
    // A mail client posts from anywhere (RFC 8058); an unknown token is the route's own 404, not a refusal.
    const oneClick = await accounts.app.inject({
      method: 'POST',
      url: '/u/AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA/one-click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example', 'sec-fetch-site': 'cross-site' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(404);
  });
});

describe('text/plain bodies', () => {
  it('are refused with 415: an HTML form on another site could send them without asking', async () => {
    const { customerId, cookie } = await accounts.signedInCustomer();
    const body = JSON.stringify({ first_name: 'Mallory', last_name: 'X' });
    const patched = await send('PATCH', `home/v1/user/${customerId}`, { cookie, 'content-type': 'text/plain' }, body);
    expect(patched.statusCode).toBe(415);
    expect(await nameOf(customerId, cookie)).toBe('Ada');
    const signedIn = await send('POST', 'authentication/v1/login/', { 'content-type': 'text/plain;charset=UTF-8' }, JSON.stringify({ customer_details: { email: 'a@example.com', password: 'x' } }));
    expect(signedIn.statusCode).toBe(415);
  });
});
