import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './email';
import { ACCOUNT_MESSAGES, AUTH_API_MESSAGES } from './account-messages';

// SPEC section 5's account rules, and the request bodies of SPEC section 7, defined once for the
// web forms and the API routes.

// SPEC section 5: the sign-up email pattern is the waitlist's with no spaces anywhere (one definition).
export const ACCOUNT_EMAIL_PATTERN = EMAIL_PATTERN;

export const accountEmailSchema = z.string({ error: ACCOUNT_MESSAGES.emailRequired }).check(
  z.trim(),
  z.minLength(1, { error: ACCOUNT_MESSAGES.emailRequired, abort: true }),
  z.maxLength(EMAIL_MAX_LENGTH, { error: ACCOUNT_MESSAGES.emailInvalid, abort: true }),
  z.regex(ACCOUNT_EMAIL_PATTERN, ACCOUNT_MESSAGES.emailInvalid),
);

export const PASSWORD_MIN_LENGTH = 8;
// Long enough for any passphrase; bounds the hashing work one request can ask for.
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_SPECIAL_CHARACTERS = '@$!%*?&';
// SPEC section 5: an upper- and a lower-case letter, a digit, one of @$!%*?&, and nothing else.
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]+$/;

export const newPasswordSchema = z.string({ error: ACCOUNT_MESSAGES.passwordRequired }).check(
  z.minLength(1, { error: ACCOUNT_MESSAGES.passwordRequired, abort: true }),
  z.minLength(PASSWORD_MIN_LENGTH, { error: ACCOUNT_MESSAGES.passwordRule, abort: true }),
  z.maxLength(PASSWORD_MAX_LENGTH, { error: `Password can be at most ${PASSWORD_MAX_LENGTH} characters.`, abort: true }),
  z.regex(PASSWORD_PATTERN, ACCOUNT_MESSAGES.passwordRule),
);

export const EMAIL_SEND_PAGES = ['sign-up', 'forget-password'] as const;
export type EmailSendPage = (typeof EMAIL_SEND_PAGES)[number];

export const emailSendSchema = z.strictObject({
  email_receiver: accountEmailSchema,
  direct_url: z.string({ error: AUTH_API_MESSAGES.directUrlRejected }).check(z.maxLength(2048, AUTH_API_MESSAGES.directUrlRejected)),
  page: z.enum(EMAIL_SEND_PAGES, { error: 'page must be sign-up or forget-password' }),
});
export type EmailSendRequest = z.output<typeof emailSendSchema>;

export const emailVerificationSchema = z.strictObject({
  email_receiver: accountEmailSchema,
  token: z.string({ error: AUTH_API_MESSAGES.badToken }).check(
    z.minLength(1, AUTH_API_MESSAGES.badToken),
    z.maxLength(256, AUTH_API_MESSAGES.badToken),
  ),
  // Absent or null for sign-up; the new password for a reset.
  password: z._default(z.nullable(newPasswordSchema), null),
});
export type EmailVerificationRequest = z.output<typeof emailVerificationSchema>;

export const GENDERS = ['Male', 'Female', 'Others'] as const;
export const HEARD_ABOUT_OPTIONS = [
  { value: 'google', label: 'Google Search' },
  { value: 'twitter', label: 'Twitter' },
  { value: 'linkedin', label: 'LinkedIn' },
] as const;
export type HeardAbout = (typeof HEARD_ABOUT_OPTIONS)[number]['value'];
export const REACHED_BY_OPTIONS = ['google', 'twitter', 'linkedin', ''] as const;

export const MINIMUM_AGE_YEARS = 13;
export const NAME_MAX_LENGTH = 100;

