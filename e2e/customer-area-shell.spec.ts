import { DELIVERY_TEXTS } from '@postlark/shared/integrations';
import { ROUTES } from '@postlark/shared/routes';
import { expectDashboardFor, signIn } from './support/account-pages';
import { createCustomer, customerDetails, uniqueEmail } from './support/accounts';
import { dashboardShell, expectOnLogin, signedInCustomer } from './support/customer-area';
import { expect, test } from './support/fixtures';

// Issue 4, points 2, 5 and 6: the dashboard shell against the real server — the sign-in guard,
// a reload, log out, the sidebar, the avatar menu and the notification panel.

const PLATFORMS = ['Mailchimp', 'Brevo', 'beehiiv'];

test.describe('customer area: the shell', () => {
  test('a signed-out visit to /dashboard/profile goes to /login and returns there after signing in; a reload stays signed in', async ({
    page,
    request,
    baseURL,
    inbox,
  }) => {
    const customer = await createCustomer({ request, baseURL: baseURL!, inbox }, customerDetails(uniqueEmail('guard'), { first_name: 'Grace' }));

    await page.goto(ROUTES.profile);
    await expectOnLogin(page);
    await signIn(page, customer.email, customer.password);
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.profile);
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');

    await page.reload();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.profile);
    await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();

    await page.goto(ROUTES.dashboard);
    await expectDashboardFor(page, 'Grace');
  });

  test('/platform-integration, signed in only: the welcome and a sign-up button per platform', async ({ page, request, baseURL, inbox }) => {
    const customer = await createCustomer({ request, baseURL: baseURL!, inbox }, customerDetails(uniqueEmail('platforms'), { first_name: 'Noor' }));

    await page.goto(ROUTES.platformIntegration);
    await expectOnLogin(page);
    await signIn(page, customer.email, customer.password);
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.platformIntegration);
    // Issue 38, point 9: the signed-in customer, by their own first name, not a sample person.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Noor!');
    await expect(page.getByRole('button', { name: /^Sign up with / })).toHaveCount(3);
    for (const platform of PLATFORMS) await expect(page.getByRole('button', { name: `Sign up with ${platform}`, exact: true })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Noor!');
    await expect(page.getByRole('button', { name: /^Sign up with / })).toHaveCount(3);
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.dashboard);

    // Each button opens that platform's Connect form in the profile's Integrations tab.
    await page.goto(ROUTES.platformIntegration);
    await page.getByRole('button', { name: 'Sign up with Brevo', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.profile && url.searchParams.get('tab') === 'integrations' && url.searchParams.get('connect') === 'brevo');
    await expect(page.getByRole('form', { name: 'Connect to Brevo' }).getByLabel('API key')).toBeVisible();
  });

  test('log out ends the server session and Back does not show the dashboard again', async ({ page, request, baseURL, inbox }) => {
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'logout');
    const shell = dashboardShell(page);

    await shell.avatar.click();
    const ended = page.waitForResponse((response) => response.request().method() === 'DELETE' && response.url().includes('/session'));
    await shell.logOut.click();
    expect((await ended).ok()).toBe(true);
    await expectOnLogin(page);

    await page.goBack();
    await expect(page).not.toHaveURL((url) => url.pathname === ROUTES.dashboard);
    await expect(page.getByRole('heading', { name: /^Welcome/ })).toHaveCount(0);

    // The cookie no longer opens a session: a fresh visit is sent to sign in.
    await page.goto(ROUTES.dashboard);
    await expectOnLogin(page);
  });

  test('the sidebar toggles wide and collapsed; a collapsed group opens its flyout on hover and by keyboard', async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'sidebar');
    const shell = dashboardShell(page);
    const campaigns = shell.sidebar.getByRole('button', { name: 'Campaigns' });
    const campaignList = shell.sidebar.getByRole('list', { name: 'Campaigns' });

    const width = async () => (await shell.sidebar.boundingBox())?.width ?? 0;
    await expect(shell.toggle).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(width).toBeGreaterThan(200);
    // Wide: the platforms open inline.
    await campaigns.click();
    await expect(campaigns).toHaveAttribute('aria-expanded', 'true');
    for (const name of PLATFORMS) await expect(campaignList.getByRole('link', { name })).toBeVisible();
    // A platform's sub-item: the campaigns it delivered, the filter said, with the way back to all.
    await campaignList.getByRole('link', { name: 'Brevo' }).click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.campaigns && url.searchParams.get('platform') === 'brevo');
    await expect(page.getByText(DELIVERY_TEXTS.filterOn('Brevo'))).toBeVisible();
    await expect(campaignList.getByRole('link', { name: 'Brevo' })).toHaveAttribute('aria-current', 'page');
    await campaigns.click();
    await expect(campaignList).toBeHidden();

    await shell.toggle.click();
    await expect(shell.toggle).toHaveAttribute('aria-expanded', 'false');
    // Icon-only: the labels are tooltips now, and the sidebar narrow.
    await expect.poll(width).toBeLessThan(100);

    // Collapsed: hovering shows the flyout, leaving hides it.
    await campaigns.hover();
    await expect(campaignList).toBeVisible();
    for (const name of PLATFORMS) await expect(campaignList.getByRole('link', { name })).toBeVisible();
    await page.getByRole('heading', { level: 1 }).hover();
    await expect(campaignList).toBeHidden();

    // By keyboard: focus opens it, Tab reaches its items, Escape closes it and keeps focus on the item.
    await shell.sidebar.getByRole('link', { name: 'Home', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(campaigns).toBeFocused();
    await expect(campaignList).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(campaignList.getByRole('link', { name: 'All campaigns' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(campaignList).toBeHidden();
    await expect(campaigns).toBeFocused();

    await shell.toggle.click();
    await expect(shell.toggle).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(width).toBeGreaterThan(200);
  });

  // Issue 38, points 5 and 8: the sidebar's Campaigns starts with all of them; Connect other apps opens the integrations.
  test('Campaigns lists All campaigns, Media and Brand before the platforms; Connect other apps opens the integrations', async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'sidebar-ways');
    const shell = dashboardShell(page);
    const campaignList = shell.sidebar.getByRole('list', { name: 'Campaigns' });

    await shell.sidebar.getByRole('button', { name: 'Campaigns' }).click();
    // The platforms' marks hold their initial, so the links are told apart by their accessible names.
    await expect(campaignList.getByRole('link')).toHaveText([/^All campaigns$/, /^Media$/, /^Brand$/, ...PLATFORMS.map((name) => new RegExp(`${name}$`))]);
    await campaignList.getByRole('link', { name: 'Brevo' }).click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.campaigns && url.searchParams.get('platform') === 'brevo');
    await campaignList.getByRole('link', { name: 'All campaigns' }).click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.campaigns && url.search === '');
    await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
    await expect(campaignList.getByRole('link', { name: 'All campaigns' })).toHaveAttribute('aria-current', 'page');

    const connect = shell.sidebar.getByRole('link', { name: 'Connect other apps' });
    await connect.click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.profile && url.searchParams.get('tab') === 'integrations');
    await expect(page.getByRole('tab', { name: 'Integrations' })).toHaveAttribute('aria-selected', 'true');
    await expect(connect).toHaveAttribute('aria-current', 'page');
    // The integrations, all of them: the email platforms, the AI provider, webhooks and API keys.
    await expect(page.getByRole('button', { name: 'Connect to Brevo' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();

    // On a phone the drawer makes way for the page it opened.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(ROUTES.dashboard);
    await shell.toggle.click();
    await shell.sidebar.getByRole('link', { name: 'Connect other apps' }).click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.profile && url.searchParams.get('tab') === 'integrations');
    await expect(shell.sidebar.getByRole('link', { name: 'Connect other apps' })).not.toBeInViewport();
  });

  test('the avatar menu: first name, Profile, the legal links, and the notification panel with its samples', async ({ page, request, baseURL, inbox }) => {
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'menu', { first_name: 'Hedy' });
    const shell = dashboardShell(page);

    await expect(shell.avatar).toHaveText('H');
    await shell.avatar.click();
    const menu = page.locator(`#${await shell.avatar.getAttribute('aria-controls')}`);
    await expect(menu.getByText('Hedy', { exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', ROUTES.privacy);
    await expect(menu.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', ROUTES.terms);
    await expect(menu.getByText('Cookie Preferences')).toBeVisible();

    // A new customer has no real notifications: the spec's four samples show.
    await expect(shell.notificationItem).toHaveAccessibleName('Notification 4 unread');
    await shell.notificationItem.click();
    await expect(shell.panel).toBeVisible();
    await expect(shell.panel.getByRole('heading', { name: /^Audience export complete/ })).toHaveCount(4);
    await expect(shell.panel.getByRole('button', { name: 'Dismiss all' })).toBeVisible();
    await shell.panel.getByRole('button', { name: 'Back' }).click();
    await expect(shell.panel).toBeHidden();
    await expect(shell.notificationItem).toBeVisible();

    await menu.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.profile);
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');

    await shell.avatar.click();
    await menu.getByRole('link', { name: 'Terms of Use' }).click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.terms);
  });
});
