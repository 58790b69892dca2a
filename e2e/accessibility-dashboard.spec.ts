import { ROUTES } from '@postlark/shared/routes';
import { expectNoSeriousViolations, expectSettled, visitAndAudit } from './support/axe';
import { dashboardShell, PROFILE_TAB_NAMES, profilePage, signedInCustomer } from './support/customer-area';
import { expect, test } from './support/fixtures';

// Issue 23, point 2: the dashboard's shell, Home, the profile's tabs and the shell's open states
// (avatar menu, notification panel, the sidebar drawer at phone width) pass axe-core.

test.describe('accessibility: the dashboard shell and profile', () => {
  test('Home, every profile tab and /platform-integration pass axe', async ({ page, request, baseURL, inbox }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'axe-shell');
    await expectSettled(page);
    await expectNoSeriousViolations(page, 'Home');
    await visitAndAudit(page, ROUTES.platformIntegration);
    await page.goto(ROUTES.profile);
    const profile = profilePage(page);
    for (const name of PROFILE_TAB_NAMES) {
      await profile.tab(name).click();
      await expect(profile.tab(name)).toHaveAttribute('aria-selected', 'true');
      await expectSettled(page);
      // The choices are disabled (and dimmed) until the saved ones arrive.
      if (name === 'Communication preference') await expect(profile.panel.getByRole('checkbox').first()).toBeEnabled();
      await expectNoSeriousViolations(page, `the profile's ${name} tab`);
    }
  });

  test('the open avatar menu, the notification panel and the phone drawer pass axe', async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'axe-menus');
    const shell = dashboardShell(page);
    await shell.avatar.click();
    await expect(shell.notificationItem).toBeVisible();
    await expectNoSeriousViolations(page, 'the open avatar menu');
    await shell.notificationItem.click();
    await expect(shell.panel).toBeVisible();
    await expectNoSeriousViolations(page, 'the notification panel');

    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expectSettled(page);
    await expectNoSeriousViolations(page, 'Home at phone width');
    await shell.toggle.click();
    await expect(shell.toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(shell.sidebar.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, 'the open sidebar drawer at phone width');
  });
});
