import { ROUTES } from '@postlark/shared/routes';
import { signedInCustomer } from '../../support/customer-area';
import { addEndpoint, startWebhookReceiver, webhooksCard, webhookTest as test } from '../../support/webhooks';
import { shoot, WIDTHS } from '../shoot';

// The Integrations tab's Webhooks card at phone and desktop widths, into e2e/screenshots/out/: the
// add form, a secret shown once, and two endpoints whose logs show a delivery and a retry.

for (const [label, viewport] of Object.entries(WIDTHS)) {
  test(`webhooks at ${label} width`, async ({ page, request, baseURL, inbox, receiver }) => {
    await page.setViewportSize(viewport);
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, `shots-webhooks-${label}`, { first_name: 'Ada' });
    await page.goto(`${ROUTES.profile}?tab=integrations`);
    const { card, add, form, endpoint } = webhooksCard(page);
    await card.getByText('No endpoints yet.').waitFor();
    await card.scrollIntoViewIfNeeded();
    await shoot(page, `${label}-webhooks-empty`);

    await add.click();
    await form.getByRole('textbox', { name: 'Endpoint URL' }).fill('https://crm.larkletters.example/hooks/postlark');
    await form.getByRole('textbox', { name: 'Description (optional)' }).fill('Our CRM');
    await shoot(page, `${label}-webhooks-add`);
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await card.getByRole('region', { name: /^Signing secret for/ }).waitFor();
    await shoot(page, `${label}-webhooks-secret`);
    await card.getByRole('button', { name: 'Done' }).click();

    const broken = await startWebhookReceiver(500);
    try {
      await addEndpoint(page, receiver.url, 'Warehouse sync', ['A campaign finished sending', 'An order was attributed to an email']);
      await addEndpoint(page, broken.url, 'Staging (answers 500)');
      for (const url of [receiver.url, broken.url]) {
        await endpoint(url).getByRole('button', { name: 'Send test event' }).click();
        await endpoint(url).getByRole('table').getByRole('row').nth(1).waitFor({ timeout: 15_000 });
      }
      await page.request.post('/api/audience/v1/subscribers', { data: { email: 'grace@example.com', first_name: 'Grace' } });
      await page.waitForTimeout(2_500);
      for (const url of [receiver.url, broken.url]) await endpoint(url).getByRole('button', { name: 'Refresh' }).click();
      await page.waitForTimeout(500);
      await shoot(page, `${label}-webhooks-log`);
    } finally {
      await broken.stop();
    }
  });
}
