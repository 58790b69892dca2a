import { writeFile } from 'node:fs/promises';
import { AUDIENCE_MESSAGES } from '@postlark/shared/audience';
import { ROUTES } from '@postlark/shared/routes';
import { importPage } from './support/audience-tools-pages';
import { signedInCustomer } from './support/customer-area';
import { expect, test } from './support/fixtures';
import { toast } from './support/page-helpers';

// Issue 38, points 13 and 17: what the import screen lets a new customer do without leaving it.

const CSV = ['Email,Favourite Topic', 'ada@example.com,maths', 'grace@example.com,ships', ''].join('\n');

test.describe('import setup', () => {
  test('the import shows each column’s stored key, makes a new list in a dialog and chooses it, keeping the file', async ({ page, request, baseURL, inbox }, testInfo) => {
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'import-new-list');
    await page.goto(ROUTES.imports);
    const tools = importPage(page);
    const file = testInfo.outputPath('people.csv');
    await writeFile(file, CSV);
    await tools.file.setInputFiles(file);
    await expect(tools.preview.getByRole('cell', { name: 'grace@example.com' })).toBeVisible();
    // Point 13: the column's key is shown as it will be stored, not only its header.
    await expect(tools.preview.getByRole('columnheader').nth(1)).toContainText('Stored as Favourite_Topic');

    await page.getByRole('button', { name: 'New list', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New list' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Webinar guests');
    await dialog.getByRole('button', { name: 'Create list' }).click();
    await expect(toast(page, AUDIENCE_MESSAGES.listCreated).last()).toBeVisible();
    await expect(dialog).toBeHidden();

    // Still on the import, the file still there, the new list chosen; nothing imported yet.
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.imports && !url.searchParams.has('import'));
    await expect(tools.preview.getByRole('cell', { name: 'grace@example.com' })).toBeVisible();
    await expect(tools.list('Webinar guests')).toBeChecked();
    await tools.consent.check();
    await tools.start.click();
    await expect(tools.report).toBeVisible({ timeout: 20_000 });
    const lists = (await (await page.request.get('/api/audience/v1/lists')).json()).payload.lists as { name: string; counts: { confirmed: number } }[];
    expect(lists.map((list) => [list.name, list.counts.confirmed])).toEqual([['Webinar guests', 2]]);
    const ada = (await (await page.request.get('/api/audience/v1/subscribers?q=ada%40example.com')).json()).payload.subscribers[0];
    const stored = (await (await page.request.get(`/api/audience/v1/subscribers/${ada.id}`)).json()).payload.attributes;
    expect(stored).toEqual({ Favourite_Topic: 'maths' });
  });
});
