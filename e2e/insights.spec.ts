import type { Page } from '@playwright/test';
import { INSIGHT_MESSAGES } from '@postlark/shared/insights';
import { ROUTES } from '@postlark/shared/routes';
import { orderEvent, steadyShop } from '../apps/api/test/support/purchase-orders';
import { shoot } from './screenshots/shoot';
import { dashboardShell, signedInCustomer } from './support/customer-area';
import { expect, test } from './support/fixtures';

// Issue 19 section 3: a shop's order_placed events, sent through the public API, become the
// Insights page (refreshed from the page, with its progress) and each buyer's Purchases card.

const DAY_MS = 86_400_000;

async function apiKey(page: Page, password: string): Promise<string> {
  const created = await page.request.post('/api/home/v1/api-keys', { data: { name: 'Shop', current_password: password } });
  expect(created.status()).toBe(201);
  return (await created.json()).payload.key as string;
}

async function sendOrders(page: Page, key: string, events: object[]) {
  const sent = await page.request.post('/api/v1/events', { headers: { authorization: `Bearer ${key}` }, data: { events } });
  expect(sent.status()).toBe(202);
  expect((await sent.json()).payload).toMatchObject({ accepted: events.length, rejected: [] });
}

/** Refresh now, its progress, and the figures it brings (or the one already under way, followed). */
async function refreshFromPage(page: Page) {
  const button = page.getByRole('button', { name: /Refresh now|Refreshing/ });
  if (await button.isEnabled()) await button.click();
  await expect(page.getByRole('status').filter({ hasText: 'Purchase insights are up to date.' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Refresh now' })).toBeEnabled();
}

test.describe('purchase insights', () => {
  test('a handful of buyers: figures, the RFM grid, what predictions still need, and a person’s Purchases card', async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const customer = await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'insights');
    const key = await apiKey(page, customer.password);

    // Reached from the sidebar's Reports, then its Purchase insights tab; with no orders yet, how to send them.
    const shell = dashboardShell(page);
    await shell.sidebar.getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Purchase insights' }).click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.insights);
    await expect(page.getByRole('heading', { level: 1, name: 'Purchase insights' })).toBeVisible();
    await expect(shell.sidebar.getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Read the API documentation' })).toHaveAttribute('href', '/api/docs');
    await shoot(page, 'desktop-insights-empty');

    // Six buyers, 30 orders over the autumn: ada buys every week, the others now and then.
    const now = Date.now();
    const buyers = ['ada', 'bob', 'cy', 'dee', 'eli', 'fay'];
    const events = [
      ...Array.from({ length: 15 }, (_, week) => orderEvent(`ada@shop.example`, `ada-${week}`, new Date(now - (week * 7 + 1) * DAY_MS), 40 + week)),
      ...buyers.slice(1).flatMap((name, index) =>
        Array.from({ length: 3 }, (_, number) => orderEvent(`${name}@shop.example`, `${name}-${number}`, new Date(now - (20 + index * 9 + number * 30) * DAY_MS), 25 + index * 5)),
      ),
    ];
    expect(events).toHaveLength(30);
    await sendOrders(page, key, events);
    await page.reload();
    await refreshFromPage(page);

    await expect(page.getByLabel('Headline figures')).toContainText('Customers with orders6');
    await expect(page.getByLabel('Headline figures')).toContainText('30 orders in all');
    const revenue = events.reduce((sum, event) => sum + event.value, 0);
    await expect(page.getByLabel('Headline figures')).toContainText(`Revenue€${revenue.toLocaleString('en-GB', { minimumFractionDigits: 2 })}`);
    await expect(page.getByLabel('Headline figures')).toContainText('Repeat rate100%');

    // The RFM grid (and its table for screen readers) counts all six; Champions holds ada.
    const grid = page.getByRole('region', { name: 'RFM grid' });
    await expect(grid.getByRole('img', { name: /RFM grid of 6 customers/ })).toBeVisible();
    const cells = grid.getByRole('table', { name: /Customers by recency/ }).getByRole('cell');
    await expect(cells).toHaveCount(25);
    const counts = (await cells.allTextContents()).map(Number);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(6);
    await expect(grid.getByRole('list', { name: 'RFM groups' })).toContainText('Champions');

    // Too few customers to predict: the model card says exactly what is missing.
    const model = page.getByRole('region', { name: 'The model' });
    await expect(model).toContainText('What is missing');
    await expect(model).toContainText(INSIGHT_MESSAGES.needCustomers(6));
    await expect(page.getByRole('region', { name: 'Predicted value, next 365 days' })).toContainText('No predicted values yet');
    // The revenue chart has its figures as a table too.
    await expect(page.getByRole('table', { name: 'Revenue and orders by month' }).getByRole('row')).not.toHaveCount(1);

    await shoot(page, 'desktop-insights-thin');
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(grid).toBeVisible();
    await shoot(page, 'phone-insights-thin');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Top customers lead to their pages: ada's Purchases card.
    await page.getByRole('region', { name: 'Top customers' }).getByRole('link', { name: 'ada@shop.example' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'ada@shop.example' })).toBeVisible();
    const card = page.getByRole('region', { name: 'Purchases' });
    await expect(card).toContainText('Champions');
    await expect(card).toContainText('Orders15');
    await expect(card).toContainText('Revenue€705.00');
    await expect(card).toContainText('Average days between orders7');
    await expect(card.getByLabel('RFM scores')).toContainText('Recency5 of 5');
    await expect(card.getByRole('note')).toHaveText(INSIGHT_MESSAGES.needCustomers(6));
    await shoot(page, 'desktop-subscriber-purchases-thin');
  });

  test('too few orders: the page and the person’s card say what is missing', async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const customer = await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'insights-thin');
    const key = await apiKey(page, customer.password);
    // Issue 38, point 18: without orders Home does not lead to a page of zeros; it says what the page needs.
    await page.goto(ROUTES.dashboard);
    const audience = page.getByRole('region', { name: 'Audience' });
    await expect(audience.getByText(/Purchase insights appear once your shop sends its orders/)).toBeVisible();
    await expect(audience.getByRole('link', { name: 'Set up an API key' })).toHaveAttribute('href', `${ROUTES.profile}?tab=integrations`);
    await expect(page.getByRole('link', { name: 'See purchase insights' })).toHaveCount(0);
    await page.goto(ROUTES.insights);
    await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
    await shoot(page, 'phone-insights-empty');
    await sendOrders(page, key, [
      orderEvent('solo@thin.example', 's1', new Date(Date.now() - 40 * DAY_MS), 18),
      orderEvent('solo@thin.example', 's2', new Date(Date.now() - 3 * DAY_MS), 22),
      orderEvent('duo@thin.example', 'd1', new Date(Date.now() - 10 * DAY_MS), 35),
    ]);
    // Home links to the page.
    await page.goto(ROUTES.dashboard);
    const homeLink = page.getByRole('link', { name: 'See purchase insights' });
    await expect(homeLink).toBeVisible();
    await shoot(page, 'phone-home-insights');
    await homeLink.click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.insights);
    await refreshFromPage(page);

    await expect(page.getByLabel('Headline figures')).toContainText('Customers with orders2');
    await expect(page.getByRole('region', { name: 'RFM grid' })).toContainText(INSIGHT_MESSAGES.needRfmCustomers(2));
    await expect(page.getByRole('region', { name: 'The model' })).toContainText(INSIGHT_MESSAGES.needCustomers(2));
    await shoot(page, 'phone-insights-too-few');

    await page.getByRole('region', { name: 'Top customers' }).getByRole('link', { name: 'solo@thin.example' }).click();
    const card = page.getByRole('region', { name: 'Purchases' });
    await expect(card).toContainText('Orders2');
    await expect(card.getByRole('note')).toHaveText(`${INSIGHT_MESSAGES.needCustomers(2)} ${INSIGHT_MESSAGES.needRfmCustomers(2)}`);
    await expect(card.getByLabel('RFM scores')).toHaveCount(0);
    await shoot(page, 'phone-subscriber-purchases-thin');
  });

  test('a shop with enough orders: the fitted model, predicted values, people at risk', async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const customer = await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'insights-fit');
    const key = await apiKey(page, customer.password);
    await sendOrders(page, key, steadyShop('fit.example', new Date()));
    await page.goto(ROUTES.insights);
    await refreshFromPage(page);

    const model = page.getByRole('region', { name: 'The model' });
    const bgNbd = model.getByRole('table', { name: 'BG/NBD: purchases and drop-out' });
    await expect(bgNbd.getByRole('row')).toHaveCount(6);
    await expect(bgNbd.getByRole('row', { name: /^r purchase rate shape/ })).toContainText('±');
    await expect(model.getByRole('table', { name: 'Gamma-Gamma: order value' })).toBeVisible();
    await expect(model).not.toContainText('What is missing');
    await expect(page.getByLabel('Headline figures')).toContainText('Customers with orders120');

    const histogram = page.getByRole('region', { name: 'Predicted value, next 365 days' });
    await expect(histogram.getByRole('img', { name: /120 customers by predicted value/ })).toBeVisible();
    const atRisk = page.getByRole('region', { name: 'People at risk' });
    const firstAtRisk = atRisk.getByRole('link').first();
    await expect(firstAtRisk).toHaveText(/@fit\.example$/);
    await shoot(page, 'desktop-insights-fitted');
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(histogram).toBeVisible();
    await shoot(page, 'phone-insights-fitted');

    await firstAtRisk.click();
    const card = page.getByRole('region', { name: 'Purchases' });
    await expect(card.getByLabel('Predictions')).toContainText('Churn risk');
    await expect(card.getByLabel('Predictions')).toContainText('Predicted value, 365 days');
    await expect(card.getByRole('note')).toHaveCount(0);
    await shoot(page, 'phone-subscriber-purchases');
    await page.setViewportSize({ width: 1440, height: 900 });
    await shoot(page, 'desktop-subscriber-purchases');
  });
});
