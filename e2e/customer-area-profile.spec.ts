import { API_KEY_MESSAGES } from '@postlark/shared/api-keys';
import { PROFILE_MESSAGES } from '@postlark/shared/profile';
import { ROUTES } from '@postlark/shared/routes';
import { expectFieldError, signIn } from './support/account-pages';
import { dashboardShell, expectOnLogin, expectValues, PROFILE_TAB_NAMES, profilePage, signedInCustomer } from './support/customer-area';
import { expect, test } from './support/fixtures';
import { toast } from './support/page-helpers';

// Issue 4, points 3 and 7 to 11: the profile's six tabs and every save, each read back from the
// server by reloading the page.

const NEW_PASSWORD = 'Second$Lark77';

test.describe('customer area: the profile', () => {
  test('six tabs with Overview the default, and each tab draws what the spec lists', async ({ page, request, baseURL, inbox }) => {
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'tabs', { first_name: 'Ada', last_name: 'Lovelace' });
    await page.goto(ROUTES.profile);
    const profile = profilePage(page);

    await expect(page.getByRole('tab')).toHaveText([...PROFILE_TAB_NAMES]);
    await expect(profile.tab('Overview')).toHaveAttribute('aria-selected', 'true');
    await expect(profile.panel.getByText('Ada Lovelace')).toBeVisible();
    await expect(profile.basic.form).toBeVisible();
    await expect(profile.password.form).toBeVisible();

    await profile.tab('Contact information').click();
    await expect(profile.panel.getByRole('form', { name: 'Primary account contact' })).toBeVisible();
    for (const label of ['Street address 1', 'City', 'State', 'Company / Organization', 'Postal code', 'VAT/GST/Tax ID', 'Office phone']) {
      await expect(profile.panel.getByRole('textbox', { name: label, exact: true })).toBeVisible();
    }
    await expect(profile.panel.getByRole('combobox', { name: 'Country' })).toBeVisible();

    await profile.tab('Communication preference').click();
    await expect(profile.panel.getByRole('checkbox')).toHaveCount(7);

    await profile.tab('Manage my data').click();
    for (const kind of ['emails', 'audiences', 'reports']) await expect(profile.panel.getByRole('checkbox', { name: new RegExp(kind, 'i') })).toBeVisible();
    await expect(profile.panel.getByRole('checkbox', { name: /audiences/i })).toBeChecked();
    await expect(profile.panel.getByRole('combobox')).toHaveValue(/30/);
    await expect(profile.panel.getByRole('option')).toHaveText(['Last 7 days', 'Last 30 days', 'Last 90 days']);
    await expect(profile.panel).toContainText('CSV files in one Zip');
    await expect(profile.panel).toContainText('once a month');
    await expect(profile.panel).toContainText('up to 24 hours');
    await expect(profile.panel.getByRole('button', { name: 'Export data' })).toBeVisible();

    // Issue 38, point 9: Billing shows no other company's address or sample invoices as the customer's.
    await profile.tab('Billing').click();
    await expect(profile.panel).not.toContainText('Northwind');
    await expect(profile.panel).not.toContainText('Alex Morgan');
    await expect(profile.panel.getByText('No billing address yet.', { exact: false })).toBeVisible();
    await expect(profile.panel.getByRole('link', { name: 'Add your address' })).toHaveAttribute('href', `${ROUTES.profile}?tab=contact`);
    await expect(profile.panel.getByRole('button', { name: 'Pay with Card / UPI' })).toBeVisible();
    const history = profile.panel.getByRole('region', { name: 'Billing history' });
    await expect(history.getByRole('columnheader')).toHaveText(['Date', 'Payment Method', 'Amount', 'Invoice']);
    await expect(history.getByText('No invoices yet')).toBeVisible();
    await expect(history.locator('tbody').getByRole('row')).toHaveCount(0);

    // Once the contact information holds an address, Billing shows that one: the customer's own.
    const { customer_id: customerId } = (await (await page.request.get('/api/authentication/v1/session')).json()).payload as { customer_id: string };
    const saved = await page.request.put(`/api/home/v1/user/${customerId}/contact`, {
      data: { street_address: '12 Analytical Row', city: 'London', state: 'Greater London', company: 'Engine Works', postal_code: 'N1 7AA', country: 'United Kingdom', phone: '', vat_id: '' },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    await page.reload();
    const address = profile.panel.locator('address');
    await expect(address).toContainText('Ada Lovelace');
    await expect(address).toContainText('Engine Works');
    await expect(address).toContainText('12 Analytical Row');
    await expect(address).toContainText('London, Greater London N1 7AA');
    await expect(profile.panel.getByText('Place of supply: Greater London')).toBeVisible();

    await profile.tab('Integrations').click();
    await expect(profile.panel.getByRole('heading', { name: 'Connected', exact: true })).toBeVisible();
    await expect(profile.panel.getByRole('heading', { name: 'Not Connected', exact: true })).toBeVisible();
    // A new customer has nothing connected: the three email platforms and HubSpot are offered.
    await expect(profile.panel.getByText('No platform is connected yet.')).toBeVisible();
    await expect(profile.panel.getByRole('button', { name: 'Disconnect' })).toHaveCount(0);
    await expect(profile.panel.getByRole('button', { name: /^Connect to / })).toHaveText(['Connect to Mailchimp', 'Connect to Brevo', 'Connect to beehiiv', 'Connect to HubSpot']);

    // The tab is in the address: a reload keeps it.
    await page.reload();
    await expect(profilePage(page).tab('Integrations')).toHaveAttribute('aria-selected', 'true');
  });

  test('names, contact information and preferences are saved and read back after a reload', async ({ page, request, baseURL, inbox }) => {
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'saves');
    await page.goto(ROUTES.profile);
    let profile = profilePage(page);

    await profile.basic.firstName.fill('Augusta');
    await profile.basic.lastName.fill('King');
    await profile.basic.update.click();
    await expect(toast(page, PROFILE_MESSAGES.basicSaved)).toBeVisible();
    await page.reload();
    profile = profilePage(page);
    await expectValues([
      [profile.basic.firstName, 'Augusta'],
      [profile.basic.lastName, 'King'],
    ]);
    await expect(dashboardShell(page).avatar).toHaveText('A');

    await profile.tab('Contact information').click();
    const contact = profile.panel.getByRole('form', { name: 'Primary account contact' });
    const field = (label: string) => contact.getByRole('textbox', { name: label, exact: true });
    await field('City').fill('London');
    await contact.getByRole('button', { name: 'Save' }).click();
    await expectFieldError(page, field('Postal code'), PROFILE_MESSAGES.postalCodeRequired);
    await field('Postal code').fill('NW1 6XE');
    await field('Street address 1').fill('12 St James Square');
    await field('Company / Organization').fill('Analytical Engines Ltd');
    await contact.getByRole('combobox', { name: 'Country' }).selectOption('United Kingdom');
    await contact.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, PROFILE_MESSAGES.contactSaved)).toBeVisible();

    await page.reload();
    const reloaded = profilePage(page).panel.getByRole('form', { name: 'Primary account contact' });
    const again = (label: string) => reloaded.getByRole('textbox', { name: label, exact: true });
    await expectValues([
      [again('City'), 'London'],
      [again('Postal code'), 'NW1 6XE'],
      [again('Street address 1'), '12 St James Square'],
      [again('Company / Organization'), 'Analytical Engines Ltd'],
      [reloaded.getByRole('combobox', { name: 'Country' }), 'United Kingdom'],
    ]);
    // Cancel puts back what the server holds.
    await again('City').fill('Paris');
    await again('Postal code').fill('');
    await reloaded.getByRole('button', { name: 'Cancel' }).click();
    await expectValues([
      [again('City'), 'London'],
      [again('Postal code'), 'NW1 6XE'],
    ]);

    await profilePage(page).tab('Communication preference').click();
    const preferences = profilePage(page).panel.getByRole('checkbox');
    await expect(preferences).toHaveCount(7);
    // A new customer: only the last row, optOut, is checked.
    for (let index = 0; index < 6; index += 1) await expect(preferences.nth(index)).not.toBeChecked();
    await expect(preferences.nth(6)).toBeChecked();
    await preferences.nth(1).check();
    await preferences.nth(6).uncheck();
    await profilePage(page).panel.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, PROFILE_MESSAGES.preferencesSaved)).toBeVisible();

    await page.reload();
    const saved = profilePage(page).panel.getByRole('checkbox');
    await expect(saved.nth(1)).toBeChecked();
    await expect(saved.nth(6)).not.toBeChecked();
    await expect(saved.nth(0)).not.toBeChecked();
  });

  test('a password change ends the other browser session, and its notification shows with the unread badge', async ({
    page,
    browser,
    request,
    baseURL,
    inbox,
  }) => {
    const customer = await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'password');
    const other = await browser.newContext({ baseURL: baseURL! });
    try {
      const otherPage = await other.newPage();
      await otherPage.goto(ROUTES.login);
      await signIn(otherPage, customer.email, customer.password);
      await expect(otherPage).toHaveURL((url) => url.pathname === ROUTES.dashboard);

      await page.goto(ROUTES.profile);
      const profile = profilePage(page);
      await profile.password.current.fill(customer.password);
      await profile.password.next.fill(NEW_PASSWORD);
      await profile.password.confirm.fill(NEW_PASSWORD);
      await profile.password.update.click();
      await expect(toast(page, PROFILE_MESSAGES.passwordChanged)).toBeVisible();
      await expect(profile.password.current).toHaveValue('');

      // The other context's session is gone; this one stays.
      await otherPage.reload();
      await expectOnLogin(otherPage);
      await signIn(otherPage, customer.email, NEW_PASSWORD);
      await expect(otherPage).toHaveURL((url) => url.pathname === ROUTES.dashboard);

      await page.reload();
      const shell = dashboardShell(page);
      await expect(shell.avatar).toHaveAccessibleName('Account menu, 1 unread notification');
      await shell.avatar.click();
      await expect(shell.notificationItem).toHaveAccessibleName('Notification 1 unread');
      await shell.notificationItem.click();
      await expect(shell.panel.getByRole('heading', { name: /^Your password was changed/ })).toHaveCount(1);
      await expect(shell.panel.getByRole('heading', { name: /^Audience export complete/ })).toHaveCount(0);
      await shell.panel.getByRole('button', { name: 'Dismiss: Your password was changed' }).click();
      await expect(shell.panel.getByRole('heading', { name: /^Your password was changed/ })).toHaveCount(0);

      // Changed back (two more real entries), then Dismiss all clears them for good.
      await shell.panel.getByRole('button', { name: 'Back' }).click();
      await page.keyboard.press('Escape');
      await profile.password.current.fill(NEW_PASSWORD);
      await profile.password.next.fill(customer.password);
      await profile.password.confirm.fill(customer.password);
      await profile.password.update.click();
      await expect(toast(page, PROFILE_MESSAGES.passwordChanged)).toBeVisible();
      await page.reload();
      await expect(shell.avatar).toHaveAccessibleName('Account menu, 1 unread notification');
      await shell.avatar.click();
      await shell.notificationItem.click();
      await shell.panel.getByRole('button', { name: 'Dismiss all' }).click();
      await expect(shell.panel.getByRole('heading', { name: /^Your password was changed/ })).toHaveCount(0);
      // Gone for good: a reload does not bring them back.
      await page.reload();
      await shell.avatar.click();
      await shell.notificationItem.click();
      await expect(shell.panel).toBeVisible();
      await expect(shell.panel.getByRole('heading', { name: /^Your password was changed/ })).toHaveCount(0);
    } finally {
      await other.close();
    }
  });

  test('Integrations: an API key is shown once, works against the public API, and stops working once revoked', async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const customer = await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'api-keys');
    await page.goto(`${ROUTES.profile}?tab=integrations`);
    const panel = profilePage(page).panel;
    const card = panel.getByRole('region', { name: 'API keys', exact: true });
    await expect(card.getByText('No keys yet.')).toBeVisible();
    const docs = card.getByRole('link', { name: /API documentation/ });
    await expect(docs).toHaveAttribute('href', '/api/docs');
    await expect(docs).toHaveAttribute('target', '_blank');

    const form = card.getByRole('form', { name: 'Create API key' });
    // A name is asked for, with the shared schema's message.
    await form.getByRole('button', { name: 'Create key' }).click();
    await expectFieldError(page, form.getByRole('textbox', { name: 'Key name' }), API_KEY_MESSAGES.nameRequired);
    // And the current password: a stolen session alone makes no key.
    const password = form.getByLabel('Current password', { exact: true });
    await expectFieldError(page, password, PROFILE_MESSAGES.currentPasswordRequired);
    await form.getByRole('textbox', { name: 'Key name' }).fill('Stolen');
    await password.fill('Wrong$Pass2026');
    await form.getByRole('button', { name: 'Create key' }).click();
    await expectFieldError(page, password, PROFILE_MESSAGES.currentPasswordWrong);

    /** Makes a key through the card and reads it from the one place it is shown. */
    async function createKey(name: string): Promise<string> {
      await form.getByRole('textbox', { name: 'Key name' }).fill(name);
      await password.fill(customer.password);
      await form.getByRole('button', { name: 'Create key' }).click();
      const shown = card.getByRole('region', { name: 'Your new API key' });
      await expect(shown).toContainText(API_KEY_MESSAGES.created);
      const field = shown.getByRole('textbox', { name: 'Your new API key' });
      await expect(field).toHaveAttribute('readonly', '');
      await expect(field).toHaveValue(/^pl_live_[A-Za-z0-9_-]{43}$/);
      const key = await field.inputValue();
      await expect(shown.getByRole('button', { name: 'Copy' })).toBeVisible();
      await shown.getByRole('button', { name: 'Done' }).click();
      await expect(shown).toBeHidden();
      await expect(card.getByRole('listitem', { name })).toContainText(`${key.slice(0, 14)}…`);
      return key;
    }

    const revoked = await createKey('Zapier');
    const live = await createKey('Reporting script');
    // Once closed the key is nowhere on the page, nor after a reload.
    await page.reload();
    await expect(card.getByRole('listitem')).toHaveCount(2);
    expect(await page.content()).not.toContain(revoked);
    await expect(card.getByRole('listitem', { name: 'Zapier' })).toContainText('Never used');

    const lists = (key: string) => page.request.get('/api/v1/lists', { headers: { authorization: `Bearer ${key}` } });
    expect((await lists(revoked)).status()).toBe(200);

    await card.getByRole('button', { name: 'Revoke Zapier' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke “Zapier”?' });
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await expect(toast(page, API_KEY_MESSAGES.revoked)).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(card.getByRole('listitem')).toHaveCount(1);
    await expect(card.getByRole('listitem', { name: 'Zapier' })).toHaveCount(0);

    const refused = await lists(revoked);
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { payload: { message: string } }).payload.message).toBe(API_KEY_MESSAGES.invalid);
    expect((await lists(live)).status()).toBe(200);
  });
});
