import { AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from './helper';
import { customerDetails, linkIn, login, post, requestLink, sessionCookie, signup, STRONG_PASSWORD, ticketCookie, verify } from './support/accounts';
import { useAccountsApp } from './support/accounts-app';

const accounts = useAccountsApp();

const get = (url: string, headers: Record<string, string> = {}) => accounts.app.inject({ method: 'GET', url: `/api/${url}`, headers });

describe('POST /api/authentication/v1/login/', () => {
  it('answers the customer id and credentials and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const email = await accounts.newCustomer();
    const response = await login(accounts.app, email, STRONG_PASSWORD);
    expect(response.statusCode).toBe(200);
    const { payload } = response.json();
    expect(payload).toEqual({
      customer_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      credentials: { access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), token_type: 'Bearer', expires_at: expect.any(String) },
      message: AUTH_API_MESSAGES.loggedIn,
    });
    expect(new Date(payload.credentials.expires_at).getTime() - accounts.now().getTime()).toBe(30 * 24 * 60 * 60 * 1000);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toContain(`postlark_session=${payload.credentials.access_token}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('gives an unknown address and a wrong password the same 401', async () => {
    const email = await accounts.newCustomer();
    const wrong = await login(accounts.app, email, 'Wrong$Password1', '198.51.100.1');
    const unknown = await login(accounts.app, 'ghost@example.com', STRONG_PASSWORD, '198.51.100.1');
    expect(wrong.statusCode).toBe(401);
    expect([wrong.statusCode, wrong.body]).toEqual([unknown.statusCode, unknown.body]);
    expect(wrong.json().payload.message).toBe(AUTH_API_MESSAGES.badCredentials);
  });

  it('makes an account wait after 5 failures, even for the right password, until the owner resets it', async () => {
    const email = await accounts.newCustomer();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await login(accounts.app, email, `Wrong$Pass${attempt}`, `198.51.100.${10 + attempt}`)).statusCode).toBe(401);
    }
    const blocked = await login(accounts.app, email, STRONG_PASSWORD, '198.51.100.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().payload.message).toBe(AUTH_API_MESSAGES.tooManyAttempts);
    expect(Number(blocked.headers['retry-after'])).toBe(30);

    accounts.advance(31_000);
    // The next failure doubles the wait.
    expect((await login(accounts.app, email, 'Wrong$Pass6', '198.51.100.98')).statusCode).toBe(401);
    expect(Number((await login(accounts.app, email, STRONG_PASSWORD, '198.51.100.97')).headers['retry-after'])).toBe(60);

    // The owner resets the password by email, which ends the wait.
    await requestLink(accounts.app, email, 'forget-password');
    const reset = linkIn((await accounts.smtp.waitForMessage(email, { after: 1 })).text, '/forget-password');
    const newPassword = 'Brand$New2027';
    expect((await verify(accounts.app, email, reset.searchParams.get('token') ?? '', newPassword)).statusCode).toBe(200);
    expect((await login(accounts.app, email, newPassword, '198.51.100.96')).statusCode).toBe(200);
  });

  it('checks at most 5 of 20 parallel wrong guesses at an account; the others wait without being checked', async () => {
    const email = await accounts.newCustomer();
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => login(accounts.app, email, `Wrong$Guess${index}`, `198.51.100.${120 + index}`)),
    );
    const statuses = guesses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - statuses.filter((status) => status === 401).length);
    // The account waits now, even for its owner's right password.
    expect((await login(accounts.app, email, STRONG_PASSWORD, '198.51.100.160')).statusCode).toBe(429);
  });

  it('slows one client trying many accounts', async () => {
    const client = '203.0.113.200';
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      expect((await login(accounts.app, `guess${attempt}@example.com`, 'Wrong$Pass1', client)).statusCode).toBe(401);
    }
    expect((await login(accounts.app, 'guess21@example.com', 'Wrong$Pass1', client)).statusCode).toBe(429);
    expect((await login(accounts.app, 'guess21@example.com', 'Wrong$Pass1', '203.0.113.201')).statusCode).toBe(401);
  });

  it('marks the cookie Secure when the site is served over https', async () => {
    const secureUrl = 'https://mail.example.com';
    const secureApp = await buildTestApp({ SMTP_URL: accounts.smtp.url, APP_URL: secureUrl, MAIL_FROM: 'Postlark <no-reply@mail.example.com>', EMAIL_SEND_LIMIT_PER_MINUTE: '1000' });
    try {
      const email = 'secure@example.com';
      await post(secureApp.app, 'authentication/v1/email-send/', { email_receiver: email, direct_url: `${secureUrl}/signup`, page: 'sign-up' });
      const token = /token=([A-Za-z0-9_-]+)/.exec((await accounts.smtp.waitForMessage(email)).text ?? '')?.[1] ?? '';
      const verified = await verify(secureApp.app, email, token);
      expect(verified.statusCode).toBe(200);
      // The sign-up ticket is Secure too.
      expect(String(verified.headers['set-cookie'])).toMatch(/; Secure/);
      expect((await signup(secureApp.app, customerDetails(email), ticketCookie(verified.headers['set-cookie']))).statusCode).toBe(201);
      const response = await login(secureApp.app, email, STRONG_PASSWORD);
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await secureApp.close();
    }
  });
});

describe('the session', () => {
  it('tells who is signed in, by cookie or Bearer token, and ends on DELETE', async () => {
    const email = await accounts.newCustomer();
    const signedIn = await login(accounts.app, email, STRONG_PASSWORD);
    const cookie = sessionCookie(signedIn.headers['set-cookie']);
    const { customer_id: customerId, credentials } = signedIn.json().payload;

    const byCookie = await get('authentication/v1/session', { cookie });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json()).toEqual({ payload: { customer_id: customerId, email, first_name: 'Ada' } });
    expect((await get('authentication/v1/session', { authorization: `Bearer ${credentials.access_token}` })).statusCode).toBe(200);

    const out = await accounts.app.inject({ method: 'DELETE', url: '/api/authentication/v1/session', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/postlark_session=;/);
    expect((await get('authentication/v1/session', { cookie })).statusCode).toBe(401);
  });

  it('answers 401 without a session, with an unknown token, and after 30 days', async () => {
    expect((await get('authentication/v1/session')).statusCode).toBe(401);
    expect((await get('authentication/v1/session', { authorization: 'Bearer nope' })).statusCode).toBe(401);
    const email = await accounts.newCustomer();
    const cookie = sessionCookie((await login(accounts.app, email, STRONG_PASSWORD)).headers['set-cookie']);
    accounts.advance(30 * 24 * 60 * 60 * 1000 + 1000);
    expect((await get('authentication/v1/session', { cookie })).statusCode).toBe(401);
  });

  it('ends every session of a customer whose password is reset, and mails a notice', async () => {
    const email = await accounts.newCustomer();
    const cookie = sessionCookie((await login(accounts.app, email, STRONG_PASSWORD)).headers['set-cookie']);
    await requestLink(accounts.app, email, 'forget-password');
    const reset = linkIn((await accounts.smtp.waitForMessage(email, { after: 1 })).text, '/forget-password');
    const token = reset.searchParams.get('token') ?? '';

    // A refused password leaves the link usable.
    expect((await verify(accounts.app, email, token, 'short')).statusCode).toBe(400);
    expect((await verify(accounts.app, email, token, 'Another$Pass9')).statusCode).toBe(200);
    expect((await verify(accounts.app, email, token, 'Another$Pass9')).statusCode).toBe(400);

    expect((await get('authentication/v1/session', { cookie })).statusCode).toBe(401);
    const notice = await accounts.smtp.waitForMessage(email, { after: 2 });
    expect(notice.subject).toMatch(/password/i);
    expect((await login(accounts.app, email, STRONG_PASSWORD)).statusCode).toBe(401);
    expect((await login(accounts.app, email, 'Another$Pass9')).statusCode).toBe(200);
  });

  it('refuses a reset link after 60 minutes', async () => {
    const email = await accounts.newCustomer();
    await requestLink(accounts.app, email, 'forget-password');
    const reset = linkIn((await accounts.smtp.waitForMessage(email, { after: 1 })).text, '/forget-password');
    accounts.advance(60 * 60 * 1000 + 1000);
    expect((await verify(accounts.app, email, reset.searchParams.get('token') ?? '', 'Another$Pass9')).statusCode).toBe(400);
  });
});

describe('GET /api/home/v1/user/:customerId', () => {
  it('answers the signed-in customer their own profile', async () => {
    const email = await accounts.newCustomer();
    const signedIn = await login(accounts.app, email, STRONG_PASSWORD);
    const { customer_id: customerId } = signedIn.json().payload;
    const response = await get(`home/v1/user/${customerId}`, { cookie: sessionCookie(signedIn.headers['set-cookie']) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      payload: {
        email,
        additional_info: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          street_address: '',
          city: '',
          state: '',
          company: '',
          postal_code: '',
          country: 'United Kingdom',
          phone: '',
          vat_id: '',
          dob: '1990-12-10',
          gender: 'Female',
        },
      },
    });
  });

  it("answers another customer's id, an unknown id and a malformed id with the same 404, and 401 signed out", async () => {
    const first = await accounts.newCustomer();
    const second = await accounts.newCustomer();
    const firstId = (await login(accounts.app, first, STRONG_PASSWORD)).json().payload.customer_id;
    const cookie = sessionCookie((await login(accounts.app, second, STRONG_PASSWORD)).headers['set-cookie']);
    const answers = await Promise.all(
      [firstId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid'].map((id) => get(`home/v1/user/${id}`, { cookie })),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.body).toBe(answers[0]?.body);
    }
    expect((await get(`home/v1/user/${firstId}`)).statusCode).toBe(401);
  });
});

describe('GET /api/meta/v1/countries', () => {
  it('answers every ISO country as {name: {common}, cca2}, sorted by name and cacheable', async () => {
    const response = await get('meta/v1/countries');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('max-age=');
    const countries = response.json() as { name: { common: string }; cca2: string }[];
    expect(countries.length).toBeGreaterThanOrEqual(249);
    expect(countries).toContainEqual({ name: { common: 'Germany' }, cca2: 'DE' });
    const names = countries.map((country) => country.name.common);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
