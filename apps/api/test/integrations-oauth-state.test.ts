import { INTEGRATION_MESSAGES } from '@postlark/shared/integrations';
import { describe, expect, it } from 'vitest';
import { login, sessionCookie, STRONG_PASSWORD } from './support/accounts';
import { INTEGRATIONS, useIntegrationsApp } from './support/integrations';

// "Sign in with Mailchimp" binds its state to the browser session that started it, with a nonce
// used once (issue 31, finding 19; RFC 9700 §4.7): a state replayed after a sign-in, or brought
// back by another session of the same account, is refused.

const { fakes, accounts, call } = useIntegrationsApp();

/** Starts the sign-in in this session: the state Postlark sent to Mailchimp. */
async function startSignIn(cookie: string): Promise<string> {
  const started = await call('GET', `${INTEGRATIONS}/mailchimp/authorize`, cookie);
  expect(started.statusCode).toBe(200);
  return new URL(started.json().payload.url).searchParams.get('state')!;
}

/** The account owner approves at Mailchimp: the code Mailchimp's redirect carries (whatever state it is given). */
async function approvedCode(): Promise<string> {
  const mailchimp = fakes().mailchimp;
  const page = new URL(`${mailchimp.url}/oauth2/authorize`);
  page.searchParams.set('response_type', 'code');
  page.searchParams.set('client_id', mailchimp.clientId);
  page.searchParams.set('redirect_uri', 'http://localhost:3000/api/home/v1/integrations/mailchimp/callback');
  const answer = await fetch(page, { redirect: 'manual' });
  return new URL(answer.headers.get('location')!).searchParams.get('code')!;
}

const callback = (cookie: string, state: string, code: string) => call('GET', `${INTEGRATIONS}/mailchimp/callback?state=${encodeURIComponent(state)}&code=${encodeURIComponent(code)}`, cookie);
const failedSignIn = `error=${encodeURIComponent(INTEGRATION_MESSAGES.oauthFailed)}`;

describe('the Mailchimp sign-in’s state', () => {
  it('is taken once: replayed with a new code after the sign-in, it is refused', async () => {
    const { cookie } = await accounts.signedInCustomer();
    const state = await startSignIn(cookie);
    const done = await callback(cookie, state, await approvedCode());
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toContain('connected=mailchimp');
    const connection = (await call('GET', INTEGRATIONS, cookie)).json().payload.connections[0];
    expect((await call('DELETE', `${INTEGRATIONS}/${connection.id}`, cookie)).statusCode).toBe(200);

    // The same state again, with a code Mailchimp issued since: refused, nothing connected.
    const replayed = await callback(cookie, state, await approvedCode());
    expect(replayed.statusCode).toBe(303);
    expect(replayed.headers.location).toContain(failedSignIn);
    expect((await call('GET', INTEGRATIONS, cookie)).json().payload.connections).toEqual([]);
  });

  it('is taken only by the session that started it, not by another session of the same account', async () => {
    const { email, cookie } = await accounts.signedInCustomer();
    const other = await login(accounts.app, email, STRONG_PASSWORD);
    const otherCookie = sessionCookie(other.headers['set-cookie']);
    expect(otherCookie).not.toBe(cookie);
    const state = await startSignIn(cookie);

    const elsewhere = await callback(otherCookie, state, await approvedCode());
    expect(elsewhere.statusCode).toBe(303);
    expect(elsewhere.headers.location).toContain(failedSignIn);
    expect((await call('GET', INTEGRATIONS, cookie)).json().payload.connections).toEqual([]);

    // The browser that started it still finishes it.
    const done = await callback(cookie, state, await approvedCode());
    expect(done.headers.location).toContain('connected=mailchimp');
  });
});
