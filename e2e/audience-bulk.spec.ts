import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { AUDIENCE_MESSAGES } from '@postlark/shared/audience';
import { ROUTES } from '@postlark/shared/routes';
import { addSubscribersByApi, subscribersPage } from './support/audience-pages';
import { signedInCustomer } from './support/customer-area';
import { expect, test } from './support/fixtures';
import { toast } from './support/page-helpers';

// The subscribers table's bulk actions (on chosen rows, or on every match of a filter) and its
// CSV export, against the real server. Data is made through page.request in the browser's session.

const PICKED = ['ada.lovelace@example.com', 'grace.hopper@example.com'] as const;
const OTHERS = ['alan.turing@example.com', 'edsger.dijkstra@example.com'] as const;
// More than a page (50 rows): "Select all N matching" reaches rows the table does not show.
const TEAM = Array.from({ length: 53 }, (_unused, index) => `member${String(index + 1).padStart(2, '0')}@team.example`);

async function createList(page: Page, name: string): Promise<string> {
  const response = await page.request.post('/api/audience/v1/lists', { data: { name, double_opt_in: false } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { payload: { list: { id: string } } }).payload.list.id;
}

function bulkBar(page: Page) {
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  return {
    bar,
    count: bar.getByRole('status'),
    addToList: bar.getByRole('combobox', { name: 'Add to list' }),
    removeFromList: bar.getByRole('combobox', { name: 'Remove from list' }),
    unsubscribe: bar.getByRole('button', { name: 'Unsubscribe', exact: true }),
    remove: bar.getByRole('button', { name: 'Delete', exact: true }),
    selectAllMatching: bar.getByRole('button', { name: /^Select all \d+ matching$/ }),
  };
}

test.describe('audience: bulk actions and CSV export', () => {
  test('chosen rows join a list, a whole search unsubscribes, one is deleted, and the filtered table exports as CSV', async ({ page, request, baseURL, inbox }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'bulk');
    await createList(page, 'VIP');
    await addSubscribersByApi(page, [...PICKED, ...OTHERS, ...TEAM].map((email) => ({ email })));

    await page.goto(ROUTES.subscribers);
    const table = subscribersPage(page);
    const bulk = bulkBar(page);
    await expect(table.range).toContainText(`of ${PICKED.length + OTHERS.length + TEAM.length}`);
    await expect(bulk.bar).toBeHidden();

    // Two rows to a list: the filter by that list then shows just them.
    await table.search.fill('example.com');
    await expect(table.rows).toHaveCount(4);
    for (const email of PICKED) await table.table.getByRole('checkbox', { name: `Select ${email}` }).check();
    await expect(bulk.count).toHaveText('2 selected');
    await bulk.addToList.selectOption({ label: 'VIP' });
    await expect(toast(page, AUDIENCE_MESSAGES.bulkDone(2))).toBeVisible();
    await expect(bulk.bar).toBeHidden();
    await table.search.fill('');
    await table.list.selectOption({ label: 'VIP' });
    await expect(table.rows).toHaveCount(2);
    expect((await table.emails.allTextContents()).sort()).toEqual([...PICKED].sort());

    // The filtered table as CSV: its rows are the list's two members.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...lines] = csv.trim().split(/\r?\n/);
    expect(header?.split(',')[0]).toBe('email');
    expect(lines.map((line) => line.split(',')[0]).sort()).toEqual([...PICKED].sort());

    // Every subscriber a search matches, beyond the page shown, unsubscribed after a confirmation.
    await table.list.selectOption({ label: 'All lists' });
    await table.search.fill('team.example');
    await expect(table.range).toContainText(`of ${TEAM.length}`);
    await table.table.getByRole('checkbox', { name: 'Select every subscriber on this page' }).check();
    await expect(bulk.count).toHaveText('50 selected');
    await bulk.selectAllMatching.click();
    await expect(bulk.count).toHaveText(`All ${TEAM.length} subscribers matching selected`);
    await bulk.unsubscribe.click();
    const unsubscribing = page.getByRole('dialog', { name: `Unsubscribe ${TEAM.length} subscribers?` });
    await unsubscribing.getByRole('button', { name: `Unsubscribe ${TEAM.length} subscribers` }).click();
    await expect(toast(page, AUDIENCE_MESSAGES.bulkDone(TEAM.length))).toBeVisible();
    await expect(unsubscribing).toBeHidden();
    await expect(table.table.locator('tbody')).not.toContainText('Active');
    await table.status.selectOption({ label: 'Unsubscribed' });
    await expect(table.range).toContainText(`of ${TEAM.length}`);
    // The rest of the audience was not touched.
    await table.search.fill('example.com');
    await expect(page.getByRole('heading', { name: 'No subscribers match' })).toBeVisible();

    // One row deleted, after a confirmation that says how many.
    await table.status.selectOption({ label: 'All statuses' });
    await expect(table.rows).toHaveCount(4);
    await table.table.getByRole('checkbox', { name: `Select ${OTHERS[0]}` }).check();
    await bulk.remove.click();
    const deleting = page.getByRole('dialog', { name: 'Delete 1 subscriber?' });
    await expect(deleting).toContainText('suppression list');
    await deleting.getByRole('button', { name: 'Delete 1 subscriber' }).click();
    await expect(toast(page, AUDIENCE_MESSAGES.bulkDone(1))).toBeVisible();
    await expect(table.rows).toHaveCount(3);
    await expect(table.emails).not.toContainText([OTHERS[0]]);
  });

  test('a segment from the address narrows the table, shows as a chip by its name, and the chip removes it', async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'bulk-segment');
    await addSubscribersByApi(page, [...PICKED, ...OTHERS].map((email) => ({ email })));
    const created = await page.request.post('/api/audience/v1/segments', {
      data: { name: 'Pioneers', definition: { match: 'any', conditions: PICKED.map((email) => ({ field: 'email', op: 'is', value: email })) } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const segmentId = ((await created.json()) as { payload: { segment: { id: string } } }).payload.segment.id;

    await page.goto(`${ROUTES.subscribers}?segment_id=${segmentId}`);
    const table = subscribersPage(page);
    await expect(page.getByText('Segment: Pioneers')).toBeVisible();
    await expect(table.rows).toHaveCount(2);
    expect((await table.emails.allTextContents()).sort()).toEqual([...PICKED].sort());
    // The export follows the segment too.
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', `/api/audience/v1/subscribers/export.csv?segment_id=${segmentId}`);

    await page.getByRole('button', { name: 'Remove the segment filter Pioneers' }).click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.subscribers && !url.searchParams.has('segment_id'));
    await expect(table.rows).toHaveCount(PICKED.length + OTHERS.length);
  });
});
