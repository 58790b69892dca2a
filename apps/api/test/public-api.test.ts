import { API_KEY_MESSAGES } from '@postlark/shared/api-keys';
import { AUDIENCE_MESSAGES } from '@postlark/shared/audience';
import { FORM_MESSAGES } from '@postlark/shared/forms';
import { PROFILE_MESSAGES } from '@postlark/shared/profile';
import { describe, expect, it } from 'vitest';
import { apiKeys } from '../src/db/schema/audience';
import { hashSecretToken } from '../src/modules/auth/secret-tokens';
import { STRONG_PASSWORD } from './support/accounts';
import { useAccountsApp } from './support/accounts-app';

const REQUESTS_PER_MINUTE = 40;
const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: String(REQUESTS_PER_MINUTE) });
const call = accounts.call;

/** A customer and a fresh key of theirs. */
async function customerWithKey() {
  const customer = await accounts.signedInCustomer();
  const created = await call('POST', 'home/v1/api-keys', customer.cookie, { name: 'Zapier', current_password: STRONG_PASSWORD });
  expect(created.statusCode).toBe(201);
  return { customer, key: created.json().payload.key as string, apiKey: created.json().payload.api_key };
}

function withKey(key: string | undefined, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return accounts.app.inject({ method, url: `/api/v1/${url}`, headers: key ? { authorization: `Bearer ${key}` } : {}, ...(payload ? { payload } : {}) });
}

