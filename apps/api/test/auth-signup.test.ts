import { createHash } from 'node:crypto';
import { ACCOUNT_MESSAGES, AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authTokens, customers } from '../src/db/schema/accounts';
import { SIGNUP_TICKET_COOKIE } from '../src/http/signup-ticket-cookie';
import { SIGNUP_TICKET_LIFETIME_MS } from '../src/modules/auth/sign-up.service';
import { customerDetails, linkIn, requestLink, signup, STRONG_PASSWORD, verify } from './support/accounts';
import { useAccountsApp } from './support/accounts-app';

const accounts = useAccountsApp();

// An account made some other way than this sign-up (a race the unique index settles).
const storedCustomer = { passwordHash: 'x', firstName: 'Other', gender: 'Male', dob: '1980-01-01', country: 'France' };

describe('POST /api/authentication/v1/signup/', () => {
  it('creates the account for a verified address, with an argon2id hash of the password', async () => {
    const email = await accounts.verifiedAddress();
    const response = await signup(accounts.app, customerDetails(email), accounts.ticketOf(email));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ payload: { message: AUTH_API_MESSAGES.signedUp } });
    const [stored] = await accounts.database.db.select().from(customers).where(eq(customers.email, email));
    expect(stored).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', gender: 'Female', dob: '1990-12-10', country: 'United Kingdom', reachedByOption: 'google' });
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored?.passwordHash).not.toContain(STRONG_PASSWORD);
    // The ticket is spent, and the browser is told to forget it.
    expect(String(response.headers['set-cookie'])).toMatch(new RegExp(`${SIGNUP_TICKET_COOKIE}=;.*Expires=Thu, 01 Jan 1970`));
  });

  it('keeps the sign-up ticket only as a hash', async () => {
    const email = await accounts.verifiedAddress();
    const ticket = accounts.ticketOf(email);
    const value = ticket.split('=')[1] ?? '';
    expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await accounts.database.db.select().from(authTokens).where(eq(authTokens.email, email));
    expect(stored.some((row) => row.tokenHash === value)).toBe(false);
    expect(stored.some((row) => row.tokenHash === createHash('sha256').update(value).digest('hex'))).toBe(true);
  });

  it('sets the ticket cookie HttpOnly, SameSite=Strict, on the signup path, for an hour', async () => {
    await requestLink(accounts.app, 'cookie-check@example.com', 'sign-up');
    const token = linkIn((await accounts.smtp.waitForMessage('cookie-check@example.com')).text, '/signup').searchParams.get('token') ?? '';
    const verified = await verify(accounts.app, 'cookie-check@example.com', token);
    const cookie = String(verified.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${SIGNUP_TICKET_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/authentication\/v1\/signup(;|$)/);
    expect(cookie).toMatch(/Max-Age=3600/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('refuses a sign-up without the ticket of the browser that verified: a poller cannot take the address', async () => {
    const email = await accounts.verifiedAddress();
    // The attacker polls signup with their own password, without the victim's ticket.
    const hijack = await signup(accounts.app, customerDetails(email, { password: 'Attacker$Pass1' }));
    expect(hijack.statusCode).toBe(403);
    expect(hijack.json().payload.message).toBe(AUTH_API_MESSAGES.notVerified);
    const forged = await signup(accounts.app, customerDetails(email), `${SIGNUP_TICKET_COOKIE}=${'A'.repeat(43)}`);
    expect(forged.statusCode).toBe(403);
    expect(await accounts.database.db.select().from(customers).where(eq(customers.email, email))).toHaveLength(0);
    expect((await signup(accounts.app, customerDetails(email), accounts.ticketOf(email))).statusCode).toBe(201);
  });

  it("refuses one address's ticket for another address", async () => {
    const mine = await accounts.verifiedAddress();
    const theirs = await accounts.verifiedAddress();
    expect((await signup(accounts.app, customerDetails(theirs), accounts.ticketOf(mine))).statusCode).toBe(403);
  });

  it('spends the ticket once, even for two sign-ups at the same moment', async () => {
    const email = await accounts.verifiedAddress();
    const ticket = accounts.ticketOf(email);
    const answers = await Promise.all([signup(accounts.app, customerDetails(email), ticket), signup(accounts.app, customerDetails(email), ticket)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 403]);
    expect((await signup(accounts.app, customerDetails(email), ticket)).statusCode).toBe(403);
  });

  it('refuses an address that was never verified', async () => {
    const response = await signup(accounts.app, customerDetails('unverified@example.com'));
    expect(response.statusCode).toBe(403);
    expect(response.json().payload.message).toBe(AUTH_API_MESSAGES.notVerified);
  });

  it('refuses an address verified more than 60 minutes ago', async () => {
    const email = await accounts.verifiedAddress();
    accounts.advance(61 * 60 * 1000);
    expect((await signup(accounts.app, customerDetails(email), accounts.ticketOf(email))).statusCode).toBe(403);
  });

  it('tells nobody without a ticket that an address has an account: 403 before 409', async () => {
    const email = await accounts.newCustomer();
    const probe = await signup(accounts.app, customerDetails(email));
    expect(probe.statusCode).toBe(403);
    expect(probe.json().payload.message).toBe(AUTH_API_MESSAGES.notVerified);
  });

  it('answers 409 to a ticket holder whose address got an account meanwhile, whatever its case', async () => {
    const email = await accounts.verifiedAddress();
    await accounts.database.db.insert(customers).values({ ...storedCustomer, email: email.toUpperCase().replace('EXAMPLE.COM', 'example.com') });
    const again = await signup(accounts.app, customerDetails(email), accounts.ticketOf(email));
    expect(again.statusCode).toBe(409);
    expect(again.json().payload.message).toBe(AUTH_API_MESSAGES.accountExists);
    const count = await accounts.database.db.select({ n: sql<number>`count(*)::int` }).from(customers).where(sql`lower(${customers.email}) = ${email}`);
    expect(count[0]?.n).toBe(1);
  });

  const thirteenYearsAgo = new Date(Date.UTC(new Date().getUTCFullYear() - 13, new Date().getUTCMonth(), new Date().getUTCDate())).toISOString().slice(0, 10);
  const almostThirteen = new Date(Date.UTC(new Date().getUTCFullYear() - 13, new Date().getUTCMonth(), new Date().getUTCDate() + 1)).toISOString().slice(0, 10);

  it.each([
    ['no first name', { first_name: '' }, 'first_name', ACCOUNT_MESSAGES.requiredFields],
    ['a first name over 100 characters', { first_name: 'x'.repeat(101) }, 'first_name', undefined],
    ['a date that does not exist', { dob: '2001-02-30' }, 'dob', AUTH_API_MESSAGES.invalidDate],
    ['a date in the future', { dob: '2999-01-01' }, 'dob', AUTH_API_MESSAGES.bornInFuture],
    ['someone a day short of 13', { dob: almostThirteen }, 'dob', AUTH_API_MESSAGES.tooYoung],
    ['a country not in the list', { country: 'Atlantis' }, 'country', AUTH_API_MESSAGES.unknownCountry],
    ['a gender outside the options', { gender: 'Robot' }, 'gender', undefined],
    ['an unknown heard-about option', { reached_by_option: 'tiktok' }, 'reached_by_option', undefined],
    ['a password without a special character', { password: 'Password123' }, 'password', ACCOUNT_MESSAGES.passwordRule],
    ['a password with a character outside the rule', { password: 'Pass word1!' }, 'password', ACCOUNT_MESSAGES.passwordRule],
    ['a very common password', { password: 'P@ssw0rd' }, 'password', AUTH_API_MESSAGES.commonPassword],
    ['an unknown field', { admin: true }, 'admin', undefined],
  ])('refuses %s with 400 and stores nothing', async (_name, overrides, field, message) => {
    const email = await accounts.verifiedAddress();
    const response = await signup(accounts.app, customerDetails(email, overrides), accounts.ticketOf(email));
    expect(response.statusCode).toBe(400);
    const { payload } = response.json();
    expect(Object.keys(payload.errors).some((key) => key === field || key.endsWith(`.${field}`))).toBe(true);
    if (message) expect(payload.message).toBe(message);
    expect(await accounts.database.db.select().from(customers).where(eq(customers.email, email))).toHaveLength(0);
  });

  it('accepts someone who turns 13 today, an empty last name and no heard-about choice', async () => {
    const email = await accounts.verifiedAddress();
    const response = await signup(accounts.app, customerDetails(email, { dob: thirteenYearsAgo, last_name: '', reached_by_option: '' }), accounts.ticketOf(email));
    expect(response.statusCode).toBe(201);
  });
});

// Issue 38, point 3: a reload of /signup or /basic resumes the sign-up its ticket stands for.
describe('GET /api/authentication/v1/signup/ticket', () => {
  const resume = (cookie?: string) =>
    accounts.app.inject({ method: 'GET', url: '/api/authentication/v1/signup/ticket', headers: cookie ? { cookie } : {} });

  it('answers the verified address and until when, for the browser holding the ticket; never the ticket itself', async () => {
    const email = await accounts.verifiedAddress();
    const response = await resume(accounts.ticketOf(email));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const payload = response.json().payload as { email: string; expires_at: string };
    expect(payload.email).toBe(email);
    // The ticket lives an hour from its verification, on the app's clock.
    expect(new Date(payload.expires_at).getTime()).toBe(accounts.now().getTime() + SIGNUP_TICKET_LIFETIME_MS);
    expect(response.body).not.toContain(accounts.ticketOf(email).split('=')[1]);
  });

  it('answers 404 with what to do without a ticket, with a forged one, and once the ticket is spent', async () => {
    for (const cookie of [undefined, `${SIGNUP_TICKET_COOKIE}=${'A'.repeat(43)}`]) {
      const response = await resume(cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json().payload.message).toBe(AUTH_API_MESSAGES.noSignupTicket);
    }
    const email = await accounts.verifiedAddress();
    expect((await signup(accounts.app, customerDetails(email), accounts.ticketOf(email))).statusCode).toBe(201);
    expect((await resume(accounts.ticketOf(email))).statusCode).toBe(404);
  });
});
