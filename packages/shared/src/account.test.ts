import { describe, expect, it } from 'vitest';
import {
  accountEmailSchema,
  ageOn,
  basicDetailsFormSchema,
  emailVerificationSchema,
  isRealDate,
  loginSchema,
  newPasswordSchema,
} from './account';
import { ACCOUNT_MESSAGES } from './account-messages';
import { firstErrorMessage } from './validation';

function messageOf(schema: { safeParse(value: unknown): { success: boolean; error?: unknown } }, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? null : firstErrorMessage(result.error as Parameters<typeof firstErrorMessage>[0]);
}

describe('account schemas', () => {
  it.each([
    ['', ACCOUNT_MESSAGES.emailRequired],
    ['ada@', ACCOUNT_MESSAGES.emailInvalid],
    ['ada lovelace@example.com', ACCOUNT_MESSAGES.emailInvalid],
    ['ada@example.com', null],
  ])('email %j → %s', (email, message) => {
    expect(messageOf(accountEmailSchema, email)).toBe(message);
  });

  it.each([
    ['', ACCOUNT_MESSAGES.passwordRequired],
    ['Ab1!', ACCOUNT_MESSAGES.passwordRule],
    ['abcdefg1!', ACCOUNT_MESSAGES.passwordRule],
    ['ABCDEFG1!', ACCOUNT_MESSAGES.passwordRule],
    ['Abcdefgh!', ACCOUNT_MESSAGES.passwordRule],
    ['Abcdefg12', ACCOUNT_MESSAGES.passwordRule],
    ['Abcdefg1#', ACCOUNT_MESSAGES.passwordRule],
    ['Abcdefg1!', null],
    ['Lark$ong2026', null],
  ])('password %j → %s', (password, message) => {
    expect(messageOf(newPasswordSchema, password)).toBe(message);
  });

  it('takes a null or absent password as a sign-up verification', () => {
    expect(emailVerificationSchema.parse({ email_receiver: 'a@b.co', token: 't' }).password).toBeNull();
    expect(emailVerificationSchema.parse({ email_receiver: 'a@b.co', token: 't', password: null }).password).toBeNull();
  });

  it('asks only for presence of the password at sign-in', () => {
    expect(loginSchema.safeParse({ customer_details: { email: 'a@b.co', password: 'old', login_mode: 'manual' } }).success).toBe(true);
    expect(messageOf(loginSchema, { customer_details: { email: 'a@b.co', password: '', login_mode: 'manual' } })).toBe(
      ACCOUNT_MESSAGES.passwordRequired,
    );
  });

  it('asks for every required basic detail with one message', () => {
    const empty = { firstName: '', secondName: '', dob: '', country: '', gender: '', heardAbout: [] };
    expect(messageOf(basicDetailsFormSchema, empty)).toBe(ACCOUNT_MESSAGES.requiredFields);
    expect(messageOf(basicDetailsFormSchema, { ...empty, firstName: 'Ada', dob: '1990-01-01', country: 'Peru', gender: 'Female' })).toBeNull();
  });
});

describe('dates of birth', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2023-13-01', false],
    ['1990-1-1', false],
  ])('%s is a real date: %s', (dob, real) => {
    expect(isRealDate(dob)).toBe(real);
  });

  it('counts whole years, birthday included', () => {
    const today = new Date('2026-06-15T12:00:00Z');
    expect(ageOn('2013-06-15', today)).toBe(13);
    expect(ageOn('2013-06-16', today)).toBe(12);
  });
});
