import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { STRONG_PASSWORD } from './support/accounts';
import { addSubscribersByApi } from './support/audience-pages';
import { campaignEditor } from './support/campaign-pages';
import { signedInCustomer } from './support/customer-area';
import { expect, test } from './support/fixtures';

// Issue 21, section 3: a campaign with a Recommended products block and a "Show only to…" block,
// written in the editor and previewed as two different people: each sees their own products, and
// the conditional part only the one who matches.

const DAY_MS = 86_400_000;

async function api<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown, key?: string): Promise<T> {
  const response = await page.request.fetch(`/api/${path}`, { method, data, ...(key && { headers: { authorization: `Bearer ${key}` } }) });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { payload: T }).payload;
}

const order = (email: string, id: string, daysAgo: number, items: string[]) => ({
  name: 'order_placed',
  email,
  id: `order-${id}`,
  occurred_at: new Date(Date.now() - daysAgo * DAY_MS).toISOString(),
  value: 30,
  currency: 'EUR',
  properties: { order_id: id, items: items.map((product_id) => ({ product_id, quantity: 1, price: 10 })) },
});

/** Ada (plan pro) bought the kettle, Grace the tent; other shoppers bought kettle with teapot, tent with lantern. */
async function shop(page: Page, label: string) {
  const ada = `ada-${label}@example.com`;
  const grace = `grace-${label}@example.com`;
  const { list } = await api<{ list: { id: string } }>(page, 'POST', 'audience/v1/lists', { name: 'Weekly', double_opt_in: false });
  await addSubscribersByApi(page, [
    { email: ada, first_name: 'Ada', last_name: 'Lovelace', list_ids: [list.id], attributes: { plan: 'pro' } },
    { email: grace, first_name: 'Grace', last_name: 'Hopper', list_ids: [list.id] },
  ]);
  const { key } = await api<{ key: string }>(page, 'POST', 'home/v1/api-keys', { name: 'Shop', current_password: STRONG_PASSWORD });
  for (const [index, id] of ['kettle', 'teapot', 'tent', 'lantern'].entries()) {
    await api(page, 'PUT', `v1/products/${id}`, { title: `The ${id}`, url: `https://shop.example/p/${id}`, image_url: `https://shop.example/i/${id}.jpg`, price: 10 + index * 5, currency: 'EUR' }, key);
  }
  await api(page, 'POST', 'v1/events', {
    events: [
      order(`s1-${label}@example.com`, `${label}-s1`, 20, ['kettle', 'teapot']),
      order(`s2-${label}@example.com`, `${label}-s2`, 18, ['kettle', 'teapot']),
      order(`s3-${label}@example.com`, `${label}-s3`, 16, ['tent', 'lantern']),
      order(`s4-${label}@example.com`, `${label}-s4`, 14, ['tent', 'lantern']),
      order(ada, `${label}-a`, 3, ['kettle']),
      order(grace, `${label}-g`, 5, ['tent']),
    ],
  }, key);
}

