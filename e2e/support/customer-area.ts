import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ROUTES } from '@postlark/shared/routes';
import { createCustomer, customerDetails, type CustomerDetails, uniqueEmail } from './accounts';
import { loginScreen, signIn } from './account-pages';
import type { Inbox } from './mail';

// The dashboard shell and the profile page, found by the accessible names they give their parts.

export const PROFILE_TAB_NAMES = [
  'Overview',
  'Contact information',
  'Communication preference',
  'Manage my data',
  'Billing',
  'Integrations',
] as const;

/** A new customer through the real API and mail, signed in through /login. */
export async function signedInCustomer(
  page: Page,
  context: { request: APIRequestContext; baseURL: string; inbox: Inbox },
  label: string,
  overrides: Partial<CustomerDetails> = {},
): Promise<CustomerDetails> {
  const customer = await createCustomer(context, customerDetails(uniqueEmail(label), overrides));
  await page.goto(ROUTES.login);
  await signIn(page, customer.email, customer.password);
  await expect(page).toHaveURL((url) => url.pathname === ROUTES.dashboard);
  return customer;
}

export function dashboardShell(page: Page) {
  return {
    toggle: page.getByRole('button', { name: 'Toggle sidebar' }),
    sidebar: page.getByRole('complementary', { name: 'Sidebar' }),
    /** The avatar; its name tells the unread count. */
    avatar: page.getByRole('button', { name: /^Account menu/ }),
    notificationItem: page.getByRole('button', { name: /^Notification/ }),
    logOut: page.getByRole('button', { name: 'Log out' }),
    panel: page.getByRole('region', { name: 'Notifications', exact: true }),
  };
}

export function profilePage(page: Page) {
  const basic = page.getByRole('form', { name: 'Basic information' });
  const password = page.getByRole('form', { name: 'Change password' });
  return {
    tab: (name: (typeof PROFILE_TAB_NAMES)[number]) => page.getByRole('tab', { name, exact: true }),
    panel: page.getByRole('tabpanel'),
    basic: {
      form: basic,
      firstName: basic.getByRole('textbox', { name: 'First name' }),
      lastName: basic.getByRole('textbox', { name: 'Last name' }),
      email: basic.getByRole('textbox', { name: 'Email address' }),
      // Shown once the address is edited: a new address needs the password again.
      currentPassword: basic.getByLabel('Current password', { exact: true }),
      update: basic.getByRole('button', { name: 'Update' }),
    },
    password: {
      form: password,
      current: password.getByLabel('Verify current password', { exact: true }),
      next: password.getByLabel('New password', { exact: true }),
      confirm: password.getByLabel('Confirm new password', { exact: true }),
      update: password.getByRole('button', { name: 'Update' }),
    },
  };
}

/** The field's current value, for forms reloaded from the server. */
export async function expectValues(fields: [Locator, string][]): Promise<void> {
  for (const [field, value] of fields) await expect(field).toHaveValue(value);
}

export async function expectOnLogin(page: Page): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === ROUTES.login);
  await expect(loginScreen(page).signIn).toBeVisible();
}
