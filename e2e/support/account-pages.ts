import { expect, type Locator, type Page } from '@playwright/test';
import { ACCOUNT_MESSAGES } from '@postlark/shared/account-messages';
import { HEARD_ABOUT_OPTIONS, type HeardAbout } from '@postlark/shared/account';
import { ROUTES } from '@postlark/shared/routes';
import type { CustomerDetails } from './accounts';

// The account screens' parts, found the way a visitor or a screen reader would. Texts the spec
// gives come from @postlark/shared; the few here are the screens' own button names.

export const SEND_VERIFICATION = 'Send verification email';
export const SIGN_IN = 'Sign in';
export const FORGET_PASSWORD = 'Forget Password';
export const CREATE_ACCOUNT = 'Create my account';
export const RESET_PASSWORD = 'Reset password';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A password input by its label; its show/hide toggle ("Show password") does not match an exact name. */
function passwordInput(scope: Locator, label: string): Locator {
  return scope.getByLabel(label, { exact: true });
}

export function signupScreen(page: Page) {
  const main = page.getByRole('main');
  const form = main.locator('form');
  return {
    email: form.getByRole('textbox', { name: 'Email' }),
    password: passwordInput(form, 'Password'),
    /** The form's one submit button, whichever step names it. */
    submit: form.locator('button[type="submit"]'),
    hint: form.getByText(ACCOUNT_MESSAGES.passwordHint, { exact: true }),
    verified: form.getByRole('status').filter({ hasText: ACCOUNT_MESSAGES.emailVerified }),
  };
}

export function basicScreen(page: Page) {
  const form = page.getByRole('main').locator('form');
  return {
    firstName: form.getByRole('textbox', { name: 'First name' }),
    secondName: form.getByRole('textbox', { name: 'Second name' }),
    dob: form.getByLabel('Date of birth'),
    country: form.getByRole('combobox', { name: 'Country' }),
    gender: (gender: string) => form.getByRole('radio', { name: gender, exact: true }),
    heardAbout: (value: HeardAbout) => {
      const option = HEARD_ABOUT_OPTIONS.find((entry) => entry.value === value);
      if (!option) throw new Error(`no heard-about option ${value}`);
      return form.getByRole('checkbox', { name: option.label, exact: true });
    },
    submit: form.getByRole('button', { name: CREATE_ACCOUNT }),
    /** The message under the form, which the invalid fields point to (the fields' own alerts stay empty). */
    message: (message: string) => form.getByRole('alert').filter({ hasText: message }),
  };
}

export function loginScreen(page: Page) {
  const form = page.getByRole('main').locator('form');
  return {
    form,
    email: form.getByRole('textbox', { name: 'Email' }),
    password: passwordInput(form, 'Password'),
    signIn: form.getByRole('button', { name: SIGN_IN, exact: true }),
    forgetPassword: form.getByRole('button', { name: FORGET_PASSWORD }),
    /** The sign-in error under the form (the fields' own messages are other alerts). */
    error: (message: string) => form.getByRole('alert').filter({ hasText: message }),
  };
}

export function resetScreen(page: Page) {
  const form = page.getByRole('main').locator('form');
  return {
    newPassword: passwordInput(form, 'New password'),
    confirm: passwordInput(form, 'Re-enter password'),
    submit: form.getByRole('button', { name: RESET_PASSWORD }),
    message: (message: string) => form.getByRole('alert').filter({ hasText: message }),
  };
}

/** The /basic form filled with these details; heard-about options are ticked in the order given. */
export async function fillBasicDetails(page: Page, details: CustomerDetails, heardAbout: HeardAbout[] = []): Promise<void> {
  const basic = basicScreen(page);
  await basic.firstName.fill(details.first_name);
  await basic.secondName.fill(details.last_name ?? '');
  await basic.dob.fill(details.dob);
  // Waits for the countries service's list to fill the select.
  await basic.country.selectOption(details.country);
  await basic.gender(details.gender).check();
  for (const value of heardAbout) await basic.heardAbout(value).check();
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  const login = loginScreen(page);
  await login.email.fill(email);
  await login.password.fill(password);
  await login.signIn.click();
}

/** After a successful sign-in: the dashboard greets the person by first name. */
export async function expectDashboardFor(page: Page, firstName: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === ROUTES.dashboard);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${firstName}`);
}

/** A field's message: shown, the field marked invalid, and the message part of its description. */
export async function expectFieldError(page: Page, field: Locator, message: string): Promise<void> {
  await expect(page.getByText(message, { exact: true })).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
}

/** The page's address, without a token or an email left in it. */
export async function expectCleanAddress(page: Page, path: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === path && url.search === '' && url.hash === '');
}
