import { AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import { GENERIC_MESSAGES } from '@postlark/shared/messages';
import { PLAN_TEXTS } from '@postlark/shared/plans';
import { HELP_MESSAGES, WAITLIST_MESSAGE_MAX_LENGTH } from '@postlark/shared/waitlist';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { waitlistSubmissions } from '../src/db/schema/waitlist';
import { listSubmissions } from '../src/modules/waitlist/waitlist.repository';
import { useAccountsApp } from './support/accounts-app';

// Issue 23: the dashboard's Help panel sends a Contact submission from the signed-in customer, and
// the sidebar's Upgrade panel reads the account's plan and the days left of its 7-day trial.

const accounts = useAccountsApp();
const call = accounts.call;
const DAY = 24 * 60 * 60 * 1000;

async function storedFor(customerId: string) {
  return accounts.database.db.select().from(waitlistSubmissions).where(eq(waitlistSubmissions.customerId, customerId)).orderBy(asc(waitlistSubmissions.id));
}

describe('POST /api/home/v1/user/{customerId}/contact-message', () => {
  it("stores a Contact submission with the account's address, linked to the customer, where the operators read the site's", async () => {
    const { email, customerId, cookie } = await accounts.signedInCustomer();
    const response = await call('POST', `home/v1/user/${customerId}/contact-message`, cookie, { message: 'How do I schedule a campaign?' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ payload: { message: HELP_MESSAGES.sent(email) } });

    const [row, ...rest] = await storedFor(customerId);
    expect(rest).toHaveLength(0);
    expect(row).toMatchObject({ status: 'Contact', email, message: 'How do I schedule a campaign?', customerId });
    // The operators' list (npm run submissions) is the same table, Contact filter and all.
    const contacts = await listSubmissions(accounts.database.db, { status: 'Contact' });
    expect(contacts.find((each) => each.customerId === customerId)?.message).toBe('How do I schedule a campaign?');
  });

  it('takes no address from the request: the account is the sender', async () => {
    const { customerId, cookie } = await accounts.signedInCustomer();
    const spoofed = await call('POST', `home/v1/user/${customerId}/contact-message`, cookie, { message: 'Hello', email: 'ceo@example.com' });
    expect(spoofed.statusCode).toBe(400);
    expect(spoofed.json().payload.errors.email).toBe(GENERIC_MESSAGES.unknownField('email'));
    expect(await storedFor(customerId)).toHaveLength(0);
  });

  it.each([
    ['an empty message', { message: '' }, HELP_MESSAGES.messageRequired],
    ['a blank message', { message: '  \n ' }, HELP_MESSAGES.messageRequired],
    ['no message', {}, undefined],
    ['a message over the limit', { message: 'x'.repeat(WAITLIST_MESSAGE_MAX_LENGTH + 1) }, `The message can be at most ${WAITLIST_MESSAGE_MAX_LENGTH} characters`],
    ['a NUL character', { message: 'a\u0000b' }, GENERIC_MESSAGES.nulCharacter],
  ])('refuses %s with the field message and stores nothing', async (_name, body, message) => {
    const { customerId, cookie } = await accounts.signedInCustomer();
    const response = await call('POST', `home/v1/user/${customerId}/contact-message`, cookie, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().payload.errors).toHaveProperty('message');
    if (message) expect(response.json().payload.errors.message).toBe(message);
    expect(await storedFor(customerId)).toHaveLength(0);
  });

  it("refuses another customer's id with 404 and a signed-out visitor with 401", async () => {
    const first = await accounts.signedInCustomer();
    const second = await accounts.signedInCustomer();
    const other = await call('POST', `home/v1/user/${first.customerId}/contact-message`, second.cookie, { message: 'Pretending' });
    expect(other.statusCode).toBe(404);
    expect(other.json().payload.message).toBe(AUTH_API_MESSAGES.userNotFound);
    expect((await call('POST', `home/v1/user/${first.customerId}/contact-message`, undefined, { message: 'Anyone?' })).statusCode).toBe(401);
    expect(await storedFor(first.customerId)).toHaveLength(0);
    expect(await storedFor(second.customerId)).toHaveLength(0);
  });
});

describe('GET /api/home/v1/user/{customerId}/plan', () => {
  it('puts a new account on Basic with 7 days of trial left, counted from its creation', async () => {
    const { customerId, cookie } = await accounts.signedInCustomer();
    const response = await call('GET', `home/v1/user/${customerId}/plan`, cookie);
    expect(response.statusCode).toBe(200);
    const plan = response.json().payload;
    expect(plan).toMatchObject({ plan: 'basic', trial_days: 7, trial_days_left: 7 });
    expect(Date.parse(plan.trial_ends_at) - Date.parse(plan.trial_started_at)).toBe(7 * DAY);
    expect(PLAN_TEXTS.daysLeft(plan.trial_days_left)).toBe('7 days left');
  });

  it('counts down a day at a time and stays at 0 once the trial has ended', async () => {
    const { customerId, cookie } = await accounts.signedInCustomer();
    const daysLeft = async () => (await call('GET', `home/v1/user/${customerId}/plan`, cookie)).json().payload.trial_days_left;
    await accounts.advanceInUse(DAY + 60_000, cookie);
    expect(await daysLeft()).toBe(6);
    await accounts.advanceInUse(5 * DAY, cookie);
    expect(await daysLeft()).toBe(1);
    await accounts.advanceInUse(DAY, cookie);
    expect(await daysLeft()).toBe(0);
    await accounts.advanceInUse(3 * DAY, cookie);
    expect(await daysLeft()).toBe(0);
  });

  it("refuses another customer's id with 404 and a signed-out visitor with 401", async () => {
    const first = await accounts.signedInCustomer();
    const second = await accounts.signedInCustomer();
    const other = await call('GET', `home/v1/user/${first.customerId}/plan`, second.cookie);
    expect(other.statusCode).toBe(404);
    expect(other.json().payload).not.toHaveProperty('trial_days_left');
    expect((await call('GET', `home/v1/user/${first.customerId}/plan`)).statusCode).toBe(401);
    expect((await call('GET', `home/v1/user/not-a-uuid/plan`, first.cookie)).statusCode).toBe(404);
  });
});
