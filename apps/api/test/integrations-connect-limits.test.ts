import { INTEGRATION_MESSAGES } from '@postlark/shared/integrations';
import { describe, expect, it } from 'vitest';
import { INTEGRATIONS, useIntegrationsApp } from './support/integrations';

// Connecting a platform is no stolen-key checker (issue 31, finding 16): the keys one account, and
// one client address, may have checked an hour are counted before the platform is asked; past them
// the form answers 429 saying how long to wait, and the platform is not asked at all. A key that
// connects is not counted against its account.

const { fakes, accounts, call, advance } = useIntegrationsApp({ settings: { CONNECT_ATTEMPTS_PER_HOUR: '3', CONNECT_ATTEMPTS_PER_CLIENT_PER_HOUR: '5' } });

const wrongKey = () => `0123456789abcdef0123456789abcdef-${fakes().mailchimp.dc}`;
const tryKey = (cookie: string, secret: string) => call('POST', INTEGRATIONS, cookie, { platform: 'mailchimp', secret });
const platformCalls = () => fakes().mailchimp.requests.length;

describe('connect attempts', () => {
  it('an account that tried its keys for the hour waits, and the platform is not asked meanwhile', async () => {
    // Every earlier attempt from this client is forgotten.
    advance(2 * 60 * 60_000);
    const { cookie } = await accounts.signedInCustomer();
    const mailchimp = fakes().mailchimp;
    expect((await tryKey(cookie, wrongKey())).statusCode).toBe(400);
    expect((await tryKey(cookie, wrongKey())).statusCode).toBe(400);
    // A key that connects does not count against the account.
    const connected = await tryKey(cookie, mailchimp.apiKey);
    expect(connected.statusCode).toBe(201);
    expect((await call('DELETE', `${INTEGRATIONS}/${connected.json().payload.connection.id}`, cookie)).statusCode).toBe(200);
    expect((await tryKey(cookie, wrongKey())).statusCode).toBe(400);

    // The fourth attempt of the hour waits, even with a good key; Mailchimp is not asked.
    const before = platformCalls();
    const refused = await tryKey(cookie, mailchimp.apiKey);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().payload.message).toBe(INTEGRATION_MESSAGES.tooManyAttempts(1));
    expect(refused.headers['retry-after']).toBe('60');
    expect(platformCalls()).toBe(before);
    expect((await call('GET', INTEGRATIONS, cookie)).json().payload.connections).toEqual([]);

    // A minute later the key may be tried again.
    advance(61_000);
    expect((await tryKey(cookie, mailchimp.apiKey)).statusCode).toBe(201);
  });

  it('one client address trying keys for several accounts waits once it tried its keys for the hour', async () => {
    advance(2 * 60 * 60_000);
    const first = await accounts.signedInCustomer();
    const second = await accounts.signedInCustomer();
    // Five keys from this address, within each account's own three.
    for (const cookie of [first.cookie, first.cookie, first.cookie, second.cookie, second.cookie]) expect((await tryKey(cookie, wrongKey())).statusCode).toBe(400);
    const third = await accounts.signedInCustomer();
    const before = platformCalls();
    // A third account that never tried a key: the address waits.
    const refused = await tryKey(third.cookie, fakes().mailchimp.apiKey);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().payload.message).toBe(INTEGRATION_MESSAGES.tooManyAttempts(1));
    expect(platformCalls()).toBe(before);
  });
});
