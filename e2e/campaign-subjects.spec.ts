import { ROUTES } from '@postlark/shared/routes';
import { campaignEditor, campaignsPage } from './support/campaign-pages';
import { expect, test } from './support/fixtures';
import { seededAccount } from './support/seeded-account';

// Issue 38, point 11: where people read a subject (the campaign list, reports, search, the
// calendar, the subject checker) it shows as a reader with no data gets it, not as merge tags.

// The seeded campaigns' subject is 'Hello {{ first_name | default: "there" }}'.
const READ = 'Hello there';

test.describe('subjects with merge tags', () => {
  test('read as a reader with no data would in the lists, reports, search, calendar and the subject checker', async ({ page, request, baseURL, inbox }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await seededAccount(page, { request, baseURL: baseURL!, inbox }, { sendCampaign: true });

    await page.goto(ROUTES.campaigns);
    const row = campaignsPage(page).row('December draft');
    await expect(row).toContainText(READ);
    await expect(campaignsPage(page).table).not.toContainText('{{');

    await page.goto(ROUTES.reports);
    await expect(page.getByRole('main')).toContainText(READ);
    await expect(page.getByRole('main')).not.toContainText('{{');

    const search = page.getByRole('combobox', { name: 'Search Newsletter' });
    await search.fill('December');
    const results = page.getByRole('listbox', { name: 'Search results' });
    await expect(results.getByRole('option', { name: /December draft/ })).toContainText(READ);
    await expect(results).not.toContainText('{{');
    await search.fill('');

    await page.getByRole('button', { name: 'Calendar' }).click();
    const calendar = page.getByRole('dialog', { name: 'Campaign calendar' });
    await expect(calendar.getByRole('link', { name: /November news/ })).toContainText(READ);
    await page.keyboard.press('Escape');

    // The checker measures what the reader sees: "Hello there" is 11 characters, not the tag's 40.
    await page.goto(ROUTES.campaigns);
    await row.getByRole('link', { name: 'December draft', exact: true }).click();
    await expect(campaignEditor(page).subject).toHaveValue('Hello {{ first_name | default: "there" }}');
    await expect(page.locator('#campaign-subject-check')).toContainText(`${READ.length} characters`);
  });
});
