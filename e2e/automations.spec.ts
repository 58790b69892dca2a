import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { AUTOMATION_MESSAGES } from '@postlark/shared/automations-messages';
import { ROUTES } from '@postlark/shared/routes';
import { addSubscribersByApi } from './support/audience-pages';
import { dashboardShell, signedInCustomer } from './support/customer-area';
import { expect, relayTest as test, test as sharedServerTest } from './support/fixtures';
import { toast } from './support/page-helpers';
import { confirmSender } from './support/senders';

// Issue 19: the abandoned-cart flow built from its template in the builder, activated, started by
// a cart_updated event sent through the public API, its first email received by a real SMTP server
// on loopback, and the step counts on the canvas moving as the person goes through.

const CONTACT = { street_address: '1 Lark Lane', city: 'Leeds', state: '', company: 'Lark Letters Ltd', postal_code: 'LS1 4AP', country: 'United Kingdom', phone: '', vat_id: '' };
// The engine looks for due steps every half second; the shortest wait the API accepts is a minute.
const FIRST_EMAIL_TIMEOUT_MS = 120_000;

async function api<T>(page: Page, method: 'GET' | 'PUT', path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`/api/${path}`, { method, data });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { payload: T }).payload;
}

/** A step's card on the canvas, found by the name its button gives it. */
function card(page: Page, name: RegExp) {
  return page.locator('.step-card').filter({ has: page.getByRole('button', { name }) });
}

/** One figure on a card ("Entered", "Sent"...), as the card's description list shows it. */
function figure(stepCard: ReturnType<typeof card>, label: string) {
  return stepCard.locator('.step-card__stat').filter({ has: stepCard.page().getByText(label, { exact: true }) }).locator('dd');
}

