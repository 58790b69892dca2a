import { ROUTES } from '@postlark/shared/routes';
import { test } from '../../support/fixtures';
import { seededAccount } from '../../support/seeded-account';
import { OUT } from '../shoot';

// Issue 38 at a phone's and a desktop's width, into e2e/screenshots/out/: the public header with
// Log in beside Join Waitlist, and Home once Postlark has sent the first campaign.

const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } } as const;

for (const [label, viewport] of Object.entries(WIDTHS)) {
  test(`the landing header at ${label} width`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(ROUTES.landing);
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.screenshot({ path: `${OUT}${label}-landing-header.png`, clip: { x: 0, y: 0, width: viewport.width, height: 120 } });
  });

  test(`Home after the first campaign at ${label} width`, async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize(viewport);
    await seededAccount(page, { request, baseURL: baseURL!, inbox }, { sendCampaign: true });
    await page.goto(ROUTES.dashboard);
    await page.getByRole('region', { name: 'Last campaign' }).getByRole('link', { name: 'November news' }).waitFor();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.screenshot({ path: `${OUT}${label}-home-first-campaign.png`, fullPage: false });
  });
}
