import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { CAMPAIGN_MESSAGES, UNCONFIRMED_DELIVERY_LABEL } from '@postlark/shared/campaigns';
import { addSubscribersByApi } from './support/audience-pages';
import { campaignEditor, campaignsPage } from './support/campaign-pages';
import { dashboardShell, signedInCustomer } from './support/customer-area';
import { expect, test } from './support/fixtures';
import { toast } from './support/page-helpers';
import { confirmSender } from './support/senders';

// Issue 6: the Campaigns pages against the real server. A campaign is written in the editor with
// a merge tag, checked, test-sent, sent to a small list while its progress bar is watched, and a
// tracked link in the mail is followed through to the report.

const CAMPAIGNS = '/dashboard/campaigns';
const CONTACT = { street_address: '1 Lark Lane', city: 'Leeds', state: '', company: 'Lark Letters Ltd', postal_code: 'LS1 4AP', country: 'United Kingdom', phone: '', vat_id: '' };
const READ_ON = 'https://lark.example/read';

async function api<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`/api/${path}`, { method, data });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { payload: T }).payload;
}

/** The postal address every campaign's footer needs, and a list of three people (one without a name). */
async function audience(page: Page, label: string): Promise<string[]> {
  const { customer_id: customerId } = await api<{ customer_id: string }>(page, 'GET', 'authentication/v1/session');
  await api(page, 'PUT', `home/v1/user/${customerId}/contact`, CONTACT);
  const { list } = await api<{ list: { id: string } }>(page, 'POST', 'audience/v1/lists', { name: 'Weekly', double_opt_in: false });
  const people = [
    { email: `ada-${label}@example.com`, first_name: 'Ada' },
    { email: `grace-${label}@example.com`, first_name: 'Grace' },
    { email: `nameless-${label}@example.com`, first_name: '' },
  ];
  await addSubscribersByApi(page, people.map((person) => ({ ...person, list_ids: [list.id] })));
  return people.map((person) => person.email);
}