test.describe('automations', () => {
  test('the abandoned-cart flow from its template: activated, started by an API event, its email received and the counts moving', async ({ page, request, baseURL, inbox, smtp }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const customer = await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'automations');
    const label = randomUUID().slice(0, 8);
    const { customer_id: customerId } = await api<{ customer_id: string }>(page, 'GET', 'authentication/v1/session');
    await api(page, 'PUT', `home/v1/user/${customerId}/contact`, CONTACT);
    const sender = `shop-${label}@lark.example`;
    await confirmSender(page, inbox, sender);
    // The shopper is a subscriber who gave consent: a profile known only from events is never mailed.
    const shopper = `shopper-${label}@example.com`;
    const browser = `browser-${label}@example.com`;
    await addSubscribersByApi(page, [
      { email: shopper, first_name: 'Ada' },
      { email: browser, first_name: 'Grace' },
    ]);
    const created = await page.request.post('/api/home/v1/api-keys', { data: { name: 'Shop', current_password: customer.password } });
    expect(created.status(), await created.text()).toBe(201);
    const key = ((await created.json()) as { payload: { key: string } }).payload.key;
    const sendEvent = async (email: string, id: string) => {
      const sent = await request.post('/api/v1/events', {
        headers: { authorization: `Bearer ${key}` },
        data: { events: [{ name: 'cart_updated', email, id, properties: { cart_id: id, value: 42 } }] },
      });
      expect(sent.status(), await sent.text()).toBe(202);
      expect(((await sent.json()) as { payload: unknown }).payload).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
    };
    // Grace filled a cart before any flow was live: she is only ever tried, never mailed.
    await sendEvent(browser, `cart-grace-${label}`);

    // The sidebar's Automations item opens the page; a first visit offers the starter flows.
    const shell = dashboardShell(page);
    await shell.sidebar.getByRole('link', { name: 'Automations' }).click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.automations);
    await expect(page.getByRole('heading', { level: 1, name: 'Automations' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No flows yet' })).toBeVisible();
    await page.getByRole('button', { name: /^Abandoned cart/ }).click();
    await expect(toast(page, AUTOMATION_MESSAGES.created)).toBeVisible();
    await expect(page).toHaveURL((url) => /^\/dashboard\/automations\/[0-9a-f-]{36}$/.test(url.pathname));

    // The template on the canvas: the trigger, then wait, email, wait, email.
    await expect(page.getByRole('button', { name: 'Trigger: When cart_updated happens. Edit trigger' })).toBeVisible();
    const firstWait = card(page, /^Wait 1 hour\. Edit step$/);
    await expect(firstWait).toBeVisible();
    await expect(card(page, /^Reminder: You left something behind\. Edit step$/)).toBeVisible();
    await expect(card(page, /^Wait 1 day\. Edit step$/)).toBeVisible();
    await expect(card(page, /^Last call: /)).toBeVisible();

    // The starter's emails still have the template's words: activating asks first (issue 38,
    // point 10). Going ahead before the emails have a sender names what is missing, beside the step.
    await page.getByRole('button', { name: 'Activate' }).click();
    const askFirst = page.getByRole('dialog', { name: 'Activate with the starter text?' });
    await expect(askFirst).toContainText("These emails still have the template's words or example.com links, and readers would get them as written: Reminder, Last call.");
    await askFirst.getByRole('button', { name: 'Activate anyway' }).click();
    await expect(toast(page, AUTOMATION_MESSAGES.fromRequired)).toBeVisible();
    await expect(card(page, /^Reminder: /).getByText(AUTOMATION_MESSAGES.fromRequired)).toBeVisible();
    await expect(page.getByText('Draft', { exact: true })).toBeVisible();

    // The first wait shortened to the shortest the API accepts, in the step's side panel.
    await firstWait.getByRole('button').click();
    // The panel is named after the step, which the change renames: found as the one dialog.
    let panel = page.getByRole('dialog');
    await panel.getByRole('spinbutton', { name: 'How long: amount' }).fill('1');
    await panel.getByRole('combobox', { name: 'How long: unit' }).selectOption('minutes');
    await panel.getByRole('button', { name: 'Done' }).click();
    await expect(panel).toBeHidden();
    const shortWait = card(page, /^Wait 1 minute\. Edit step$/);
    await expect(shortWait).toBeVisible();

    // Each email gets its sender: a confirmed address, as in the campaign editor.
    for (const name of ['Reminder', 'Last call']) {
      await card(page, new RegExp(`^${name}: `)).getByRole('button').click();
      panel = page.getByRole('dialog', { name });
      await panel.getByRole('textbox', { name: 'From name' }).fill('Lark Shop');
      await panel.getByRole('combobox', { name: 'From email' }).selectOption(sender);
      if (name === 'Reminder') {
        // A misspelt merge tag is pointed out in the panel, as the campaign editor does.
        const subject = panel.getByRole('textbox', { name: 'Subject line' });
        await subject.fill('You left something behind, {{ frist_name }}');
        await expect(panel.getByRole('list', { name: 'Merge tag problems' })).toContainText('Subject: Unknown merge tag "frist_name"');
        await subject.fill('You left something behind');
        await expect(panel.getByRole('list', { name: 'Merge tag problems' })).toHaveCount(0);
      }
      await expect(panel.getByRole('textbox', { name: 'Content' })).toContainText(name === 'Reminder' ? 'Still thinking it over?' : 'Last call');
      await expect(panel.getByText(/^This email still has the starter template’s words/)).toBeVisible();
      await panel.getByRole('button', { name: 'Done' }).click();
      await expect(panel).toBeHidden();
    }

    // Quiet hours would hold the email if the test ran at night (UTC): the rule is turned off.
    await page.getByRole('button', { name: 'Edit rules' }).click();
    panel = page.getByRole('dialog', { name: 'Flow rules' });
    await panel.getByRole('checkbox', { name: /Hold emails at night/ }).uncheck();
    await panel.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('region', { name: 'Flow rules' })).toContainText('No quiet hours');
    await expect(page.getByText('Unsaved changes')).toBeVisible();

    await page.getByRole('button', { name: 'Save and activate' }).click();
    await askFirst.getByRole('button', { name: 'Activate anyway' }).click();
    await expect(toast(page, AUTOMATION_MESSAGES.activated)).toBeVisible();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    await expect(page.getByText('Version 2')).toBeVisible();
    await expect(page.getByText('All changes saved')).toBeVisible();
    await expect(card(page, /^Reminder: /).getByText(AUTOMATION_MESSAGES.fromRequired)).toHaveCount(0);

    // "Test with a person": Grace's past cart event, tried against the live flow, shows her path and why.
    await page.getByRole('button', { name: 'Test with a person' }).click();
    panel = page.getByRole('dialog', { name: 'Test with a person' });
    await panel.getByRole('textbox', { name: 'Find a subscriber' }).fill(browser);
    await panel.getByRole('button', { name: 'Search' }).click();
    await panel.getByRole('radio', { name: new RegExp(`^${browser}`) }).check();
    await panel.getByRole('radio', { name: /^cart_updated / }).check();
    await panel.getByRole('button', { name: 'Run the test' }).click();
    const result = panel.getByRole('region', { name: 'Test result' });
    await expect(result).toContainText('Would enter the flow.');
    await expect(result).toContainText('cart_updated at');
    const path = result.getByRole('listitem');
    await expect(path).toHaveCount(4);
    await expect(path.nth(0)).toContainText('Wait 1 minute');
    await expect(path.nth(1)).toContainText(`Would send "You left something behind" to ${browser}.`);
    await expect(path.nth(2)).toContainText('Wait 1 day');
    await expect(path.nth(3)).toContainText('Last call');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    // The shop tells us Ada's cart changed, through the public API with an API key.
    await sendEvent(shopper, `cart-ada-${label}`);

    // The person enters and waits at the first step: the card counts them.
    await expect(figure(shortWait, 'Entered')).toHaveText('1', { timeout: 30_000 });
    await expect(figure(shortWait, 'Waiting')).toHaveText('1');
    await expect(page.getByText('1 in it now · 1 entered')).toBeVisible();

    // A minute on, the reminder arrives through SMTP, from the chosen sender, filled in for them.
    const mail = await smtp.waitForMessage(shopper, { timeoutMs: FIRST_EMAIL_TIMEOUT_MS });
    expect(mail.subject).toBe('You left something behind');
    expect(mail.from).toContain(sender);
    expect(mail.html).toContain('Still thinking it over?');
    expect(mail.html).toContain('1 Lark Lane');

    // The counts move on: the wait is done, the reminder sent, and the person waits a day for the last call.
    const reminder = card(page, /^Reminder: /);
    await expect(figure(reminder, 'Sent')).toHaveText('1', { timeout: 15_000 });
    await expect(figure(shortWait, 'Completed')).toHaveText('1');
    await expect(figure(shortWait, 'Waiting')).toHaveText('0');
    await expect(figure(card(page, /^Wait 1 day\. Edit step$/), 'Waiting')).toHaveText('1');
    await expect(figure(card(page, /^Last call: /), 'Sent')).toHaveText('0');
    // The same figures in the table screen readers read.
    const row = page.getByRole('table', { name: 'Step counts' }).getByRole('row', { name: /^Reminder/ });
    await expect(row.getByRole('cell').nth(4)).toHaveText('1');
    expect(smtp.messagesTo(shopper)).toHaveLength(1);
    // The test sent nothing.
    expect(smtp.messagesTo(browser)).toHaveLength(0);
    // Below the canvas, the person: in the flow, waiting a day for the last call.
    const person = page.getByRole('table', { name: 'People in this flow' }).getByRole('row', { name: new RegExp(shopper) });
    await expect(person.getByRole('cell').nth(1)).toHaveText('In the flow');
    await expect(person.getByRole('cell').nth(2)).toHaveText(/^Wait 1 day: waiting until /);

    // Every save is a version; the first (the template as it came) can be loaded back into the editor.
    await page.getByRole('button', { name: 'History' }).click();
    panel = page.getByRole('dialog', { name: 'Version history' });
    await expect(panel.getByRole('listitem')).toHaveCount(2);
    await expect(panel.getByRole('listitem').first()).toContainText('Version 2 (current)');
    await panel.getByRole('button', { name: 'Load version 1' }).click();
    await expect(toast(page, 'Version 1 is in the editor. Save to make it the newest version.')).toBeVisible();
    await expect(card(page, /^Wait 1 hour\. Edit step$/)).toBeVisible();
    await expect(page.getByText('Unsaved changes')).toBeVisible();

    // The list shows the flow as live with its person and email (leaving asks first: the loaded version is not saved).
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('link', { name: '← Automations' }).click();
    const listed = page.getByRole('row', { name: /Abandoned cart/ });
    await expect(listed.getByText('Active', { exact: true })).toBeVisible();
    await expect(listed.getByRole('cell').nth(3)).toHaveText('1');
  });
});

