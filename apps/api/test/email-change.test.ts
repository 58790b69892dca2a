import { AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import { PROFILE_MESSAGES } from '@postlark/shared/profile';
import { describe, expect, it } from 'vitest';
import { customerDetails, linkIn, login, post, requestLink, sessionCookie, signup, STRONG_PASSWORD, ticketCookie, verify } from './support/accounts';
import { useAccountsApp } from './support/accounts-app';

const accounts = useAccountsApp();

function requestChange(customerId: string, cookie: string | undefined, newEmail: string, currentPassword: string | null = STRONG_PASSWORD) {
  return accounts.app.inject({
    method: 'POST',
    url: `/api/home/v1/user/${customerId}/email`,
    headers: cookie ? { cookie } : {},
    payload: { new_email: newEmail, ...(currentPassword === null ? {} : { current_password: currentPassword }) },
  });
}

function confirm(email: string, token: string, cookie?: string) {
  return post(accounts.app, 'authentication/v1/email-change/confirm', { email, token }, cookie ? { cookie } : {});
}

function cancel(email: string, token: string) {
  return post(accounts.app, 'authentication/v1/email-change/cancel', { email, token });
}

async function cancelLink(oldEmail: string, after: number) {
  const link = linkIn((await accounts.smtp.waitForMessage(oldEmail, { after })).text, '/cancel-email-change');
  return { email: link.searchParams.get('email') ?? '', token: link.searchParams.get('token') ?? '' };
}

const session = (cookie: string) => accounts.app.inject({ method: 'GET', url: '/api/authentication/v1/session', headers: { cookie } });

async function confirmationLink(newEmail: string) {
  const link = linkIn((await accounts.smtp.waitForMessage(newEmail)).text, '/confirm-email');
  return { email: link.searchParams.get('email') ?? '', token: link.searchParams.get('token') ?? '' };
}

describe('changing the email address', () => {
  it('changes nothing until the link mailed to the new address is opened, and tells the old address', async () => {
    const { email, customerId, cookie } = await accounts.signedInCustomer();
    const response = await requestChange(customerId, cookie, 'moved@example.org');
    expect(response.statusCode).toBe(200);
    expect(response.json().payload.message).toBe(PROFILE_MESSAGES.emailChangeSent);

    const notice = await accounts.smtp.waitForMessage(email, { after: 1 });
    expect(notice.text).toContain('moved@example.org');
    // Its only token link cancels; nothing in it can confirm.
    expect(notice.text).not.toContain('/confirm-email');
    expect(linkIn(notice.text, '/cancel-email-change').searchParams.get('email')).toBe(email);
    expect((await login(accounts.app, email, STRONG_PASSWORD)).statusCode).toBe(200);

    const link = await confirmationLink('moved@example.org');
    expect(link.email).toBe('moved@example.org');
    const confirmed = await confirm(link.email, link.token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().payload.message).toBe(PROFILE_MESSAGES.emailChanged);

    // Confirmed from a browser not signed in: every session ends.
    expect((await session(cookie)).statusCode).toBe(401);
    const signedIn = await login(accounts.app, 'moved@example.org', STRONG_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect((await login(accounts.app, email, STRONG_PASSWORD, '198.51.100.77')).statusCode).toBe(401);
    const notices = await accounts.app.inject({ method: 'GET', url: '/api/home/v1/notifications', headers: { cookie: sessionCookie(signedIn.headers['set-cookie']) } });
    expect(notices.json().payload.notifications[0]).toMatchObject({ kind: 'email-changed' });
    // A link works once.
    expect((await confirm(link.email, link.token)).statusCode).toBe(400);
  });

  it('asks for the current password, refusing a missing or wrong one clearly and mailing nobody', async () => {
    const { customerId, cookie } = await accounts.signedInCustomer();
    const missing = await requestChange(customerId, cookie, 'no-password@example.org', null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().payload.errors.current_password).toBe(PROFILE_MESSAGES.currentPasswordRequired);
    const wrong = await requestChange(customerId, cookie, 'no-password@example.org', 'Wrong$Pass1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().payload.errors.current_password).toBe(PROFILE_MESSAGES.currentPasswordWrong);
    expect(accounts.smtp.messagesTo('no-password@example.org')).toHaveLength(0);
  });

  it('checks at most 5 of 20 parallel wrong current passwords; the others wait', async () => {
    const { customerId, cookie } = await accounts.signedInCustomer();
    const guesses = await Promise.all(Array.from({ length: 20 }, (_, index) => requestChange(customerId, cookie, 'guess@example.org', `Wrong$Guess${index}`)));
    const statuses = guesses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - statuses.filter((status) => status === 400).length);
  });

  it('voids a pending link when the password is changed', async () => {
    const { customerId, cookie } = await accounts.signedInCustomer();
    await requestChange(customerId, cookie, 'pending-change@example.org');
    const link = await confirmationLink('pending-change@example.org');
    const changed = await accounts.call('PUT', `home/v1/user/${customerId}/password`, cookie, {
      current_password: STRONG_PASSWORD,
      new_password: 'Fresh$Pass2027',
      confirm_password: 'Fresh$Pass2027',
    });
    expect(changed.statusCode).toBe(200);
    expect((await confirm(link.email, link.token)).statusCode).toBe(400);
  });

  it('voids a pending link when the password is reset', async () => {
    const { email, customerId, cookie } = await accounts.signedInCustomer();
    const before = accounts.smtp.messagesTo(email).length;
    await requestChange(customerId, cookie, 'pending-reset@example.org');
    const link = await confirmationLink('pending-reset@example.org');
    // The notice to the old address first, so the next mail there is the reset.
    await accounts.smtp.waitForMessage(email, { after: before });
    await requestLink(accounts.app, email, 'forget-password');
    const reset = linkIn((await accounts.smtp.waitForMessage(email, { after: before + 1 })).text, '/forget-password');
    expect((await verify(accounts.app, email, reset.searchParams.get('token') ?? '', 'Reset$Pass2027')).statusCode).toBe(200);
    expect((await confirm(link.email, link.token)).statusCode).toBe(400);
  });

  it("cancels from the old address's link: the change is void and every session ends", async () => {
    const { email, customerId, cookie } = await accounts.signedInCustomer();
    const before = accounts.smtp.messagesTo(email).length;
    await requestChange(customerId, cookie, 'takeover@example.org');
    const link = await confirmationLink('takeover@example.org');
    const undo = await cancelLink(email, before);
    const cancelled = await cancel(undo.email, undo.token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().payload.message).toBe(PROFILE_MESSAGES.emailChangeCancelled);
    expect((await confirm(link.email, link.token)).statusCode).toBe(400);
    expect((await session(cookie)).statusCode).toBe(401);
    expect((await login(accounts.app, email, STRONG_PASSWORD)).statusCode).toBe(200);
    // The cancel link works once, and only for its own address.
    expect((await cancel(undo.email, undo.token)).statusCode).toBe(400);
    expect((await cancel('takeover@example.org', undo.token)).statusCode).toBe(400);
  });

  it('ends the other sessions when the change is confirmed, keeping the confirming one', async () => {
    const { email, customerId, cookie } = await accounts.signedInCustomer();
    const other = sessionCookie((await login(accounts.app, email, STRONG_PASSWORD)).headers['set-cookie']);
    await requestChange(customerId, cookie, 'sessions-end@example.org');
    const link = await confirmationLink('sessions-end@example.org');
    expect((await confirm(link.email, link.token, cookie)).statusCode).toBe(200);
    expect((await session(cookie)).statusCode).toBe(200);
    expect((await session(other)).statusCode).toBe(401);
  });

  it('refuses the current address, an address with an account, and a bad one', async () => {
    const first = await accounts.signedInCustomer();
    const second = await accounts.signedInCustomer();
    const same = await requestChange(first.customerId, first.cookie, first.email.toUpperCase().replace('EXAMPLE.COM', 'example.com'));
    expect(same.statusCode).toBe(400);
    expect(same.json().payload.errors.new_email).toBe(PROFILE_MESSAGES.sameEmail);
    const taken = await requestChange(first.customerId, first.cookie, second.email);
    expect(taken.statusCode).toBe(409);
    const bad = await requestChange(first.customerId, first.cookie, 'not an email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().payload.errors.new_email).toBe('Please enter a valid mail');
  });

  it('refuses a link for another address, a made-up token and an expired link alike', async () => {
    const { customerId, cookie } = await accounts.signedInCustomer();
    await requestChange(customerId, cookie, 'later@example.org');
    const link = await confirmationLink('later@example.org');
    for (const answer of [await confirm('other@example.org', link.token), await confirm(link.email, 'B'.repeat(43))]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().payload.message).toBe(AUTH_API_MESSAGES.badToken);
    }
    accounts.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await confirm(link.email, link.token)).statusCode).toBe(400);
  });

  it('refuses the link with 409 when the address got an account of its own in the meantime', async () => {
    const { customerId, cookie } = await accounts.signedInCustomer();
    await requestChange(customerId, cookie, 'contested@example.org');
    const mine = await confirmationLink('contested@example.org');

    await requestLink(accounts.app, 'contested@example.org', 'sign-up');
    const signupLink = linkIn((await accounts.smtp.waitForMessage('contested@example.org', { after: 1 })).text, '/signup');
    const verified = await verify(accounts.app, 'contested@example.org', signupLink.searchParams.get('token') ?? '');
    expect(verified.statusCode).toBe(200);
    expect((await signup(accounts.app, customerDetails('contested@example.org'), ticketCookie(verified.headers['set-cookie']))).statusCode).toBe(201);

    const late = await confirm(mine.email, mine.token);
    expect(late.statusCode).toBe(409);
    expect(late.json().payload.message).toBe(PROFILE_MESSAGES.emailTaken);
  });

  it("answers another customer's id with 404 and signed-out with 401", async () => {
    const first = await accounts.signedInCustomer();
    const second = await accounts.signedInCustomer();
    expect((await requestChange(first.customerId, second.cookie, 'hijack@example.org')).statusCode).toBe(404);
    expect((await requestChange(first.customerId, undefined, 'hijack@example.org')).statusCode).toBe(401);
    expect(accounts.smtp.messagesTo('hijack@example.org')).toHaveLength(0);
  });
});
