import { WEBHOOK_MESSAGES } from '@postlark/shared/outgoing-webhooks';
import { ROUTES } from '@postlark/shared/routes';
import { expect } from '@playwright/test';
import { expectFieldError } from './support/account-pages';
import { signedInCustomer } from './support/customer-area';
import { toast } from './support/page-helpers';
import { addEndpoint, webhooksCard, webhookTest as test } from './support/webhooks';

// Issue 19, outgoing webhooks: an endpoint added in the Integrations tab receives signed events
// (a test event, then a real subscriber.subscribed) and the delivery log shows each delivery.

test.describe('Integrations: webhooks', () => {
  test('an endpoint is added, its secret shown once, and its deliveries appear in the log', async ({ page, request, baseURL, inbox, receiver }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'webhooks');
    await page.goto(`${ROUTES.profile}?tab=integrations`);
    const { card, add, form, endpoint } = webhooksCard(page);
    await expect(card.getByText('No endpoints yet.')).toBeVisible();

    // A private address is refused with the field's message, and nothing is stored.
    await add.click();
    const url = form.getByRole('textbox', { name: 'Endpoint URL' });
    await url.fill('http://10.1.2.3/hooks');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await expectFieldError(page, url, WEBHOOK_MESSAGES.urlPrivate);
    await form.getByRole('button', { name: 'Cancel' }).click();

    const secret = await addEndpoint(page, receiver.url, 'Our CRM', ['A campaign finished sending']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const item = endpoint(receiver.url);
    await expect(item).toContainText('Active');
    await expect(item).toContainText('Our CRM');
    await expect(item.getByRole('list', { name: 'Events sent' }).getByRole('listitem')).toHaveText(['subscriber.subscribed', 'subscriber.unsubscribed', 'campaign.sent']);
    // Once closed, the secret is nowhere on the page, nor after a reload.
    await page.reload();
    expect(await page.content()).not.toContain(secret.slice(6));

    await item.getByRole('button', { name: 'Send test event' }).click();
    await expect(toast(page, WEBHOOK_MESSAGES.testQueued)).toBeVisible();
    const log = item.getByRole('table');
    await expect(log.getByRole('row').nth(1)).toContainText('webhook.test', { timeout: 15_000 });
    await expect(log.getByRole('row').nth(1)).toContainText('200');
    await expect(log.getByRole('row').nth(1)).toContainText('Delivered');
    expect(receiver.received).toHaveLength(1);
    expect(receiver.signedWith(receiver.received[0]!, secret)).toBe(true);

    // A real event: someone subscribes; the receiver hears of it and the log shows it.
    expect((await page.request.post('/api/audience/v1/subscribers', { data: { email: 'grace@example.com', first_name: 'Grace' } })).status()).toBe(201);
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
    const subscribed = receiver.received[1]!;
    expect(subscribed.json).toMatchObject({ type: 'subscriber.subscribed', data: { subscriber: { email: 'grace@example.com', first_name: 'Grace', status: 'active' } } });
    expect(receiver.signedWith(subscribed, secret)).toBe(true);
    await item.getByRole('button', { name: 'Refresh' }).click();
    await expect(log.getByRole('row').nth(1)).toContainText('subscriber.subscribed');
    await expect(log.getByRole('row').nth(1)).toContainText('Delivered');

    // Turned off: no test events; deleted: gone.
    await item.getByRole('button', { name: 'Turn off' }).click();
    await expect(toast(page, WEBHOOK_MESSAGES.turnedOff)).toBeVisible();
    await expect(item).toContainText('Off');
    await expect(item.getByRole('button', { name: 'Send test event' })).toBeDisabled();
    await item.getByRole('button', { name: `Delete ${receiver.url}` }).click();
    await page.getByRole('dialog', { name: `Delete ${receiver.url}?` }).getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(toast(page, WEBHOOK_MESSAGES.deleted)).toBeVisible();
    await expect(card.getByText('No endpoints yet.')).toBeVisible();
  });
});
