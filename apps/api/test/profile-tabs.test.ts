import { AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import { DEFAULT_MARKETING_PREFERENCES, PROFILE_MESSAGES } from '@postlark/shared/profile';
import { describe, expect, it } from 'vitest';
import { login, STRONG_PASSWORD } from './support/accounts';
import { useAccountsApp } from './support/accounts-app';

const accounts = useAccountsApp();

const call = accounts.call;

const CONTACT = {
  street_address: '12 Lark Lane',
  city: 'Leeds',
  state: 'West Yorkshire',
  company: 'Frugal Kitchen Ltd',
  postal_code: 'LS1 4AP',
  country: 'United Kingdom',
  phone: '+44 113 496 0000',
  vat_id: 'GB123456789',
};

describe('the profile tabs', () => {
  it('updates the first and last name', async () => {
    const { customerId, cookie } = await accounts.signedInCustomer();
    const response = await call('PATCH', `home/v1/user/${customerId}`, cookie, { first_name: ' Grace ', last_name: 'Hopper' });
    expect(response.statusCode).toBe(200);
    expect(response.json().payload.message).toBe(PROFILE_MESSAGES.basicSaved);
    const profile = (await call('GET', `home/v1/user/${customerId}`, cookie)).json().payload;
    expect(profile.additional_info).toMatchObject({ first_name: 'Grace', last_name: 'Hopper' });
  });

  it('refuses an empty first name and an over-long last name', async () => {
    const { customerId, cookie } = await accounts.signedInCustomer();
    const empty = await call('PATCH', `home/v1/user/${customerId}`, cookie, { first_name: '  ', last_name: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().payload.errors.first_name).toBe(PROFILE_MESSAGES.firstNameRequired);
    const long = await call('PATCH', `home/v1/user/${customerId}`, cookie, { first_name: 'Ada', last_name: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().payload.errors).toHaveProperty('last_name');
  });

  it('saves the contact information into the profile', async () => {
    const { customerId, cookie } = await accounts.signedInCustomer();
    expect((await call('PUT', `home/v1/user/${customerId}/contact`, cookie, CONTACT)).statusCode).toBe(200);
    const profile = (await call('GET', `home/v1/user/${customerId}`, cookie)).json().payload;
    const { first_name: _first, last_name: _last, dob: _dob, gender: _gender, ...contact } = profile.additional_info;
    expect(contact).toEqual(CONTACT);
  });

  it.each([
    ['no postal code', { postal_code: ' ' }, 'postal_code', PROFILE_MESSAGES.postalCodeRequired],
    ['a postal code over 20 characters', { postal_code: '1'.repeat(21) }, 'postal_code', PROFILE_MESSAGES.tooLong(20)],
    ['an unknown country', { country: 'Atlantis' }, 'country', AUTH_API_MESSAGES.unknownCountry],
    ['a street over 200 characters', { street_address: 's'.repeat(201) }, 'street_address', PROFILE_MESSAGES.tooLong(200)],
    ['an unknown field', { fax: '1' }, 'fax', undefined],
  ])('refuses contact information with %s', async (_name, change, field, message) => {
    const { customerId, cookie } = await accounts.signedInCustomer();
    const response = await call('PUT', `home/v1/user/${customerId}/contact`, cookie, { ...CONTACT, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().payload.errors).toHaveProperty(field);
    if (message) expect(response.json().payload.errors[field]).toBe(message);
    const profile = (await call('GET', `home/v1/user/${customerId}`, cookie)).json().payload;
    expect(profile.additional_info.postal_code).toBe('');
  });

  it('starts a new customer with only optOut checked and stores the seven choices', async () => {
    const { customerId, cookie } = await accounts.signedInCustomer();
    const initial = await call('GET', `home/v1/user/${customerId}/preferences`, cookie);
    expect(initial.json()).toEqual({ payload: DEFAULT_MARKETING_PREFERENCES });
    const chosen = { productUpdates: true, newsletters: true, insights: false, surveys: true, assistance: false, demos: true, optOut: false };
    expect((await call('PUT', `home/v1/user/${customerId}/preferences`, cookie, chosen)).statusCode).toBe(200);
    expect((await call('GET', `home/v1/user/${customerId}/preferences`, cookie)).json()).toEqual({ payload: chosen });
    const partial = await call('PUT', `home/v1/user/${customerId}/preferences`, cookie, { optOut: true });
    expect(partial.statusCode).toBe(400);
  });

  it("answers another customer's id with 404 on every tab, and 401 signed out", async () => {
    const first = await accounts.signedInCustomer();
    const second = await accounts.signedInCustomer();
    const attempts = [
      call('PATCH', `home/v1/user/${first.customerId}`, second.cookie, { first_name: 'Mallory', last_name: '' }),
      call('PUT', `home/v1/user/${first.customerId}/contact`, second.cookie, CONTACT),
      call('GET', `home/v1/user/${first.customerId}/preferences`, second.cookie),
      call('PUT', `home/v1/user/${first.customerId}/password`, second.cookie, {
        current_password: STRONG_PASSWORD,
        new_password: 'Mallory$Pass1',
        confirm_password: 'Mallory$Pass1',
      }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode).toBe(404);
    expect((await call('GET', `home/v1/user/${first.customerId}`, first.cookie)).json().payload.additional_info.first_name).toBe('Ada');
    expect((await call('GET', `home/v1/user/${first.customerId}/preferences`)).statusCode).toBe(401);
  });
});

describe('changing the password', () => {
  const change = (current: string, next: string, confirm = next) => ({ current_password: current, new_password: next, confirm_password: confirm });

  it('checks the current password, ends every other session, keeps this one, and notifies', async () => {
    const { email, customerId, cookie } = await accounts.signedInCustomer();
    const other = (await login(accounts.app, email, STRONG_PASSWORD)).headers['set-cookie'];
    const otherCookie = String(other).split(';')[0] ?? '';

    const response = await call('PUT', `home/v1/user/${customerId}/password`, cookie, change(STRONG_PASSWORD, 'Fresh$Pass2027'));
    expect(response.statusCode).toBe(200);
    expect(response.json().payload.message).toBe(PROFILE_MESSAGES.passwordChanged);
    expect((await call('GET', 'authentication/v1/session', cookie)).statusCode).toBe(200);
    expect((await call('GET', 'authentication/v1/session', otherCookie)).statusCode).toBe(401);
    expect((await login(accounts.app, email, 'Fresh$Pass2027')).statusCode).toBe(200);

    const notices = (await call('GET', 'home/v1/notifications', cookie)).json().payload;
    expect(notices.unread).toBe(1);
    expect(notices.notifications[0]).toMatchObject({ kind: 'password-changed', read: false });
    expect((await accounts.smtp.waitForMessage(email, { after: 1 })).subject).toMatch(/password/i);
  });

  it('refuses a wrong current password clearly and makes the account wait after 5', async () => {
    const { customerId, cookie } = await accounts.signedInCustomer();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await call('PUT', `home/v1/user/${customerId}/password`, cookie, change(`Wrong$Pass${attempt}`, 'Fresh$Pass2027'));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().payload.errors.current_password).toBe(PROFILE_MESSAGES.currentPasswordWrong);
    }
    const blocked = await call('PUT', `home/v1/user/${customerId}/password`, cookie, change(STRONG_PASSWORD, 'Fresh$Pass2027'));
    expect(blocked.statusCode).toBe(429);
  });

  it('checks at most 5 of 20 parallel wrong current passwords; the others wait', async () => {
    const { customerId, cookie } = await accounts.signedInCustomer();
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => call('PUT', `home/v1/user/${customerId}/password`, cookie, change(`Wrong$Guess${index}`, 'Fresh$Pass2027'))),
    );
    const statuses = guesses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - statuses.filter((status) => status === 400).length);
  });

  it("refuses a new password that breaks the rule or does not match its confirmation", async () => {
    const { customerId, cookie } = await accounts.signedInCustomer();
    const weak = await call('PUT', `home/v1/user/${customerId}/password`, cookie, change(STRONG_PASSWORD, 'weak'));
    expect(weak.statusCode).toBe(400);
    expect(weak.json().payload.errors).toHaveProperty('new_password');
    const mismatch = await call('PUT', `home/v1/user/${customerId}/password`, cookie, change(STRONG_PASSWORD, 'Fresh$Pass2027', 'Fresh$Pass2028'));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().payload.errors.confirm_password).toBe("Passwords don't match");
  });
});