test.describe('content blocks', () => {
  test('a campaign with recommended products and a conditional block, previewed as two different people', async ({ page, request, baseURL, inbox }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'blocks');
    await shop(page, randomUUID().slice(0, 8));
    const editor = campaignEditor(page);
    await page.goto('/dashboard/campaigns/new');
    await editor.blank.click();
    await editor.name.fill('Picked for you');
    await editor.subject.fill('Picked for you, {{ first_name | default: "friend" }}');

    await editor.content.click();
    await page.keyboard.type('Hello {{ first_name }}');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Pro members get free delivery this week.');

    // "Show only to…" wraps the paragraph the cursor is in: people whose plan is pro.
    await editor.toolbar.getByRole('button', { name: 'Show only to…' }).click();
    const condition = page.getByRole('dialog', { name: 'Show only to…' });
    await condition.getByRole('combobox', { name: 'Show to people' }).selectOption('field');
    await condition.getByRole('textbox', { name: 'Attribute name' }).fill('plan');
    await condition.getByRole('textbox', { name: 'Value' }).fill('pro');
    await condition.getByRole('button', { name: 'Show only to them' }).click();
    await expect(condition).toBeHidden();
    const conditional = editor.content.locator('[data-postlark-if]');
    await expect(conditional).toHaveAttribute('data-label', 'Shown only where plan is “pro”');
    await expect(conditional).toContainText('Pro members get free delivery');

    // Recommended products after the greeting: two in a list, a placeholder card in the editor.
    await editor.content.getByText('Hello {{ first_name }}').click();
    await page.keyboard.press('End');
    await editor.toolbar.getByRole('button', { name: 'Recommended products' }).click();
    const products = page.getByRole('dialog', { name: 'Recommended products' });
    await products.getByRole('combobox', { name: 'How many products' }).selectOption('2');
    await products.getByRole('radio', { name: 'List (one per row)' }).check();
    await products.getByRole('button', { name: 'Insert products' }).click();
    const card = editor.content.locator('[data-postlark-block="recommendations"]');
    await expect(card).toContainText('Recommended products');
    await expect(card).toContainText('2 products in a list, filled in for each person');
    await page.screenshot({ path: testInfo.outputPath('campaign-blocks-editor-1440.png'), fullPage: true });

    // Preview as Ada: her products (the teapot goes with her kettle), and the pro paragraph.
    const previewAs = page.getByRole('searchbox', { name: 'Preview as' });
    await previewAs.fill('ada');
    await page.getByRole('list', { name: 'Subscribers found' }).getByRole('button', { name: /Ada Lovelace/ }).click();
    await expect(page.locator('.preview-as__current')).toContainText('Ada Lovelace');
    await expect(editor.preview.getByText('The teapot')).toBeVisible();
    await expect(editor.preview.getByText('Pro members get free delivery')).toBeVisible();
    await expect(editor.preview.getByText('The lantern')).toHaveCount(0);
    await expect(editor.preview.getByText('The kettle')).toHaveCount(0);
    await expect(page.locator('.campaign-preview__subject')).toHaveText('Picked for you, Ada');
    await page.screenshot({ path: testInfo.outputPath('campaign-blocks-preview-ada-1440.png'), fullPage: true });

    // Preview as Grace: the lantern goes with her tent; the pro paragraph is not hers.
    await previewAs.fill('grace');
    await page.getByRole('list', { name: 'Subscribers found' }).getByRole('button', { name: /Grace Hopper/ }).click();
    await expect(editor.preview.getByText('The lantern')).toBeVisible();
    await expect(editor.preview.getByText('Pro members get free delivery')).toHaveCount(0);
    await expect(editor.preview.getByText('The teapot')).toHaveCount(0);
    await expect(page.locator('.campaign-preview__subject')).toHaveText('Picked for you, Grace');

    // On a phone: the blocks and the preview stay inside the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(card).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await page.screenshot({ path: testInfo.outputPath('campaign-blocks-375.png'), fullPage: true });
    await expect(editor.preview.getByText('The lantern')).toBeVisible();
    await page.getByRole('region', { name: 'Preview' }).screenshot({ path: testInfo.outputPath('campaign-blocks-preview-grace-375.png') });
    await editor.content.screenshot({ path: testInfo.outputPath('campaign-blocks-editor-375.png') });

    // Back to the sample reader: no products of anyone's, no conditional paragraph.
    await page.getByRole('button', { name: 'Back to the sample reader' }).click();
    await expect(editor.preview.getByText('Pro members get free delivery')).toHaveCount(0);
    await expect(page.locator('.campaign-preview__subject')).toHaveText('Picked for you, friend');

    // Saved, the blocks come back from the server as they were written.
    await editor.save.click();
    await expect(page).toHaveURL((url) => /^\/dashboard\/campaigns\/[0-9a-f-]{36}$/.test(url.pathname));
    await page.reload();
    await expect(editor.content.locator('[data-postlark-block="recommendations"]')).toContainText('2 products in a list');
    await expect(editor.content.locator('[data-postlark-if]')).toHaveAttribute('data-label', 'Shown only where plan is “pro”');
  });
});
