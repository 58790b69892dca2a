import { ACCOUNT_MESSAGES, AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema/accounts';
import { customerDetails, signup, STRONG_PASSWORD } from './support/accounts';
import { useAccountsApp } from './support/accounts-app';

const accounts = useAccountsApp();

describe('POST /api/authentication/v1/signup/', () => {
  it('creates the account for a verified address, with an argon2id hash of the password', async () => {
    const email = await accounts.verifiedAddress();
    const response = await signup(accounts.app, customerDetails(email));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ payload: { message: AUTH_API_MESSAGES.signedUp } });
    const [stored] = await accounts.database.db.select().from(customers).where(eq(customers.email, email));
    expect(stored).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', gender: 'Female', dob: '1990-12-10', country: 'United Kingdom', reachedByOption: 'google' });
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored?.passwordHash).not.toContain(STRONG_PASSWORD);
  });

  it('refuses an address that was never verified', async () => {
    const response = await signup(accounts.app, customerDetails('unverified@example.com'));
    expect(response.statusCode).toBe(403);
    expect(response.json().payload.message).toBe(AUTH_API_MESSAGES.notVerified);
  });

  it('refuses an address verified more than 60 minutes ago', async () => {
    const email = await accounts.verifiedAddress();
    accounts.advance(61 * 60 * 1000);
    expect((await signup(accounts.app, customerDetails(email))).statusCode).toBe(403);
  });

  it('answers 409 when the address already has an account, whatever its case', async () => {
    const email = await accounts.verifiedAddress();
    expect((await signup(accounts.app, customerDetails(email))).statusCode).toBe(201);
    const again = await signup(accounts.app, customerDetails(email.toUpperCase().replace('EXAMPLE.COM', 'example.com')));
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
    const response = await signup(accounts.app, customerDetails(email, overrides));
    expect(response.statusCode).toBe(400);
    const { payload } = response.json();
    expect(Object.keys(payload.errors).some((key) => key === field || key.endsWith(`.${field}`))).toBe(true);
    if (message) expect(payload.message).toBe(message);
    expect(await accounts.database.db.select().from(customers).where(eq(customers.email, email))).toHaveLength(0);
  });

  it('accepts someone who turns 13 today, an empty last name and no heard-about choice', async () => {
    const email = await accounts.verifiedAddress();
    const response = await signup(accounts.app, customerDetails(email, { dob: thirteenYearsAgo, last_name: '', reached_by_option: '' }));
    expect(response.statusCode).toBe(201);
  });
});
