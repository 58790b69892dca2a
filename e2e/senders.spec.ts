import { randomUUID } from 'node:crypto';
import { CAMPAIGN_MESSAGES } from '@postlark/shared/campaigns';
import { ROUTES } from '@postlark/shared/routes';
import { SENDER_MESSAGES } from '@postlark/shared/senders';
import { campaignEditor, campaignsPage } from './support/campaign-pages';
import { signedInCustomer } from './support/customer-area';
import { expect, test } from './support/fixtures';
import { toast } from './support/page-helpers';
import { confirmationPath } from './support/senders';

// Issue 18, finding 4: a sender address is added on the Senders page, confirmed through the link
// its email carries (a button on the page, never the page's load), then chosen as a campaign's
// From and sent a test. An address nobody confirmed gets no test. Issue 30: a free-mail From is
// said to go out from our domain in the customer's name; a sending domain lists the records to
// publish, each with its copy buttons and state, and "Check now" says what the DNS answered.

test.describe('senders', () => {
  test('an address added on the Senders page is confirmed through its email, then sends a campaign’s test', async ({ page, request, baseURL, inbox }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const customer = await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'senders');
    const label = randomUUID().slice(0, 8);
    // A free-mail address: no one but its provider can authenticate it, so it is sent via the platform.
    const address = `hello-${label}@gmail.com`;

    // From the campaigns list to the Senders page: the account's own address is confirmed already.
    await page.goto(ROUTES.campaigns);
    await page.getByRole('link', { name: 'Senders', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.senders);
    await expect(page.getByRole('heading', { level: 1, name: 'Senders' })).toBeVisible();
    const addresses = page.getByRole('list', { name: 'Sender addresses' });
    const accountRow = addresses.getByRole('listitem').filter({ hasText: customer.email.toLowerCase() });
    await expect(accountRow).toContainText('Your account');
    await expect(accountRow).toContainText('Confirmed');

    // A bad address is refused under the field; a good one is mailed its link and waits for it.
    const field = page.getByRole('textbox', { name: 'Email address' });
    await field.fill('not an address');
    await page.getByRole('button', { name: 'Add address' }).click();
    await expect(page.getByText(SENDER_MESSAGES.emailInvalid)).toBeVisible();
    await field.fill(address);
    await page.getByRole('button', { name: 'Add address' }).click();
    await expect(toast(page, SENDER_MESSAGES.added(address))).toBeVisible();
    const row = addresses.getByRole('listitem').filter({ hasText: address });
    await expect(row).toContainText('Waiting for confirmation');
    await expect(row.getByRole('button', { name: `Send the link again to ${address}` })).toBeVisible();

    // The link's page confirms nothing by being opened: only its button does.
    const link = confirmationPath((await inbox.message(address)).text);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Confirm this sender address' })).toBeVisible();
    await page.goto(ROUTES.senders);
    await expect(row).toContainText('Waiting for confirmation');
    await page.goto(link);
    await page.getByRole('button', { name: 'Confirm this address' }).click();
    await expect(page.getByRole('heading', { name: 'Address confirmed' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(SENDER_MESSAGES.confirmed(address));
    await page.goto(ROUTES.senders);
    await expect(row).toContainText('Confirmed');
    await expect(row.getByRole('button', { name: /^Send the link again/ })).toHaveCount(0);

    // The editor offers it as the From address, and its test dialog says where tests may go.
    await page.goto(ROUTES.campaigns);
    await campaignsPage(page).create.click();
    const editor = campaignEditor(page);
    await page.getByRole('button', { name: 'Start from scratch' }).click();
    await editor.name.fill('Hello from a sender');
    await editor.subject.fill('Hello {{ first_name | default: "there" }}');
    await expect(editor.fromEmail.getByRole('option', { name: address, exact: true })).toBeAttached();
    await editor.fromEmail.selectOption(address);
    await expect(page.getByRole('note')).toContainText('gmail.com is a mailbox provider');
    await expect(page.getByRole('note')).toContainText(`their replies go to ${address}`);
    await editor.content.click();
    await page.keyboard.type('A short letter.');
    await editor.save.click();
    await expect(toast(page, CAMPAIGN_MESSAGES.created)).toBeVisible();

    await editor.test.click();
    await expect(editor.testDialog.root).toContainText('Tests go only to your confirmed addresses');
    const stranger = `stranger-${label}@example.com`;
    await editor.testDialog.to.fill(stranger);
    await editor.testDialog.send.click();
    await expect(editor.testDialog.root.getByText(SENDER_MESSAGES.testRecipientNotConfirmed(stranger))).toBeVisible();
    await editor.testDialog.to.fill('');
    await editor.testDialog.root.getByRole('button', { name: `Add ${address}` }).click();
    await expect(editor.testDialog.to).toHaveValue(address);
    await editor.testDialog.send.click();
    await expect(toast(page, CAMPAIGN_MESSAGES.testSent(1))).toBeVisible();
    // Its first message was the confirmation link; the second is the test.
    expect((await inbox.message(address, 1)).subject).toBe('[Test] Hello there');
    expect(await inbox.count(stranger)).toBe(0);
  });

  test('a domain lists the records to publish with copy buttons, and Check now says what the DNS answered', async ({ page, request, baseURL, inbox }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'sender-domains');
    const domain = `mail-${randomUUID().slice(0, 8)}.invalid`;
    await page.goto(ROUTES.senders);
    await expect(page.getByRole('heading', { name: 'Sending domains' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Domain' }).fill('gmail.com');
    await page.getByRole('button', { name: 'Add domain' }).click();
    await expect(page.getByText(SENDER_MESSAGES.domainFreeMail('gmail.com'))).toBeVisible();
    await page.getByRole('textbox', { name: 'Domain' }).fill(domain);
    await page.getByRole('button', { name: 'Add domain' }).click();
    await expect(toast(page, SENDER_MESSAGES.domainAdded(domain))).toBeVisible();

    const card = page.getByRole('article', { name: domain });
    await expect(card).toContainText('Waiting for DNS');
    const records = card.getByRole('table', { name: `DNS records for ${domain}` });
    const dkim = records.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^DKIM/ }) });
    await expect(dkim).toContainText('Required');
    await expect(dkim).toContainText(new RegExp(`_domainkey\\.${domain.replaceAll('.', '\\.')}`));
    await expect(dkim).toContainText('v=DKIM1; k=rsa; p=');
    await expect(dkim).toContainText('Not checked yet');
    const dmarc = records.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^DMARC/ }) });
    await expect(dmarc).toContainText('Recommended');
    await expect(dmarc).toContainText(`_dmarc.${domain}`);
    await expect(card.getByRole('button', { name: `Copy the DKIM value for ${domain}` })).toBeVisible();
    await expect(card.getByRole('button', { name: `Copy the DMARC name for ${domain}` })).toBeVisible();

    await card.getByRole('button', { name: `Check the DNS records of ${domain} now` }).click();
    // Nothing is published for a .invalid name: the answer is the DNS's (no record, or no answer).
    await expect(card.getByText(/^No DKIM record was found at .*_domainkey\.|did not answer/)).toBeVisible({ timeout: 20_000 });
    await expect(dkim).toContainText(/Missing|No answer/);
    await expect(card).toContainText('Waiting for DNS');
  });
});