test.describe('campaigns', () => {
  test('a campaign is written, checked, test-sent, sent with live progress, and its click reported', async ({ page, request, baseURL, inbox }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'campaigns');
    const label = randomUUID().slice(0, 8);
    const [ada, , nameless] = await audience(page, label);
    // Campaigns go out from a confirmed sender, and tests only to confirmed addresses (senders.spec.ts).
    const sender = `news-${label}@lark.example`;
    const tester = `tester-${label}@example.com`;
    await confirmSender(page, inbox, sender);
    await confirmSender(page, inbox, tester);
    const list = campaignsPage(page);
    const editor = campaignEditor(page);

    // The sidebar's Campaigns opens the list; its platform sub-items lead to the campaigns each delivered.
    const shell = dashboardShell(page);
    await shell.sidebar.getByRole('button', { name: 'Campaigns' }).click();
    await expect(page).toHaveURL((url) => url.pathname === CAMPAIGNS);
    await expect(list.heading).toBeVisible();
    await expect(shell.sidebar.getByRole('link', { name: 'Mailchimp' }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No campaigns yet' })).toBeVisible();

    await list.create.click();
    await expect(page).toHaveURL((url) => url.pathname === `${CAMPAIGNS}/new`);
    await expect(editor.template('Newsletter')).toBeVisible();
    await editor.blank.click();

    await editor.name.fill('November news');
    await editor.fromName.fill('Lark Letters');
    await editor.fromEmail.selectOption(sender);
    // A misspelt tag is pointed out under its field before anything is sent.
    await editor.subject.fill('News for {{ frist_name }}');
    await expect(editor.problems).toContainText('Unknown merge tag "frist_name"');
    await expect(page.getByText('Fix the merge tags marked below before sending.')).toBeVisible();
    await editor.subject.fill('News for {{ first_name | default: "there" }}');
    await expect(editor.problems).toHaveCount(0);

    // The body, written in the editor: a greeting with a merge tag from the menu, and a link.
    await editor.content.click();
    await page.keyboard.type('Hello ');
    await editor.mergeTag.click();
    await page.getByRole('menuitem', { name: /^First name, or “there”/ }).click();
    await page.keyboard.type(', here is the news.');
    await page.keyboard.press('Enter');
    await editor.toolbar.getByRole('button', { name: 'Link' }).click();
    const linkDialog = page.getByRole('dialog', { name: 'Insert link' });
    await linkDialog.getByRole('textbox', { name: 'Address' }).fill(READ_ON);
    await linkDialog.getByRole('textbox', { name: 'Link text' }).fill('Read on');
    await linkDialog.getByRole('button', { name: 'Insert link' }).click();
    await expect(editor.content.getByRole('link', { name: 'Read on' })).toBeVisible();
    await editor.list('Weekly').check();

    // The live preview fills the tag for a sample subscriber with no name, footer included.
    await expect(editor.preview.getByText('Hello there, here is the news.')).toBeVisible();
    await expect(editor.preview.getByText(/1 Lark Lane/)).toBeVisible();
    await expect(editor.plainText).toHaveValue(/Hello there, here is the news\./);

    await editor.save.click();
    await expect(toast(page, CAMPAIGN_MESSAGES.created)).toBeVisible();
    await expect(page).toHaveURL((url) => /^\/dashboard\/campaigns\/[0-9a-f-]{36}$/.test(url.pathname));
    const id = new URL(page.url()).pathname.split('/').at(-1)!;

    // A test to an address outside the list reads the sample: the tag's fallback shows.
    await editor.test.click();
    await editor.testDialog.to.fill(`${tester}, not-an-address`);
    await editor.testDialog.send.click();
    await expect(editor.testDialog.root.getByText(CAMPAIGN_MESSAGES.emailInvalid)).toBeVisible();
    await editor.testDialog.to.fill(tester);
    await editor.testDialog.send.click();
    await expect(toast(page, CAMPAIGN_MESSAGES.testSent(1))).toBeVisible();
    await expect(editor.testDialog.root).toBeHidden();
    // (The tester's first message was its confirmation link.)
    const testMail = await inbox.message(tester, 1);
    expect(testMail.subject).toContain('News for there');
    expect(testMail.html).toContain('Hello there, here is the news.');
    expect(testMail.html).not.toContain('{{');

    // Send now: the dialog names the audience, then the bar runs to the end.
    await editor.sendNow.click();
    await expect(editor.sendDialog.root.getByText('List: Weekly')).toBeVisible();
    // How many get it, as the sender counts them (issue 38, point 10).
    await expect(editor.sendDialog.root.getByText(/^3 people, after leaving out the unsubscribed/)).toBeVisible();
    await editor.sendDialog.send.click();
    await expect(toast(page, CAMPAIGN_MESSAGES.sendStarted)).toBeVisible();
    await expect(page.getByText(CAMPAIGN_MESSAGES.notEditable)).toBeVisible();
    await expect(editor.progress).toBeVisible();
    await expect(editor.progress).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 2, name: 'Sent' })).toBeVisible();
    await expect(page.getByText('3 of 3 sent')).toBeVisible();
    // Every delivery was confirmed: no "Unknown" or "Delivery not confirmed" count to puzzle over.
    await expect(page.getByText('Unknown', { exact: true })).toHaveCount(0);
    await expect(page.getByText(UNCONFIRMED_DELIVERY_LABEL)).toHaveCount(0);

    // Each subscriber's mail is filled in for them; someone without a name reads the fallback.
    const mail = await inbox.message(ada!);
    expect(mail.html).toContain('Hello Ada, here is the news.');
    expect((await inbox.message(nameless!)).html).toContain('Hello there, here is the news.');

    // The list shows it as sent, with its report a click away.
    await page.getByRole('link', { name: '← Campaigns' }).click();
    const row = list.row('November news');
    await expect(row.getByRole('cell').nth(1)).toHaveText(/^Sent3 of 3 sent100%/);
    await expect(row.getByRole('link', { name: 'Report of November news' })).toHaveAttribute('href', `/dashboard/reports/${id}`);

    // The mail's link goes through the click-tracking redirect, and the click is in the report.
    const tracked = /href="([^"]+\/t\/c\/[^"]+)"/.exec(mail.html)?.[1]?.replace(/&amp;/g, '&');
    expect(tracked, 'a click-tracking link in the mail').toBeTruthy();
    // Opened as the reader's browser would (its user agent), stopping at the redirect: the target
    // is not on this machine's network.
    const click = await page.request.get(tracked!, { maxRedirects: 0 });
    expect(click.status()).toBe(302);
    expect(click.headers().location).toBe(READ_ON);
    await expect
      .poll(
        async () => {
          await page.goto(`/dashboard/reports/${id}`);
          return page.locator('.stat-card').filter({ hasText: 'Click rate' }).innerText();
        },
        { timeout: 15_000 },
      )
      .toContain('1 unique click');
  });

  test('a campaign without the postal address is stopped with a way to add it, then scheduled and unscheduled', async ({ page, request, baseURL, inbox }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'campaigns-schedule');
    const { list } = await api<{ list: { id: string } }>(page, 'POST', 'audience/v1/lists', { name: 'Weekly', double_opt_in: false });
    const label = randomUUID().slice(0, 8);
    await addSubscribersByApi(page, [{ email: `ada-${label}@example.com`, first_name: 'Ada', list_ids: [list.id] }]);
    const sender = `news-${label}@lark.example`;
    await confirmSender(page, inbox, sender);
    const editor = campaignEditor(page);

    await page.goto(`${CAMPAIGNS}/new`);
    await editor.template('Announcement').click();
    await expect(editor.name).toHaveValue('Announcement');
    await expect(editor.subject).toHaveValue('Something new for you');
    await editor.fromName.fill('Lark Letters');
    await editor.fromEmail.selectOption(sender);
    await editor.list('Weekly').check();
    await editor.sendNow.click();
    await editor.sendDialog.send.click();
    await expect(editor.sendDialog.root.getByRole('alert')).toHaveText(CAMPAIGN_MESSAGES.postalAddressRequired);
    await editor.sendDialog.root.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('link', { name: 'Add your postal address' })).toHaveAttribute('href', '/dashboard/profile?tab=contact');
    await expect(page).toHaveURL((url) => /^\/dashboard\/campaigns\/[0-9a-f-]{36}$/.test(url.pathname));

    const { customer_id: customerId } = await api<{ customer_id: string }>(page, 'GET', 'authentication/v1/session');
    await api(page, 'PUT', `home/v1/user/${customerId}/contact`, CONTACT);
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule campaign' });
    await dialog.getByLabel('Date and time').fill('2030-01-15T09:00');
    await dialog.getByRole('combobox', { name: 'Timezone' }).selectOption('Europe/Paris');
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await expect(toast(page, CAMPAIGN_MESSAGES.scheduled)).toBeVisible();
    await expect(page.getByText('Goes out 15 Jan 2030, 09:00 (Europe/Paris)')).toBeVisible();
    await page.getByRole('link', { name: '← Campaigns' }).click();
    await expect(campaignsPage(page).row('Announcement').getByRole('cell').nth(1)).toHaveText('Scheduled15 Jan 2030, 09:00 (Europe/Paris)');
    await campaignsPage(page).row('Announcement').getByRole('link', { name: 'Edit Announcement' }).click();
    await page.getByRole('button', { name: 'Unschedule' }).click();
    await expect(toast(page, CAMPAIGN_MESSAGES.unscheduled)).toBeVisible();
    await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  });

  test('unsaved changes ask before a link leaves the editor, and nothing is lost when the answer is no', async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'campaigns-unsaved');
    const editor = campaignEditor(page);
    const reports = dashboardShell(page).sidebar.getByRole('link', { name: 'Reports' });
    await page.goto(`${CAMPAIGNS}/new`);
    await editor.template('Announcement').click();
    await editor.name.fill('Spring letter');

    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await reports.click();
    await expect.poll(() => asked).toEqual(['This campaign has unsaved changes. Leave without saving them?']);
    await expect(page).toHaveURL((url) => url.pathname === `${CAMPAIGNS}/new`);
    await expect(editor.name).toHaveValue('Spring letter');

    // Saved, nothing is asked.
    await editor.save.click();
    await expect(page.getByText('All changes saved')).toBeVisible();
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    await reports.click();
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard/reports');
    expect(asked).toHaveLength(1);
  });

  test('a key typed right after choosing a merge tag lands in the text, however slowly the page draws', async ({ page, request, baseURL, inbox }) => {
    // A busy machine draws late: animation frames come a quarter of a second after they are asked for.
    await page.addInitScript(() => {
      window.requestAnimationFrame = (callback) => window.setTimeout(() => callback(performance.now()), 250);
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'campaigns-merge-tag-typing');
    const editor = campaignEditor(page);
    await page.goto(`${CAMPAIGNS}/new`);
    await editor.blank.click();
    await editor.content.click();
    await page.keyboard.type('Dear ');
    await editor.mergeTag.click();
    await page.getByRole('menuitem', { name: /^First name, or “there”/ }).click();
    await page.keyboard.type(', welcome.');
    await expect(editor.content).toHaveText('Dear {{ first_name | default: "there" }}, welcome.');
  });

  test('the editor fits a phone without sideways scrolling', async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'campaigns-phone');
    await page.goto(`${CAMPAIGNS}/new`);
    const editor = campaignEditor(page);
    await editor.template('Newsletter').click();
    await expect(editor.content.getByRole('heading', { name: 'This week at a glance' })).toBeVisible();
    await expect(editor.name).toHaveValue('Newsletter');
    await page.getByRole('button', { name: 'Phone' }).click();
    await expect(editor.preview.getByText('This week at a glance')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });

  test('the desktop preview draws the email at a desktop inbox width, scaled to fit the panel and saying so', async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'campaigns-preview');
    await page.goto(`${CAMPAIGNS}/new`);
    const editor = campaignEditor(page);
    await editor.template('Newsletter').click();
    await expect(editor.preview.getByText('This week at a glance')).toBeVisible();
    // Inside the frame the email lays out at 680 px, its 600 px column whole.
    const frameWidth = await editor.preview.locator('html').evaluate((root) => root.clientWidth);
    expect(frameWidth).toBe(680);
    // The message's column (the layout's 600 px section) is drawn at its full width inside the frame.
    const column = await editor.preview.getByText('This week at a glance').evaluate((heading) => heading.closest('[style*="max-width:600px"]')?.getBoundingClientRect().width ?? 0);
    expect(column).toBe(600);
    // The panel is narrower than that here: the note gives the scale the frame is drawn at.
    const note = page.getByText(/^Shown at \d+% of its real size: a desktop inbox gives it 680 px/);
    await expect(note).toBeVisible();
    const percent = Number(/^Shown at (\d{1,3})%/.exec((await note.textContent())!)![1]);
    expect(percent).toBeLessThan(100);
    const drawn = await page.locator('iframe[title="Email preview (desktop)"]').evaluate((frame) => frame.getBoundingClientRect().width);
    expect(Math.round(drawn)).toBe(Math.round((680 * percent) / 100));
  });

  test('a test starts addressed to the customer, with their only seed list chosen', async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const customer = await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'campaigns-test-default');
    const response = await page.request.post('/api/campaigns/v1/seed-lists', { data: { name: 'Inboxes', emails: [customer.email] } });
    expect(response.status(), await response.text()).toBe(201);
    await page.goto(`${CAMPAIGNS}/new`);
    const editor = campaignEditor(page);
    await editor.template('Plain letter').click();
    await editor.test.click();
    await expect(editor.testDialog.to).toHaveValue(customer.email.toLowerCase());
    await expect(editor.testDialog.root.getByRole('combobox', { name: 'Seed list' })).toHaveValue(/^[0-9a-f-]{36}$/);
    await expect(editor.testDialog.root.getByRole('combobox', { name: 'Seed list' }).locator('option:checked')).toHaveText('Inboxes (1 address)');
  });
});
