import { ROUTES } from '@postlark/shared/routes';
import { expect, test } from './support/fixtures';

// Issue 23: the public pages arrive as HTML. With JavaScript off, a browser shows what the first
// response holds, which is also what a crawler reads: the headline, the hero form, the text.

const PAGES = [
  { path: ROUTES.landing, heading: 'Every email, at the moment your reader opens it' },
  { path: ROUTES.privacy, heading: 'Privacy Policy' },
  { path: ROUTES.faq, heading: 'FAQ' },
  { path: ROUTES.term, heading: 'Terms of Use' },
  { path: ROUTES.terms, heading: 'Terms of Use' },
  { path: ROUTES.policies, heading: 'Policies' },
  { path: ROUTES.login, heading: 'Sign in' },
  { path: ROUTES.signup, heading: 'Create your account' },
] as const;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, heading } of PAGES) {
    test(`${path} arrives with its heading and text`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('main')).toContainText(/\w \w+ \w/);
    });
  }

  // Issue 38, point 7: the way in for returning customers is in the HTML itself, on every public page.
  test('the landing and legal pages arrive with Log in beside Join Waitlist in the header', async ({ page }) => {
    for (const path of [ROUTES.landing, ROUTES.privacy, ROUTES.faq, ROUTES.term, ROUTES.terms, ROUTES.policies]) {
      await page.goto(path);
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Log in', exact: true }), path).toHaveAttribute('href', ROUTES.login);
      await expect(header.getByRole('button', { name: 'Join Waitlist' }), path).toBeVisible();
    }
  });

  test('the landing page arrives with the hero form and every section', async ({ page }) => {
    await page.goto(ROUTES.landing);
    await expect(page.getByRole('textbox', { name: 'Email address for the waitlist' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Basic Plan', exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email address to subscribe' })).toBeVisible();
  });

  test('the FAQ arrives with its three groups, each showing its first answer', async ({ page }) => {
    await page.goto(ROUTES.faq);
    for (const group of ['Getting Started', 'Billing & Subscription', 'Support & Troubleshooting']) {
      const section = page.getByRole('main').getByRole('region', { name: group, exact: true });
      await expect(section.locator('button[aria-expanded="true"]')).toHaveCount(1);
    }
  });

  test('a page the app does not have still answers 404 with the app, which draws the not-found page', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.locator('#root')).toBeEmpty();
  });
});

test('a prerendered page becomes the app: the FAQ answers a click once loaded', async ({ page }) => {
  await page.goto(ROUTES.faq);
  const group = page.getByRole('main').getByRole('region', { name: 'Getting Started', exact: true });
  const second = group.locator('button[aria-controls]').nth(1);
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
});