describe('API keys', () => {
  it('are shown once, stored as a hash, listed by prefix and revoked for good', async () => {
    const { customer, key, apiKey } = await customerWithKey();
    expect(key).toMatch(/^pl_live_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({ name: 'Zapier', prefix: key.slice(0, 14), last_used_at: null });
    const stored = await accounts.database.db.select().from(apiKeys);
    expect(stored.map((row) => row.keyHash)).toContain(hashSecretToken(key));
    expect(JSON.stringify(stored)).not.toContain(key);
    const listed = (await call('GET', 'home/v1/api-keys', customer.cookie)).json().payload.api_keys;
    expect(listed).toEqual([apiKey]);
    expect(JSON.stringify(listed)).not.toContain(key.slice(14));

    expect((await withKey(key, 'GET', 'lists')).statusCode).toBe(200);
    expect((await call('GET', 'home/v1/api-keys', customer.cookie)).json().payload.api_keys[0].last_used_at).toBe(accounts.now().toISOString());
    expect((await call('DELETE', `home/v1/api-keys/${apiKey.id}`, customer.cookie)).json().payload.message).toBe(API_KEY_MESSAGES.revoked);
    const refused = await withKey(key, 'GET', 'lists');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().payload.message).toBe(API_KEY_MESSAGES.invalid);
    expect((await call('GET', 'home/v1/api-keys', customer.cookie)).json().payload.api_keys).toEqual([]);
  });

  it('are made only with the current password, and the customer is told by email and notification', async () => {
    const customer = await accounts.signedInCustomer();
    const missing = await call('POST', 'home/v1/api-keys', customer.cookie, { name: 'Stolen session' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().payload.errors.current_password).toBe(PROFILE_MESSAGES.currentPasswordRequired);
    const wrong = await call('POST', 'home/v1/api-keys', customer.cookie, { name: 'Stolen session', current_password: 'Wrong$Pass1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().payload.errors.current_password).toBe(PROFILE_MESSAGES.currentPasswordWrong);
    expect((await call('GET', 'home/v1/api-keys', customer.cookie)).json().payload.api_keys).toEqual([]);

    const before = accounts.smtp.messagesTo(customer.email).length;
    const created = await call('POST', 'home/v1/api-keys', customer.cookie, { name: 'Zapier', current_password: STRONG_PASSWORD });
    expect(created.statusCode).toBe(201);
    const notice = await accounts.smtp.waitForMessage(customer.email, { after: before });
    expect(notice.subject).toMatch(/API key/);
    expect(notice.text).toContain('Zapier');
    expect(notice.text).not.toContain(created.json().payload.key);
    const notices = (await call('GET', 'home/v1/notifications', customer.cookie)).json().payload;
    expect(notices.notifications[0]).toMatchObject({ kind: 'api-key-created', read: false });
  });

  it("cannot be listed or revoked by another customer, and need a session to manage", async () => {
    const { apiKey } = await customerWithKey();
    const stranger = await accounts.signedInCustomer();
    expect((await call('DELETE', `home/v1/api-keys/${apiKey.id}`, stranger.cookie)).statusCode).toBe(404);
    expect((await call('GET', 'home/v1/api-keys', stranger.cookie)).json().payload.api_keys).toEqual([]);
    expect((await call('POST', 'home/v1/api-keys', undefined, { name: 'x', current_password: STRONG_PASSWORD })).statusCode).toBe(401);
    expect((await call('POST', 'home/v1/api-keys', stranger.cookie, { name: ' ', current_password: STRONG_PASSWORD })).json().payload.errors).toEqual({ name: API_KEY_MESSAGES.nameRequired });
  });
});

describe('public API', () => {
  it('manages subscribers and lists with the same rules as the dashboard', async () => {
    const { customer, key } = await customerWithKey();
    const list = (await withKey(key, 'POST', 'lists', { name: 'From the app', double_opt_in: false })).json().payload.list;
    const added = await withKey(key, 'POST', 'subscribers', { email: 'App.User@Example.com', list_ids: [list.id], attributes: { plan: 'pro' } });
    expect(added.statusCode).toBe(201);
    const subscriber = added.json().payload.subscriber;
    expect(subscriber).toMatchObject({ email: 'app.user@example.com', consent: { source: 'api' }, lists: [{ list_name: 'From the app', status: 'confirmed' }] });

    // The dashboard sees what the app did.
    expect((await call('GET', `audience/v1/subscribers/${subscriber.id}`, customer.cookie)).json().payload.attributes).toEqual({ plan: 'pro' });
    expect((await withKey(key, 'GET', 'subscribers?q=app.user')).json().payload.total).toBe(1);
    expect((await withKey(key, 'PATCH', `subscribers/${subscriber.id}`, { first_name: 'Appy' })).json().payload.subscriber.first_name).toBe('Appy');
    const bad = await withKey(key, 'POST', 'subscribers', { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().payload.errors).toEqual({ email: AUDIENCE_MESSAGES.emailInvalid });
    expect((await withKey(key, 'DELETE', `subscribers/${subscriber.id}`)).statusCode).toBe(200);
    expect((await withKey(key, 'POST', 'subscribers', { email: 'app.user@example.com' })).statusCode).toBe(409);
    expect((await withKey(key, 'GET', `lists/${list.id}`)).json().payload.counts).toEqual({ confirmed: 0, unconfirmed: 0, unsubscribed: 0 });
  });

  it('triggers double opt-in: the person gets the confirmation email and stays unconfirmed', async () => {
    const { customer, key } = await customerWithKey();
    const list = (await withKey(key, 'POST', 'lists', { name: 'Careful list' })).json().payload.list;
    const asked = await withKey(key, 'POST', `lists/${list.id}/subscribe`, { email: 'careful@example.com', first_name: 'Cara' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().payload).toEqual({ message: FORM_MESSAGES.thanksConfirm, confirmation_sent: true });
    const mail = await accounts.smtp.waitForMessage('careful@example.com');
    expect(mail.subject).toBe('Confirm your subscription to Careful list');
    const found = (await call('GET', 'audience/v1/subscribers?q=careful', customer.cookie)).json().payload.subscribers[0];
    const subscriber = (await call('GET', `audience/v1/subscribers/${found.id}`, customer.cookie)).json().payload;
    expect(subscriber).toMatchObject({ first_name: 'Cara', consent: { source: 'api' }, lists: [{ status: 'unconfirmed' }] });
  });

  it("scopes every call to the key's customer: another's ids answer 404", async () => {
    const mine = await customerWithKey();
    const theirs = await customerWithKey();
    const list = (await withKey(theirs.key, 'POST', 'lists', { name: 'Theirs' })).json().payload.list;
    const subscriber = (await withKey(theirs.key, 'POST', 'subscribers', { email: 'theirs@example.com' })).json().payload.subscriber;
    for (const [method, url, body] of [
      ['GET', `subscribers/${subscriber.id}`],
      ['PATCH', `subscribers/${subscriber.id}`, { first_name: 'Stolen' }],
      ['DELETE', `subscribers/${subscriber.id}`],
      ['GET', `lists/${list.id}`],
      ['DELETE', `lists/${list.id}`],
      ['POST', `lists/${list.id}/subscribe`, { email: 'x@example.com' }],
    ] as const) {
      expect((await withKey(mine.key, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await withKey(mine.key, 'GET', 'subscribers')).json().payload.total).toBe(0);
    expect((await withKey(theirs.key, 'GET', `subscribers/${subscriber.id}`)).json().payload.first_name).toBe('');
  });

  it('refuses calls without a key, with a session instead of a key, or with a made-up key', async () => {
    const { customer } = await customerWithKey();
    const none = await withKey(undefined, 'GET', 'lists');
    expect(none.statusCode).toBe(401);
    expect(none.json().payload.message).toBe(API_KEY_MESSAGES.missing);
    const session = await accounts.app.inject({ method: 'GET', url: '/api/v1/lists', headers: { cookie: customer.cookie } });
    expect(session.statusCode).toBe(401);
    expect((await withKey(`pl_live_${'A'.repeat(43)}`, 'GET', 'lists')).statusCode).toBe(401);
    expect((await withKey('not-a-key', 'GET', 'lists')).statusCode).toBe(401);
  });

  it('limits the calls of an account per minute', async () => {
    const { key } = await customerWithKey();
    const answers: number[] = [];
    for (let index = 0; index <= REQUESTS_PER_MINUTE; index += 1) answers.push((await withKey(key, 'GET', 'lists')).statusCode);
    expect(answers.slice(0, REQUESTS_PER_MINUTE).every((status) => status === 200)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it('is described by an OpenAPI document and a page at /api/docs', async () => {
    const document = (await accounts.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual([
      '/v1/subscribers',
      '/v1/subscribers/{id}',
      '/v1/lists',
      '/v1/lists/{id}',
      '/v1/lists/{id}/subscribe',
      '/v1/products',
      '/v1/products/{id}',
      '/v1/events',
      '/v1/subscribers/{id}/events',
      '/v1/subscribers/{id}/recommendations',
      '/v1/insights/refresh',
      '/v1/insights/refresh/{id}',
      // Sending (public-api-sending.test.ts).
      '/v1/senders',
      '/v1/senders/{id}',
      '/v1/sending-domains',
      '/v1/sending-domains/{id}',
      '/v1/sending-domains/{id}/check',
      '/v1/campaigns',
      '/v1/campaigns/{id}',
      '/v1/campaigns/{id}/test',
      '/v1/campaigns/{id}/checks',
      '/v1/campaigns/{id}/schedule',
      '/v1/campaigns/{id}/unschedule',
      '/v1/campaigns/{id}/send',
      '/v1/campaigns/{id}/pause',
      '/v1/campaigns/{id}/resume',
      '/v1/campaigns/{id}/cancel',
      '/v1/campaigns/{id}/report',
      // The media library (media.test.ts).
      '/v1/media',
      '/v1/media/from-product',
      '/v1/media/{id}',
      '/v1/media/{id}/usage',
      // The template gallery (template-gallery.test.ts).
      '/v1/templates',
      '/v1/templates/{id}',
    ]);
    expect(document.servers).toEqual([{ url: 'http://localhost:3000/api' }]);
    const page = await accounts.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<code>POST</code></td><td><code>/v1/lists/{id}/subscribe</code>');
    expect(page.body).toContain('<code>POST</code></td><td><code>/v1/events</code>');
  });
});
