import { AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema/accounts';
import { buildTestApp } from './helper';
import { APP_URL, customerDetails, linkIn, post, requestLink, signup, ticketCookie, verify } from './support/accounts';
import { useAccountsApp } from './support/accounts-app';

const accounts = useAccountsApp();
const HOUR = 60 * 60 * 1000;

async function signupToken(email: string) {
  const response = await requestLink(accounts.app, email, 'sign-up');
  expect(response.statusCode).toBe(200);
  const mail = await accounts.smtp.waitForMessage(email);
  return linkIn(mail.text, '/signup').searchParams.get('token') ?? '';
}

describe('POST /api/authentication/v1/email-send/', () => {
  it('mails a sign-up link to our sign-up page carrying the token and the address', async () => {
    const response = await requestLink(accounts.app, 'new.reader@example.com', 'sign-up');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ payload: { message: AUTH_API_MESSAGES.emailSendAccepted } });
    const mail = await accounts.smtp.waitForMessage('new.reader@example.com');
    const link = linkIn(mail.text, '/signup');
    expect(link.origin + link.pathname).toBe(`${APP_URL}/signup`);
    expect(link.searchParams.get('email')).toBe('new.reader@example.com');
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(link.searchParams.get('token'));
  });

  it.each([
    ['another origin', 'https://evil.example/signup', 'sign-up'],
    ['our origin with the other page', `${APP_URL}/forget-password`, 'sign-up'],
    ['the sign-up page for a reset', `${APP_URL}/signup`, 'forget-password'],
    ['a query string of its own', `${APP_URL}/signup?next=https://evil.example`, 'sign-up'],
    ['not a URL', 'signup', 'sign-up'],
  ])('refuses a direct_url on %s', async (_name, directUrl, page) => {
    const response = await post(accounts.app, 'authentication/v1/email-send/', { email_receiver: 'x@example.com', direct_url: directUrl, page });
    expect(response.statusCode).toBe(400);
    expect(response.json().payload.message).toBe(AUTH_API_MESSAGES.directUrlRejected);
  });

  it('answers a sign-up for an existing account exactly as for a new address, and mails a sign-in hint', async () => {
    const token = await signupToken('member@example.com');
    const verified = await verify(accounts.app, 'member@example.com', token);
    expect((await signup(accounts.app, customerDetails('member@example.com'), ticketCookie(verified.headers['set-cookie']))).statusCode).toBe(201);

    const known = await requestLink(accounts.app, 'Member@EXAMPLE.com', 'sign-up');
    const unknown = await requestLink(accounts.app, 'stranger@example.com', 'sign-up');
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    const hint = await accounts.smtp.waitForMessage('member@example.com', { after: 1 });
    expect(hint.text).toContain(`${APP_URL}/login`);
    expect(hint.text).not.toContain('token=');
  });

  it('answers a reset for an unknown address exactly as for a customer, and mails nobody', async () => {
    const token = await signupToken('resetter@example.com');
    const verified = await verify(accounts.app, 'resetter@example.com', token);
    await signup(accounts.app, customerDetails('resetter@example.com'), ticketCookie(verified.headers['set-cookie']));

    const unknown = await requestLink(accounts.app, 'nobody@example.com', 'forget-password');
    const known = await requestLink(accounts.app, 'resetter@example.com', 'forget-password');
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    const resetMail = await accounts.smtp.waitForMessage('resetter@example.com', { after: 1 });
    expect(linkIn(resetMail.text, '/forget-password').searchParams.get('email')).toBe('resetter@example.com');
    expect(accounts.smtp.messagesTo('nobody@example.com')).toHaveLength(0);
  });

  it('refuses a bad email with the spec messages', async () => {
    const empty = await post(accounts.app, 'authentication/v1/email-send/', { email_receiver: '', direct_url: `${APP_URL}/signup`, page: 'sign-up' });
    expect(empty.json().payload.message).toBe('Email is required');
    const bad = await post(accounts.app, 'authentication/v1/email-send/', { email_receiver: 'a b@x.io', direct_url: `${APP_URL}/signup`, page: 'sign-up' });
    expect(bad.json().payload.message).toBe('Please enter a valid mail');
  });
});

