import type { Page } from '@playwright/test';
import { ROUTES } from '@postlark/shared/routes';
import { signedInCustomer, PROFILE_TAB_NAMES, profilePage, dashboardShell } from '../support/customer-area';
import { test } from '../support/fixtures';

const OUT = new URL('./out/', import.meta.url).pathname;
const WIDTHS = { desktop: { width: 1440, height: 900 }, phone: { width: 375, height: 812 } } as const;

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

async function shoot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${OUT}${name}.png`, fullPage: true });
}

for (const [label, viewport] of Object.entries(WIDTHS)) {
  test(`customer area at ${label} width`, async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize(viewport);
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, `shots-${label}`, { first_name: 'Ada', last_name: 'Lovelace' });
    await shoot(page, `${label}-dashboard`);
    await dashboardShell(page).toggle.click();
    await shoot(page, `${label}-dashboard-toggled`);
    // On a phone the toggle opens a drawer over the page, closed by Escape.
    await (label === 'phone' ? page.keyboard.press('Escape') : dashboardShell(page).toggle.click());

    await page.goto(ROUTES.platformIntegration);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shoot(page, `${label}-platform-integration`);

    await page.goto(ROUTES.profile);
    await profilePage(page).tab('Overview').waitFor();
    for (const tab of PROFILE_TAB_NAMES) {
      await profilePage(page).tab(tab).click();
      await shoot(page, `${label}-profile-${slug(tab)}`);
    }
    // Manage my data once an export exists.
    await profilePage(page).tab('Manage my data').click();
    await profilePage(page).panel.getByRole('button', { name: 'Export data' }).click();
    await profilePage(page).panel.getByText('Ready', { exact: true }).waitFor({ timeout: 15_000 });
    await shoot(page, `${label}-profile-manage-my-data-exported`);
    await dashboardShell(page).avatar.click();
    await dashboardShell(page).notificationItem.click();
    await shoot(page, `${label}-notifications`);
  });
}
