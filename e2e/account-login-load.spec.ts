import type { Page, Response } from '@playwright/test';
import { ROUTES } from '@postlark/shared/routes';
import { createCustomer, customerDetails, uniqueEmail } from './support/accounts';
import { expectDashboardFor, loginScreen, signIn } from './support/account-pages';
import { dashboardShell } from './support/customer-area';
import { expect, test } from './support/fixtures';

// Issue 38, point 20: /login, the returning customer's front door, loads the sign-in screens'
// code and styles and none of the dashboard's, which arrive when the customer signs in; and what
// they type before the page's code has run is what signs them in.

// What only the dashboard's code and styles hold: the top bar's button name (features/dashboard)
// and the class of the shell's main area (app/routes/dashboard-route.css). The test asserts they
// do arrive on sign-in, so a rename cannot make the check below pass by matching nothing.
const DASHBOARD_SCRIPT_TEXT = 'Toggle sidebar';
const DASHBOARD_STYLE_RULE = '.dashboard__main';

interface Asset {
  url: string;
  kind: 'script' | 'stylesheet';
  body: string;
}

/** Every script and stylesheet the page receives from now on, with its text. */
function recordAssets(page: Page): Asset[] {
  const assets: Asset[] = [];
  page.on('response', (response: Response) => {
    const kind = response.request().resourceType();
    if (kind !== 'script' && kind !== 'stylesheet') return;
    void response.text().then(
      (body) => assets.push({ url: new URL(response.url()).pathname, kind, body }),
      () => undefined,
    );
  });
  return assets;
}

const holding = (assets: Asset[], kind: Asset['kind'], text: string) => assets.filter((asset) => asset.kind === kind && asset.body.includes(text)).map((asset) => asset.url);

/** The account layout's toast area mounts once React has taken the prerendered page over. */
async function expectHydrated(page: Page): Promise<void> {
  await expect(page.locator('.Toastify')).toBeAttached();
}

test('/login downloads none of the dashboard: its code and styles arrive with the sign-in', async ({ page, request, baseURL, inbox }) => {
  const customer = await createCustomer({ request, baseURL: baseURL!, inbox }, customerDetails(uniqueEmail('login-load')));
  const assets = recordAssets(page);
  await page.goto(ROUTES.login);
  await expectHydrated(page);
  await page.waitForLoadState('networkidle');
  const onLogin = [...assets];
  expect(onLogin.filter((asset) => asset.kind === 'script').length, 'scripts /login received').toBeGreaterThan(0);
  expect(holding(onLogin, 'script', DASHBOARD_SCRIPT_TEXT), "/login's scripts holding the dashboard's code").toEqual([]);
  expect(holding(onLogin, 'stylesheet', DASHBOARD_STYLE_RULE), "/login's stylesheets holding the dashboard's styles").toEqual([]);

  await signIn(page, customer.email, customer.password);
  await expectDashboardFor(page, customer.first_name);
  await expect(dashboardShell(page).toggle).toBeVisible();
  await expect.poll(() => holding(assets, 'script', DASHBOARD_SCRIPT_TEXT).length, "the dashboard's code, fetched on sign-in").toBeGreaterThan(0);
  await expect.poll(() => holding(assets, 'stylesheet', DASHBOARD_STYLE_RULE).length, "the dashboard's styles, fetched on sign-in").toBeGreaterThan(0);
});

test('what is typed into /login before its code runs stays in the fields, is not submitted by the browser, and signs the customer in', async ({ page, request, baseURL, inbox }) => {
  const customer = await createCustomer({ request, baseURL: baseURL!, inbox }, customerDetails(uniqueEmail('login-early')));
  // No script runs until the address and password are typed: the page is the prerendered HTML.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let heldScripts = 0;
  await page.route('**/*.js', async (route) => {
    heldScripts += 1;
    await held;
    await route.continue();
  });
  await page.goto(ROUTES.login, { waitUntil: 'commit' });
  const login = loginScreen(page);
  await login.email.pressSequentially(customer.email);
  await login.password.pressSequentially(customer.password);
  expect(heldScripts, 'scripts held while typing').toBeGreaterThan(0);
  await expect(page.locator('.Toastify')).toHaveCount(0);
  // Enter before the code runs must not be the browser's own submit (a GET of /login?…, which
  // reloads the page and drops what was typed): the button waits, held, for the page's handler.
  await expect(login.signIn).toBeDisabled();
  await login.password.press('Enter');
  await page.waitForTimeout(300);
  expect(new URL(page.url()).search, "/login's address after Enter before hydration").toBe('');
  await expect(login.password).toHaveValue(customer.password);
  release();

  await expectHydrated(page);
  await expect(login.email).toHaveValue(customer.email);
  await expect(login.password).toHaveValue(customer.password);
  await login.signIn.click();
  await expectDashboardFor(page, customer.first_name);
});

test('a reload of a signed-in page fetches the dashboard beside the session check, not after it', async ({ page, request, baseURL, inbox }) => {
  const customer = await createCustomer({ request, baseURL: baseURL!, inbox }, customerDetails(uniqueEmail('dashboard-reload')));
  await page.goto(ROUTES.login);
  await signIn(page, customer.email, customer.password);
  await expectDashboardFor(page, customer.first_name);

  // The account screens' chunk (which holds the session check) is held: the dashboard's must be asked for meanwhile.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/account-layout-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const asked: string[] = [];
  page.on('request', (sent) => asked.push(new URL(sent.url()).pathname));
  await page.reload({ waitUntil: 'commit' });
  await expect.poll(() => asked.some((path) => /\/assets\/dashboard-screens-[\w-]+\.js$/.test(path)), "the dashboard's chunk, asked for while the account screens' is held").toBe(true);
  release();
  await expectDashboardFor(page, customer.first_name);
});
