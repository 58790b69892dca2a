import { ROUTES } from '@postlark/shared/routes';
import { shoot } from './screenshots/shoot';
import { signedInCustomer } from './support/customer-area';
import { expect, test } from './support/fixtures';

// Issue 19: events sent through the public API reach the person's page: a shop's orders and visits
// for someone who never subscribed make a profile that is shown as such, with what they did.

test.describe('events on the subscriber page', () => {
  test('a buyer known only from the API is a profile, not a subscriber, with their orders and visits', async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const customer = await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'events');
    const created = await page.request.post('/api/home/v1/api-keys', { data: { name: 'Shop', current_password: customer.password } });
    expect(created.status()).toBe(201);
    const key = (await created.json()).payload.key as string;
    const email = `buyer-${Date.now()}@shop.example`;
    const sent = await request.post('/api/v1/events', {
      headers: { authorization: `Bearer ${key}` },
      data: {
        events: [
          { name: 'product_viewed', email, occurred_at: '2026-11-20T09:00:00Z', properties: { product_id: 'lark-mug' } },
          { name: 'order_placed', email, id: 'order-1001', occurred_at: '2026-11-20T09:12:00Z', value: 24, currency: 'EUR', properties: { order_id: '1001', items: [{ product_id: 'lark-mug', quantity: 2, price: 12 }] } },
        ],
      },
    });
    expect(sent.status()).toBe(202);
    expect((await sent.json()).payload).toEqual({ accepted: 2, duplicates: 0, rejected: [] });

    const found = await page.request.get(`/api/audience/v1/subscribers?q=${encodeURIComponent(email)}`);
    const id = (await found.json()).payload.subscribers[0].id as string;
    await page.goto(`${ROUTES.subscribers}/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: email })).toBeVisible();
    await expect(page.getByText('Not subscribed').first()).toBeVisible();
    const card = page.getByRole('region', { name: 'What they did' });
    const items = card.getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('Placed order 1001 for €24.00, 1 item');
    await expect(items.nth(0)).toContainText('API');
    await expect(items.nth(1)).toContainText('Viewed product lark-mug');
    await expect(page.getByText('Known from events: no consent to mail').first()).toBeVisible();
    // Never mailed, so no preference centre link to share.
    await expect(page.getByRole('region', { name: 'Preference centre' })).toHaveCount(0);
    await shoot(page, 'desktop-subscriber-events');
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(items.nth(0)).toBeVisible();
    await shoot(page, 'phone-subscriber-events');
  });
});
