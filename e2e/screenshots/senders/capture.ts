import { randomUUID } from 'node:crypto';
import { ROUTES } from '@postlark/shared/routes';
import { SENDER_MESSAGES } from '@postlark/shared/senders';
import { signedInCustomer } from '../../support/customer-area';
import { test } from '../../support/fixtures';
import { confirmationPath, confirmSender } from '../../support/senders';
import { shoot, WIDTHS } from '../shoot';

// The Senders page (a confirmed and a pending address, a domain whose check failed), the
// confirmation link's page, the editor's From choice and the test dialog, at phone and desktop
// widths, into e2e/screenshots/out/. Everything is made through the real API and mail.

for (const [label, viewport] of Object.entries(WIDTHS)) {
  test(`senders at ${label} width`, async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize(viewport);
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, `shots-senders-${label}`, { first_name: 'Ada' });
    const tag = randomUUID().slice(0, 6);
    const confirmed = `news-${tag}@larkletters.example`;
    const pending = `team-${tag}@larkletters.example`;
    await confirmSender(page, inbox, confirmed);
    await page.request.post('/api/campaigns/v1/senders', { data: { email: pending } });
    const domain = `mail-${tag}.invalid`;
    const added = await page.request.post('/api/campaigns/v1/sender-domains', { data: { domain } });
    const { domain: created } = ((await added.json()) as { payload: { domain: { id: string } } }).payload;
    await page.request.post(`/api/campaigns/v1/sender-domains/${created.id}/verify`);

    await page.goto(ROUTES.senders);
    await page.getByRole('alert').filter({ hasText: '_postlark' }).or(page.getByRole('alert').filter({ hasText: 'did not answer' })).first().waitFor();
    await shoot(page, `${label}-senders`);

    // The pending address's link, as its mailbox's owner sees it, before and after the click.
    const link = confirmationPath((await inbox.message(pending)).text);
    await page.goto(link);
    await page.getByRole('button', { name: 'Confirm this address' }).waitFor();
    await shoot(page, `${label}-confirm-sender`);
    await page.getByRole('button', { name: 'Confirm this address' }).click();
    await page.getByText(SENDER_MESSAGES.confirmed(pending)).waitFor();
    await shoot(page, `${label}-confirm-sender-done`);

    await page.goto(ROUTES.newCampaign);
    await page.getByRole('button', { name: 'Start from scratch' }).click();
    await page.getByRole('textbox', { name: 'Campaign name' }).fill('November news');
    await page.getByRole('combobox', { name: 'From email' }).selectOption(confirmed);
    await shoot(page, `${label}-campaign-from`);
    await page.getByRole('textbox', { name: 'Subject line' }).fill('News for you');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL((url) => /\/dashboard\/campaigns\/[0-9a-f-]{36}$/.test(url.pathname));
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByRole('dialog', { name: 'Send a test' }).waitFor();
    await shoot(page, `${label}-campaign-test-dialog`);
  });
}