/** Whether `dob` (YYYY-MM-DD) is a calendar date, e.g. not 2023-02-30. */
export function isRealDate(dob: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Age in whole years on `today` (UTC), for a real YYYY-MM-DD date of birth. */
export function ageOn(dob: string, today: Date): number {
  const [year, month, day] = dob.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  const beforeBirthday = today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

const todayIso = () => new Date().toISOString().slice(0, 10);

export const dobSchema = z.string({ error: AUTH_API_MESSAGES.invalidDate }).check(
  z.refine(isRealDate, { error: AUTH_API_MESSAGES.invalidDate, abort: true }),
  z.refine((dob) => dob <= todayIso(), { error: AUTH_API_MESSAGES.bornInFuture, abort: true }),
  z.refine((dob) => ageOn(dob, new Date()) >= MINIMUM_AGE_YEARS, AUTH_API_MESSAGES.tooYoung),
);

const nameSchema = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.maxLength(NAME_MAX_LENGTH, `At most ${NAME_MAX_LENGTH} characters.`));

export const customerDetailsSchema = z.strictObject({
  first_name: nameSchema(ACCOUNT_MESSAGES.requiredFields).check(z.minLength(1, ACCOUNT_MESSAGES.requiredFields)),
  last_name: z._default(nameSchema('The second name must be text'), ''),
  email: accountEmailSchema,
  gender: z.enum(GENDERS, { error: ACCOUNT_MESSAGES.requiredFields }),
  password: newPasswordSchema,
  dob: dobSchema,
  // Checked against the countries service's names by the API, which holds that list.
  country: z.string({ error: ACCOUNT_MESSAGES.requiredFields }).check(
    z.trim(),
    z.minLength(1, ACCOUNT_MESSAGES.requiredFields),
    z.maxLength(100, AUTH_API_MESSAGES.unknownCountry),
  ),
  reached_by_option: z._default(z.enum(REACHED_BY_OPTIONS, { error: 'Choose how you heard about us from the list.' }), ''),
});
export const signupSchema = z.strictObject({ customer_details: customerDetailsSchema });
export type SignupRequest = z.output<typeof signupSchema>;
export type SignupRequestInput = z.input<typeof signupSchema>;

export const loginSchema = z.strictObject({
  customer_details: z.strictObject({
    email: accountEmailSchema,
    // Only presence here: the rule of SPEC section 5 applies to new passwords, not to signing in.
    password: z.string({ error: ACCOUNT_MESSAGES.passwordRequired }).check(
      z.minLength(1, ACCOUNT_MESSAGES.passwordRequired),
      z.maxLength(PASSWORD_MAX_LENGTH, AUTH_API_MESSAGES.badCredentials),
    ),
    login_mode: z.literal('manual', { error: 'login_mode must be manual' }),
  }),
});
export type LoginRequest = z.output<typeof loginSchema>;

// SPEC section 3: the basic-details form's own state, validated before the signup request is built.
export const basicDetailsFormSchema = z.object({
  firstName: z.string().check(z.trim(), z.minLength(1, ACCOUNT_MESSAGES.requiredFields)),
  secondName: z.string(),
  dob: z.string().check(z.minLength(1, ACCOUNT_MESSAGES.requiredFields)),
  country: z.string().check(z.minLength(1, ACCOUNT_MESSAGES.requiredFields)),
  gender: z.string().check(z.minLength(1, ACCOUNT_MESSAGES.requiredFields)),
  heardAbout: z.array(z.string()),
});
export type BasicDetailsForm = z.output<typeof basicDetailsFormSchema>;

// SPEC section 9: account screens' timings.
export const ACCOUNT_TIMINGS = {
  toastMs: 3000,
  verifiedMessageMs: 3000,
  resetRedirectMs: 2000,
  emailStateResetMs: 100,
} as const;

// SPEC section 7: the login response's credentials.
export interface Credentials {
  access_token: string;
  token_type: 'Bearer';
  expires_at: string;
}

export interface LoginPayload {
  customer_id: string;
  credentials: Credentials;
  message: string;
}

export interface SessionPayload {
  customer_id: string;
  email: string;
  first_name: string;
}

// SPEC section 3 and the accounts issue: the profile's additional_info.
export interface UserProfile {
  email: string;
  additional_info: {
    first_name: string;
    last_name: string;
    street_address: string;
    city: string;
    state: string;
    company: string;
    postal_code: string;
    country: string;
    phone: string;
    vat_id: string;
    dob: string;
    gender: string;
  };
}

// SPEC section 7: the countries service's entry shape.
export interface CountryEntry {
  name: { common: string };
  cca2: string;
}
