import { ROUTES } from '@postlark/shared/routes';
import { signupScreen } from './support/account-pages';
import { mailedLink, STRONG_PASSWORD, uniqueEmail } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { headerJoinButton, waitlistDialog } from './support/page-helpers';

// Issue 23, point 2: axe-core finds no serious or critical violation on the public and account
// pages, nor in the waitlist modal, each audited once it shows its content.

const PUBLIC_PAGES = [ROUTES.landing, ROUTES.privacy, ROUTES.faq, ROUTES.term, ROUTES.terms, ROUTES.policies, ROUTES.login, ROUTES.forgetPassword, ROUTES.signup];

test.describe('accessibility: public and account pages', () => {
  for (const path of PUBLIC_PAGES) {
    test(`${path} passes axe`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectNoSeriousViolations(page, path);
    });
  }

  test('the not-found page passes axe', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page, 'the 404 page');
  });

  test('the open waitlist modal passes axe', async ({ page }) => {
    await page.goto(ROUTES.landing);
    await headerJoinButton(page).click();
    await expect(waitlistDialog(page)).toBeVisible();
    await expectNoSeriousViolations(page, 'the waitlist modal');
  });

  test('the verified sign-up step and /basic pass axe', async ({ page, request, baseURL, inbox }) => {
    const email = uniqueEmail('axe-signup');
    await page.goto(await mailedLink({ request, baseURL: baseURL!, inbox }, email, 'sign-up'));
    const signup = signupScreen(page);
    await expect(signup.password).toBeEnabled();
    await expectNoSeriousViolations(page, 'the verified sign-up step');
    await signup.password.fill(STRONG_PASSWORD);
    await signup.submit.click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.basic);
    await expect(page.getByRole('textbox', { name: 'First name' })).toBeVisible();
    await expectNoSeriousViolations(page, ROUTES.basic);
  });
});
