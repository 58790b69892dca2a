import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { campaignPath, listSubscribersPath, segmentSubscribersPath, subscriberPath } from '@postlark/shared/routes';
import { signedInCustomer } from './support/customer-area';
import { expectNoSeriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';

// Issue 23: the top bar's 'Search Newsletter' box finds the customer's campaigns, subscribers,
// lists and segments as they type, grouped by kind; '/' focuses it, arrows and Enter open one.

async function create<T>(page: Page, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(`/api/${path}`, { data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
  return ((await response.json()) as { payload: T }).payload;
}

/** One of each kind whose name holds "Heron", and a subscriber without the word. */
async function herons(page: Page) {
  const label = randomUUID().slice(0, 8);
  const { list } = await create<{ list: { id: string } }>(page, 'audience/v1/lists', { name: 'Heron watchers' });
  const { segment } = await create<{ segment: { id: string } }>(page, 'audience/v1/segments', {
    name: 'Heron fans',
    definition: { match: 'all', conditions: [{ field: 'email', op: 'contains', value: 'lake' }] },
  });
  const { subscriber } = await create<{ subscriber: { id: string } }>(page, 'audience/v1/subscribers', {
    email: `grey-${label}@lake.example`,
    first_name: 'Grey',
    last_name: 'Heron',
  });
  await create(page, 'audience/v1/subscribers', { email: `swan-${label}@lake.example`, first_name: 'Mute', last_name: 'Swan' });
  const { campaign } = await create<{ campaign: { id: string } }>(page, 'campaigns/v1/campaigns', { name: 'Heron spring letter' });
  return { list: list.id, segment: segment.id, subscriber: subscriber.id, campaign: campaign.id, email: `grey-${label}@lake.example` };
}

function searchBox(page: Page) {
  const box = page.getByRole('combobox', { name: 'Search Newsletter' });
  const results = page.getByRole('listbox', { name: 'Search results' });
  return { box, results, group: (name: string) => results.getByRole('group', { name: new RegExp(`^${name}`) }) };
}

test.describe('top bar search', () => {
  test('finds each kind as you type, grouped, and opens the highlighted one with the arrows and Enter', async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 1280, height: 860 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'search');
    const made = await herons(page);
    const { box, results, group } = searchBox(page);

    // '/' anywhere on the page focuses the box.
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('/');
    await expect(box).toBeFocused();
    await expect(box).toHaveValue('');

    await page.keyboard.type('heron');
    await expect(results).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(group('Campaigns').getByRole('option')).toHaveText([/Heron spring letter.*Draft/]);
    await expect(group('Subscribers').getByRole('option')).toHaveText([new RegExp(`Grey Heron.*${made.email}`)]);
    await expect(group('Lists').getByRole('option')).toHaveText(['Heron watchers']);
    await expect(group('Segments').getByRole('option')).toHaveText(['Heron fans']);
    await expect(results.getByRole('group')).toHaveCount(4);
    await expectNoSeriousViolations(page, 'the search box with its results open');

    // Down twice: the campaign, then the subscriber, who opens on Enter.
    await page.keyboard.press('ArrowDown');
    await expect(group('Campaigns').getByRole('option')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    const subscriberOption = group('Subscribers').getByRole('option');
    await expect(subscriberOption).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await subscriberOption.getAttribute('id'))!);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === subscriberPath(made.subscriber));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(made.email);
    await expect(results).toBeHidden();

    // Up from the top wraps to the last result: the segment, whose subscribers open.
    await page.keyboard.press('/');
    await page.keyboard.type('heron');
    await expect(group('Segments')).toBeVisible();
    await page.keyboard.press('ArrowUp');
    await expect(group('Segments').getByRole('option')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === segmentSubscribersPath(made.segment));

    // A click opens one too: the list.
    await page.keyboard.press('/');
    await page.keyboard.type('watchers');
    await group('Lists').getByRole('option', { name: 'Heron watchers' }).click();
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === listSubscribersPath(made.list));

    // The campaign opens in its editor.
    await page.keyboard.press('/');
    await page.keyboard.type('spring');
    await expect(group('Campaigns')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === campaignPath(made.campaign));
  });

  test("says when nothing matches, closes on Escape, and leaves '/' alone in other fields", async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'search-none');
    await herons(page);
    const { box, results, group } = searchBox(page);

    await box.fill('Heron');
    await expect(group('Subscribers')).toBeVisible();
    await box.press('Escape');
    await expect(results).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toHaveValue('Heron');
    await box.press('Escape');
    await expect(box).toHaveValue('');

    await box.fill('no such heron 100%_');
    await expect(page.getByRole('search').locator('.top-search__note')).toHaveText('No results');
    await expect(results).toHaveCount(0);

    // Two letters find lists and segments; subscribers wait for a third.
    await box.fill('He');
    await expect(group('Lists')).toBeVisible();
    await expect(group('Subscribers')).toHaveCount(0);
    await expect(page.getByRole('search').getByText('Type 3 or more characters to find subscribers too.')).toBeVisible();

    // Typing '/' into another field types it there.
    await page.goto('/dashboard/subscribers');
    const other = page.getByRole('searchbox', { name: 'Search subscribers' });
    await other.click();
    await page.keyboard.type('a/b');
    await expect(other).toHaveValue('a/b');
    await expect(box).not.toBeFocused();
  });
});
