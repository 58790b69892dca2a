import type { Page } from '@playwright/test';
import { FOOTER_HIDDEN_ROUTES, ROUTES } from '@postlark/shared/routes';
import { SITE } from '@postlark/shared/site';
import { expect, test } from './support/fixtures';
import { headerJoinButton, logoLink, siteFooter, siteHeader, waitlistDialog } from './support/page-helpers';

// SPEC section 2: the route table, the shared footer and the header of the public pages.

// Each legal route and the title its page shows; the titles are the footer's link names (SPEC section 2).
const LEGAL_PAGES = [
  { path: ROUTES.privacy, title: 'Privacy Policy', effectiveDate: false },
  { path: ROUTES.faq, title: 'FAQ', effectiveDate: false },
  { path: ROUTES.term, title: 'Terms of Use', effectiveDate: true },
  { path: ROUTES.terms, title: 'Terms of Use', effectiveDate: true },
  { path: ROUTES.policies, title: 'Policies', effectiveDate: true },
] as const;

const PUBLIC_PAGES = [ROUTES.landing, ...LEGAL_PAGES.map((page) => page.path)];

const FOOTER_LINKS = [
  { name: 'Privacy Policy', path: ROUTES.privacy },
  { name: 'FAQ', path: ROUTES.faq },
  { name: 'Terms of Use', path: ROUTES.term },
  { name: 'Policies', path: ROUTES.policies },
] as const;

/**
 * Waits until the app has drawn its first screen, so an absent element is really absent: the footer
 * is decided in the same render as the page itself, outside any lazy-loading boundary.
 */
async function waitForApp(page: Page): Promise<void> {
  await expect(page.locator('#root > *').first()).toBeAttached();
}

test.describe('routes', () => {
  for (const legal of LEGAL_PAGES) {
    test(`${legal.path} shows the ${legal.title} page`, async ({ page }) => {
      const response = await page.goto(legal.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.title);
      if (legal.effectiveDate) {
        const effective = page.getByText(/Effective/);
        await expect(effective).toBeVisible();
        await expect(effective).toContainText(SITE.legalEffectiveDate);
      }
    });
  }

  test('an unknown route shows the not-found page with a 404 and a link home', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main.getByText('404', { exact: true })).toBeVisible();
    await main.getByRole('link', { name: /home/i }).click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.landing);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main.getByText('404', { exact: true })).toHaveCount(0);
  });
});

test.describe('footer', () => {
  for (const path of PUBLIC_PAGES) {
    test(`is shown on ${path} with contact, legal links, copyright and social links`, async ({ page }) => {
      await page.goto(path);
      const footer = siteFooter(page);
      await expect(footer).toBeVisible();
      await expect(footer.getByRole('button', { name: 'Contact us' })).toBeVisible();
      for (const link of FOOTER_LINKS) {
        const anchor = footer.getByRole('link', { name: link.name, exact: true });
        await expect(anchor).toBeVisible();
        await expect(anchor).toHaveAttribute('href', link.path);
      }
      await expect(footer.getByText(`© ${SITE.copyrightYear}`)).toBeVisible();

      // The social links are the footer's links that leave the site.
      const social = footer.locator('a[href^="http"]');
      await expect(social).toHaveCount(3);
      for (const link of await social.all()) {
        await expect(link).toBeVisible();
        await expect(link).toHaveAccessibleName(/\S/);
        await expect(link).toHaveAttribute('target', '_blank');
        const rel = (await link.getAttribute('rel'))?.split(/\s+/) ?? [];
        expect(rel).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
      }
    });
  }

  test('its legal links lead to their pages', async ({ page }) => {
    await page.goto(ROUTES.landing);
    for (const link of FOOTER_LINKS) {
      await siteFooter(page).getByRole('link', { name: link.name, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === link.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(link.name);
    }
  });

  for (const path of FOOTER_HIDDEN_ROUTES) {
    test(`is absent on ${path}`, async ({ page }) => {
      await page.goto(path);
      await waitForApp(page);
      await expect(siteFooter(page)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Contact us' })).toHaveCount(0);
    });
  }
});

test.describe('header', () => {
  test('the logo links to /landing', async ({ page }) => {
    await page.goto(ROUTES.privacy);
    const logo = logoLink(siteHeader(page));
    await expect(logo).toHaveAttribute('href', ROUTES.landing);
    await logo.click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.landing);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  for (const legal of LEGAL_PAGES) {
    test(`Join Waitlist on ${legal.path} opens the waitlist modal`, async ({ page }) => {
      await page.goto(legal.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.title);
      await expect(logoLink(siteHeader(page))).toBeVisible();
      await headerJoinButton(page).click();
      const dialog = waitlistDialog(page);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('textbox', { name: 'Email' })).toBeVisible();
    });
  }
});
