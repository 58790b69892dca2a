import * as z from 'zod/mini';
import { accountEmailSchema, NAME_MAX_LENGTH, newPasswordSchema, PASSWORD_MAX_LENGTH } from './account';
import { ACCOUNT_MESSAGES } from './account-messages';

// The customer area's requests (profile tabs and notifications), defined once for the forms and the API.

export const PROFILE_MESSAGES = {
  firstNameRequired: 'First name is required.',
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordWrong: 'Your current password is not correct.',
  postalCodeRequired: 'Postal code is required.',
  basicSaved: 'Your details were updated.',
  passwordChanged: 'Your password was changed. Other devices have been signed out.',
  contactSaved: 'Contact information saved.',
  preferencesSaved: 'Your marketing preferences were saved.',
  emailChangeSent: 'We sent a confirmation link to your new address. Your email changes when you open it.',
  sameEmail: 'That is already your email address.',
  emailTaken: 'Another account already uses this address.',
  emailChanged: 'Your email address was changed.',
  emailChangeCancelled:
    'The change of your email address is cancelled and every device was signed out. Whoever asked for it knew your password: reset it now from the sign-in page.',
  tooLong: (max: number) => `At most ${max} characters.`,
} as const;

const bounded = (max: number) => z.string().check(z.trim(), z.maxLength(max, PROFILE_MESSAGES.tooLong(max)));

export const basicInfoSchema = z.strictObject({
  first_name: z
    .string({ error: PROFILE_MESSAGES.firstNameRequired })
    .check(z.trim(), z.minLength(1, PROFILE_MESSAGES.firstNameRequired), z.maxLength(NAME_MAX_LENGTH, PROFILE_MESSAGES.tooLong(NAME_MAX_LENGTH))),
  last_name: bounded(NAME_MAX_LENGTH),
});
export type BasicInfo = z.output<typeof basicInfoSchema>;

/** The password a signed-in customer types again before a sensitive change (password, email, API key). */
export const currentPasswordSchema = z.string({ error: PROFILE_MESSAGES.currentPasswordRequired }).check(
  z.minLength(1, PROFILE_MESSAGES.currentPasswordRequired),
  z.maxLength(128, PROFILE_MESSAGES.currentPasswordWrong),
);

export const changePasswordSchema = z
  .strictObject({
    current_password: currentPasswordSchema,
    new_password: newPasswordSchema,
    confirm_password: z.string({ error: ACCOUNT_MESSAGES.passwordsDontMatch }).check(z.maxLength(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.passwordsDontMatch)),
  })
  .check(
    z.refine((value) => value.new_password === value.confirm_password, {
      error: ACCOUNT_MESSAGES.passwordsDontMatch,
      path: ['confirm_password'],
    }),
  );
export type ChangePassword = z.output<typeof changePasswordSchema>;

export const CONTACT_LIMITS = {
  street_address: 200,
  city: 100,
  state: 100,
  company: 200,
  postal_code: 20,
  country: 100,
  phone: 40,
  vat_id: 40,
} as const;

export const contactInfoSchema = z.strictObject({
  street_address: bounded(CONTACT_LIMITS.street_address),
  city: bounded(CONTACT_LIMITS.city),
  state: bounded(CONTACT_LIMITS.state),
  company: bounded(CONTACT_LIMITS.company),
  // The only field the spec marks required (with its star).
  postal_code: z
    .string({ error: PROFILE_MESSAGES.postalCodeRequired })
    .check(z.trim(), z.minLength(1, PROFILE_MESSAGES.postalCodeRequired), z.maxLength(CONTACT_LIMITS.postal_code, PROFILE_MESSAGES.tooLong(CONTACT_LIMITS.postal_code))),
  country: bounded(CONTACT_LIMITS.country),
  phone: bounded(CONTACT_LIMITS.phone),
  vat_id: bounded(CONTACT_LIMITS.vat_id),
});
export type ContactInfo = z.output<typeof contactInfoSchema>;

/**
 * The contact fields that make the postal address every campaign's footer must show (the law asks
 * for it): a campaign cannot go out without them, and Home's "Customize" step is done once they are.
 */
export const POSTAL_ADDRESS_FIELDS = ['street_address', 'city', 'postal_code', 'country'] as const;
export type PostalAddressField = (typeof POSTAL_ADDRESS_FIELDS)[number];

// SPEC section 3: the marketing preference ids, in the order the tab lists them.
export const MARKETING_PREFERENCE_IDS = ['productUpdates', 'newsletters', 'insights', 'surveys', 'assistance', 'demos', 'optOut'] as const;
export type MarketingPreferenceId = (typeof MARKETING_PREFERENCE_IDS)[number];

export const marketingPreferencesSchema = z.strictObject({
  productUpdates: z.boolean(),
  newsletters: z.boolean(),
  insights: z.boolean(),
  surveys: z.boolean(),
  assistance: z.boolean(),
  demos: z.boolean(),
  optOut: z.boolean(),
});
export type MarketingPreferences = z.output<typeof marketingPreferencesSchema>;

// SPEC section 4: a new customer has only optOut checked.
export const DEFAULT_MARKETING_PREFERENCES: MarketingPreferences = {
  productUpdates: false,
  newsletters: false,
  insights: false,
  surveys: false,
  assistance: false,
  demos: false,
  optOut: true,
};

export interface CustomerNotification {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  created_at: string;
  read: boolean;
}

export interface NotificationsPayload {
  notifications: CustomerNotification[];
  unread: number;
}

export const emailChangeSchema = z.strictObject({ new_email: accountEmailSchema, current_password: currentPasswordSchema });
export type EmailChange = z.output<typeof emailChangeSchema>;

// The link in the confirmation mail carries the new address and the token; the cancel link in the
// notice to the old address carries that address and its own token, in the same shape.
export const emailChangeConfirmSchema = z.strictObject({
  email: accountEmailSchema,
  token: z.string().check(z.minLength(1), z.maxLength(256)),
});