describe('the work behind email-send', () => {
  it('is one queued job whoever the address is: the answers match and the request itself writes nothing else', async () => {
    // No workers: what a request does is what stays in the database once it has answered.
    const queued = await buildTestApp({ APP_URL, EMAIL_SEND_LIMIT_PER_MINUTE: '1000' }, { jobs: { runWorkers: false } });
    try {
      const { db } = queued.database;
      await db.insert(customers).values({ email: 'known@example.com', passwordHash: 'x', firstName: 'Kim', gender: 'Female', dob: '1990-01-01', country: 'France' });
      const counts = async () => {
        const result = (await db.execute(sql`select (select count(*)::int from pgboss.job) as jobs, (select count(*)::int from auth_tokens) as tokens`)) as unknown as {
          rows: { jobs: number; tokens: number }[];
        };
        return result.rows[0]!;
      };
      for (const page of ['forget-password', 'sign-up'] as const) {
        const before = await counts();
        const known = await requestLink(queued.app, 'known@example.com', page);
        const afterKnown = await counts();
        const unknown = await requestLink(queued.app, `unknown-${page}@example.com`, page);
        const afterUnknown = await counts();
        expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
        expect({ jobs: afterKnown.jobs - before.jobs, tokens: afterKnown.tokens - before.tokens }, page).toEqual({ jobs: 1, tokens: 0 });
        expect({ jobs: afterUnknown.jobs - afterKnown.jobs, tokens: afterUnknown.tokens - afterKnown.tokens }, page).toEqual({ jobs: 1, tokens: 0 });
      }
    } finally {
      await queued.close();
    }
  });
});

describe('the email-send limit', () => {
  it('answers 429 after EMAIL_SEND_LIMIT_PER_MINUTE sends from one client', async () => {
    const limited = await buildTestApp({ SMTP_URL: accounts.smtp.url, APP_URL, EMAIL_SEND_LIMIT_PER_MINUTE: '3' });
    try {
      for (let index = 0; index < 3; index += 1) {
        expect((await requestLink(limited.app, `limit${index}@example.com`, 'sign-up', '192.0.2.50')).statusCode).toBe(200);
      }
      const refused = await requestLink(limited.app, 'limit3@example.com', 'sign-up', '192.0.2.50');
      expect(refused.statusCode).toBe(429);
      expect((await requestLink(limited.app, 'limit4@example.com', 'sign-up', '192.0.2.51')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/authentication/v1/email-verification/', () => {
  it('accepts a sign-up token once, then refuses it', async () => {
    const token = await signupToken('once@example.com');
    const first = await verify(accounts.app, 'once@example.com', token);
    expect(first.statusCode).toBe(200);
    expect(first.json().payload.message).toBe(AUTH_API_MESSAGES.verified);
    const again = await verify(accounts.app, 'once@example.com', token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ payload: { message: AUTH_API_MESSAGES.badToken } });
  });

  it('refuses a token for another address and a made-up token alike, leaving the real one usable', async () => {
    const token = await signupToken('owner@example.com');
    for (const answer of [
      await verify(accounts.app, 'thief@example.com', token),
      await verify(accounts.app, 'owner@example.com', 'A'.repeat(43)),
    ]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ payload: { message: AUTH_API_MESSAGES.badToken } });
    }
    expect((await verify(accounts.app, 'owner@example.com', token)).statusCode).toBe(200);
  });

  it('refuses a sign-up token after 24 hours', async () => {
    const token = await signupToken('late@example.com');
    accounts.advance(24 * HOUR + 1000);
    const answer = await verify(accounts.app, 'late@example.com', token);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ payload: { message: AUTH_API_MESSAGES.badToken } });
  });

  it('ends an older token when a newer one is sent', async () => {
    const older = await signupToken('twice@example.com');
    await requestLink(accounts.app, 'twice@example.com', 'sign-up');
    const newer = linkIn((await accounts.smtp.waitForMessage('twice@example.com', { after: 1 })).text, '/signup').searchParams.get('token') ?? '';
    expect((await verify(accounts.app, 'twice@example.com', older)).statusCode).toBe(400);
    expect((await verify(accounts.app, 'twice@example.com', newer)).statusCode).toBe(200);
  });
});