sharedServerTest.describe('the flow builder', () => {
  sharedServerTest('a blank flow: a trigger, a split by keyboard, a step on each path, one dragged from the palette, saved; removing the split takes its other path', async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'flow-builder');
    await page.goto(ROUTES.automations);
    await page.getByRole('button', { name: /^Blank flow/ }).click();
    await expect(toast(page, AUTOMATION_MESSAGES.created)).toBeVisible();
    await page.getByRole('textbox', { name: 'Flow name' }).fill('VIP welcome');

    // The trigger, in its panel.
    await page.getByRole('button', { name: /^Trigger: .*Edit trigger$/ }).click();
    let panel = page.getByRole('dialog', { name: 'Trigger' });
    await panel.getByRole('combobox', { name: 'Starts when' }).selectOption({ label: 'An event' });
    await panel.getByRole('textbox', { name: 'Event name' }).fill('vip_joined');
    await panel.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('button', { name: 'Trigger: When vip_joined happens. Edit trigger' })).toBeVisible();

    // The "+" under the trigger, by keyboard: a split, whose two paths appear side by side.
    await page.getByRole('button', { name: 'Add the first step after the trigger' }).focus();
    await page.keyboard.press('Enter');
    let choose = page.getByRole('dialog', { name: 'Add a step' });
    await choose.getByRole('button', { name: 'Split' }).focus();
    await page.keyboard.press('Enter');
    panel = page.getByRole('dialog', { name: 'Split' });
    await expect(panel.getByRole('combobox', { name: 'People go along “Yes” when they match' })).toHaveValue('all');
    await panel.getByRole('button', { name: 'Done' }).click();
    const paths = page.getByRole('group', { name: 'Paths after Split' });
    await expect(paths.getByText('Yes', { exact: true })).toBeVisible();
    await expect(paths.getByText('No', { exact: true })).toBeVisible();

    // An exit only where a path ends; an email on "No", an exit on "Yes".
    await paths.getByRole('button', { name: 'Add a step on the “No” path of Split' }).click();
    choose = page.getByRole('dialog', { name: 'Add a step' });
    await choose.getByRole('button', { name: 'Send email' }).click();
    // Named after the step, which the name changes: the one dialog.
    panel = page.getByRole('dialog');
    await expect(panel).toHaveAccessibleName('Send email');
    await panel.getByRole('textbox', { name: 'Step name' }).fill('Not yet VIP');
    await expect(panel).toHaveAccessibleName('Not yet VIP');
    await panel.getByRole('button', { name: 'Done' }).click();
    await paths.getByRole('button', { name: 'Add a step on the “Yes” path of Split' }).click();
    await page.getByRole('dialog', { name: 'Add a step' }).getByRole('button', { name: 'Exit' }).click();
    await page.getByRole('dialog', { name: 'Exit' }).getByRole('button', { name: 'Done' }).click();
    await expect(paths.getByRole('button', { name: /^Exit/ })).toBeVisible();
    await expect(paths.getByRole('button', { name: /^Not yet VIP/ })).toBeVisible();
    await page.getByRole('button', { name: 'Add a step after Not yet VIP' }).click();
    await expect(page.getByRole('dialog', { name: 'Add a step' }).getByRole('button', { name: 'Exit' })).toBeEnabled();
    await page.keyboard.press('Escape');
    // A step dragged from the palette onto a "+" lands there and opens.
    await page.locator('.step-palette__item', { hasText: 'Update person' }).dragTo(page.getByRole('button', { name: 'Add a step after Not yet VIP' }));
    await page.getByRole('dialog', { name: 'Update person' }).getByRole('button', { name: 'Done' }).click();
    await expect(paths.getByRole('button', { name: /^Update person/ })).toBeVisible();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, AUTOMATION_MESSAGES.saved)).toBeVisible();
    await expect(page.getByText('Version 2')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Step counts' }).getByRole('rowheader')).toHaveText(['Split', 'Exit', 'Not yet VIP', 'Update person']);

    // Removing the split keeps its "Yes" path; the email only "No" reached goes with it, once confirmed.
    await page.getByRole('button', { name: /^Split: .*Edit step$/ }).click();
    await page.getByRole('dialog', { name: 'Split' }).getByRole('button', { name: 'Remove step' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove “Split”?' });
    await expect(confirm).toContainText('Its other path goes with it: Not yet VIP, Update person.');
    await confirm.getByRole('button', { name: 'Remove steps' }).click();
    await expect(page.getByRole('group', { name: 'Paths after Split' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Not yet VIP/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Exit/ })).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, AUTOMATION_MESSAGES.saved).last()).toBeVisible();
    await expect(page.getByText('Version 3')).toBeVisible();

    // The list shows it as a draft, named and triggered as set.
    await page.getByRole('link', { name: '← Automations' }).click();
    const row = page.getByRole('row', { name: /VIP welcome/ });
    await expect(row).toContainText('When vip_joined happens');
    await expect(row.getByText('Draft', { exact: true })).toBeVisible();

    // A draft can be deleted, once confirmed.
    await row.getByRole('button', { name: 'Delete VIP welcome' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete “VIP welcome”?' });
    await dialog.getByRole('button', { name: 'Delete flow' }).click();
    await expect(toast(page, AUTOMATION_MESSAGES.deleted)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No flows yet' })).toBeVisible();
  });

  sharedServerTest('a webhook step shows its signing secret once, when made, and never with the flow', async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'flow-webhook-secret');
    await page.goto(ROUTES.automations);
    await page.getByRole('button', { name: /^Blank flow/ }).click();
    await expect(toast(page, AUTOMATION_MESSAGES.created)).toBeVisible();
    await page.getByRole('button', { name: 'Add the first step after the trigger' }).click();
    await page.getByRole('dialog', { name: 'Add a step' }).getByRole('button', { name: 'Webhook' }).click();
    const panel = page.getByRole('dialog', { name: 'Webhook' });
    await expect(panel.getByRole('textbox', { name: 'New signing secret' })).toHaveCount(0);
    const made = page.waitForResponse((response) => response.url().endsWith('/api/automations/v1/webhook-secret'));
    await panel.getByRole('button', { name: 'Make a new signing secret' }).click();
    expect((await made).headers()['cache-control']).toBe('no-store');
    const secret = panel.getByRole('textbox', { name: 'New signing secret' });
    await expect(secret).toHaveValue(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await expect(panel.getByText('Copy it now: it is not shown again.')).toBeVisible();
    // The flow itself, as the builder reads it, carries no secret.
    const flowId = new URL(page.url()).pathname.split('/').at(-1)!;
    expect(await (await page.request.get(`/api/automations/v1/flows/${flowId}`)).text()).not.toContain('whsec_');
  });

  sharedServerTest('a new email step in a starter flow is From the account only confirmed sender', async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'automations-from');
    const sender = `news-${randomUUID().slice(0, 8)}@lark.example`;
    await confirmSender(page, inbox, sender);
    const created = await page.request.post('/api/automations/v1/flows', { data: { name: 'Welcome', template: 'welcome_series' } });
    expect(created.status(), await created.text()).toBe(201);
    const { flow } = ((await created.json()) as { payload: { flow: { id: string } } }).payload;
    await page.goto(`${ROUTES.automations}/${flow.id}`);
    // The starter's own emails name no sender; a step the customer adds takes the one they have.
    await page.getByRole('button', { name: 'Add a step after Our best' }).click();
    await page.getByRole('dialog', { name: 'Add a step' }).getByRole('button', { name: 'Send email' }).click();
    await expect(page.getByRole('dialog', { name: 'Send email' }).getByRole('combobox', { name: 'From email' })).toHaveValue(sender);
  });
});
