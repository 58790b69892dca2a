import { readFile, writeFile } from 'node:fs/promises';
import { FORM_MESSAGES } from '@postlark/shared/forms';
import { IMPORT_MESSAGES } from '@postlark/shared/imports';
import { ROUTES } from '@postlark/shared/routes';
import { SEGMENT_MESSAGES } from '@postlark/shared/segments';
import { subscribersPage } from './support/audience-pages';
import { createListByApi, formsPage, importPage, segmentsPage } from './support/audience-tools-pages';
import { dashboardShell, signedInCustomer } from './support/customer-area';
import { expect, test } from './support/fixtures';
import { toast } from './support/page-helpers';

// The audience's tools against the real server: a CSV import followed to its report, a segment
// built with its live count, and a sign-up form with its hosted page.

const CSV = ['Email,First name,Plan type,Notes', 'ada@example.com,Ada,pro,likes maths', 'grace@example.com,Grace,free,', 'alan@example.com,Alan,pro,x', 'not-an-address,Nobody,pro,y', ''].join('\n');

test.describe('audience: import, segments and forms', () => {
  test('a CSV import is mapped, followed to its report, then segmented', async ({ page, request, baseURL, inbox }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'tools');
    await createListByApi(page, { name: 'Imported', description: '', double_opt_in: false });
    const shell = dashboardShell(page);

    await shell.sidebar.getByRole('button', { name: 'Subscribers' }).click();
    await shell.sidebar.getByRole('link', { name: 'Import' }).click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.imports);
    const tools = importPage(page);
    await expect(tools.heading).toBeVisible();

    const file = testInfo.outputPath('people.csv');
    await writeFile(file, CSV);
    await tools.file.setInputFiles(file);
    await expect(tools.preview.getByRole('cell', { name: 'grace@example.com' })).toBeVisible();
    await expect(tools.holds(1)).toHaveValue('email');
    await expect(tools.holds(2)).toHaveValue('first_name');
    // The header with a space becomes a valid attribute name; it is renamed, and the notes ignored.
    await expect(tools.holds(3)).toHaveValue('attribute');
    await expect(tools.attributeName(3)).toHaveValue('Plan_type');
    await tools.attributeName(3).fill('plan 2');
    await tools.holds(4).selectOption('ignore');
    await tools.list('Imported').check();
    await tools.consent.check();
    await tools.start.click();
    await expect(tools.start.page().getByText(IMPORT_MESSAGES.attributeName)).toBeVisible();
    await tools.attributeName(3).fill('plan');
    await tools.start.click();

    await expect(page).toHaveURL((url) => url.searchParams.has('import'));
    await expect(tools.progress).toBeVisible();
    await expect(tools.report).toBeVisible({ timeout: 20_000 });
    await expect(tools.progress).toHaveAttribute('aria-valuenow', '100');
    await expect(tools.report.getByRole('definition').nth(0)).toHaveText('3');
    await expect(tools.report.getByRole('definition').nth(3)).toHaveText('1');
    await expect(tools.report.getByRole('list', { name: 'Rejected rows by reason' })).toHaveText('1 not a valid email address');
    await expect(tools.report).toContainText('Consent confirmed by');
    // A reload keeps showing the import's report.
    await page.reload();
    await expect(tools.report).toBeVisible();
    await expect(tools.recent.getByRole('button', { name: 'people.csv' })).toBeVisible();

    const downloading = page.waitForEvent('download');
    await tools.report.getByRole('link', { name: 'Download rejected rows' }).click();
    const download = await downloading;
    const rejected = await readFile((await download.path())!, 'utf8');
    expect(rejected).toContain('not-an-address');
    expect(rejected).not.toContain('ada@example.com');

    // A segment of the imported people on the pro plan, counted live as it is built.
    await shell.sidebar.getByRole('link', { name: 'Segments' }).click();
    const segments = segmentsPage(page);
    await expect(segments.heading).toBeVisible();
    await segments.create.click();
    await segments.name.fill('Pro readers');
    await segments.comparison(1).selectOption('ends_with');
    await segments.value(1).fill('@example.com');
    await expect(segments.count).toHaveText('3 subscribers match');
    await segments.addCondition.click();
    await segments.field(2).selectOption('attribute');
    // The attribute is picked from the keys the import stored, each with how many people have it.
    await expect(segments.attributeKey(2).getByRole('option', { name: 'plan (3 people)' })).toHaveCount(1);
    await segments.attributeKey(2).selectOption('plan');
    await segments.value(2).fill('pro');
    await expect(segments.count).toHaveText('2 subscribers match');
    await segments.save.click();
    await expect(toast(page, SEGMENT_MESSAGES.created)).toBeVisible();
    const card = segments.card('Pro readers');
    await expect(card).toContainText('2 subscribers');
    await card.getByRole('link', { name: 'View subscribers of Pro readers' }).click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.subscribers && url.searchParams.has('segment_id'));
    // Rows imported together may share their creation time: the order is not what is checked.
    const table = subscribersPage(page);
    await expect(table.emails).toHaveCount(2);
    await expect(table.table).toContainText('ada@example.com');
    await expect(table.table).toContainText('alan@example.com');
  });

  test('a CSV whose quote never closes fails, and the import page says why', async ({ page, request, baseURL, inbox }, testInfo) => {
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'broken-csv');
    const shell = dashboardShell(page);
    await shell.sidebar.getByRole('button', { name: 'Subscribers' }).click();
    await shell.sidebar.getByRole('link', { name: 'Import' }).click();
    const tools = importPage(page);
    await expect(tools.heading).toBeVisible();
    const file = testInfo.outputPath('broken.csv');
    await writeFile(file, `email,first_name\r\nada@example.com,"Ada${'x'.repeat(100_000)}\r\n`);
    await tools.file.setInputFiles(file);
    await expect(tools.holds(1)).toHaveValue('email');
    await tools.start.click();
    await expect(tools.progress).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: IMPORT_MESSAGES.cellTooLong(2) })).toBeVisible({ timeout: 20_000 });
    await expect(tools.report).toHaveCount(0);
  });

  test('a sign-up form is created, and its hosted page shows its title', async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'forms');
    await createListByApi(page, { name: 'Weekly digest', description: '', double_opt_in: true });
    // The lists arrive only once the dialog is open, as on a slow connection: the form still goes
    // to the list the select shows.
    let listsArrive = () => {};
    const dialogOpen = new Promise<void>((resolve) => (listsArrive = resolve));
    await page.route('**/api/audience/v1/lists', async (route) => {
      await dialogOpen;
      await route.continue();
    });
    await page.goto(ROUTES.forms);
    const forms = formsPage(page);
    await expect(forms.heading).toBeVisible();
    await forms.create.click();
    await expect(forms.dialog.root).toBeVisible();
    listsArrive();
    await expect(forms.dialog.root.getByRole('combobox', { name: /^List/ })).toHaveValue(/^[0-9a-f-]{36}$/);
    await forms.dialog.submit.click();
    await expect(forms.dialog.root.getByText(FORM_MESSAGES.nameRequired)).toBeVisible();
    await forms.dialog.name.fill('Footer form');
    await forms.dialog.title.fill('Get the Sunday letter');
    await forms.dialog.submit.click();
    await expect(toast(page, FORM_MESSAGES.created)).toBeVisible();
    const card = forms.card('Footer form');
    await expect(card).toContainText('Weekly digest');
    await expect(card).toContainText('Double opt-in');
    await expect(card.getByRole('code')).toContainText('<form');

    const opening = page.context().waitForEvent('page');
    await card.getByRole('link', { name: 'Hosted page of Footer form' }).click();
    const hosted = await opening;
    await expect(hosted).toHaveURL((url) => /^\/f\/[0-9a-f-]{36}$/.test(url.pathname));
    await expect(hosted.getByRole('heading', { name: 'Get the Sunday letter' })).toBeVisible();
    await hosted.close();

    await card.getByRole('button', { name: 'Delete Footer form' }).click();
    await page.getByRole('dialog', { name: 'Delete “Footer form”?' }).getByRole('button', { name: 'Delete form' }).click();
    await expect(toast(page, FORM_MESSAGES.deleted)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No forms yet' })).toBeVisible();
  });
});
