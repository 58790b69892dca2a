import { FORM_MESSAGES } from '@postlark/shared/forms';
import { signedInCustomer } from './support/customer-area';
import { expect, relayTest } from './support/fixtures';
import { confirmSender } from './support/senders';

// Issue 5, point 5: a person subscribes through a customer's hosted form, confirms through the
// link in the mail (a real SMTP server on loopback), and a snippet on another site works too.

relayTest.describe('sign-up forms', () => {
  relayTest('subscribe on the hosted page, confirm from the email; the snippet posts to the same list', async ({ page, browser, request, baseURL, inbox }) => {
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'forms-owner', { first_name: 'Ada', last_name: 'Lovelace' });
    const api = page.request;
    const list = (await (await api.post('/api/audience/v1/lists', { data: { name: 'The Weekly Lark', double_opt_in: true } })).json()).payload.list;
    const created = await api.post('/api/audience/v1/forms', { data: { name: 'Site footer', list_id: list.id, title: 'Get the Weekly Lark', intro: 'One email every Sunday.' } });
    expect(created.status()).toBe(201);
    const form = (await created.json()).payload.form;
    const memberships = async (email: string) => {
      const found = (await (await api.get(`/api/audience/v1/subscribers?q=${encodeURIComponent(email)}`)).json()).payload.subscribers;
      if (found.length === 0) return [];
      const subscriber = (await (await api.get(`/api/audience/v1/subscribers/${found[0].id}`)).json()).payload;
      return subscriber.lists.map((membership: { list_name: string; status: string }) => `${membership.list_name}:${membership.status}`);
    };

    const visitor = await browser.newContext();
    try {
      const reader = await visitor.newPage();
      await reader.goto(form.hosted_url);
      await expect(reader.getByRole('heading', { name: 'Get the Weekly Lark' })).toBeVisible();
      await expect(reader.getByText('One email every Sunday.')).toBeVisible();
      await expect(reader.getByText('Ada Lovelace')).toBeVisible();
      await reader.getByRole('textbox', { name: 'Email' }).fill('not an address');
      await reader.getByRole('button', { name: 'Subscribe' }).click();
      await expect(reader.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
      await reader.getByRole('textbox', { name: 'Email' }).fill('sunday.reader@example.com');
      await reader.getByRole('textbox', { name: 'First name' }).fill('Sunny');
      await reader.getByRole('button', { name: 'Subscribe' }).click();
      await expect(reader.getByRole('status').filter({ hasText: FORM_MESSAGES.thanksConfirm })).toBeVisible();
      // The sign-up's work runs in a queued job, alike for everyone.
      await expect.poll(() => memberships('sunday.reader@example.com')).toEqual(['The Weekly Lark:unconfirmed']);

      const mail = await inbox.message('sunday.reader@example.com');
      expect(mail.subject).toBe('Confirm your subscription to The Weekly Lark');
      const link = new RegExp(`${baseURL}/confirm-subscription\\?token=[A-Za-z0-9_.%-]+`).exec(mail.text)?.[0];
      expect(link).toBeDefined();
      const response = await reader.goto(link!);
      expect(response?.headers()['referrer-policy']).toBe('no-referrer');
      // Opening the link, scripts and all (as some mail scanners do), confirms nothing: the person presses the button.
      await expect(reader.getByText(FORM_MESSAGES.confirmPrompt)).toBeVisible();
      await reader.waitForLoadState('networkidle');
      expect(await memberships('sunday.reader@example.com')).toEqual(['The Weekly Lark:unconfirmed']);
      await reader.getByRole('button', { name: FORM_MESSAGES.confirmButton }).click();
      await expect(reader.getByRole('status').filter({ hasText: FORM_MESSAGES.confirmed })).toContainText('The Weekly Lark from Ada Lovelace');
      expect(await memberships('sunday.reader@example.com')).toEqual(['The Weekly Lark:confirmed']);

      // The snippet, as it would sit on the customer's own site: a page that is not ours (our
      // pages' Content-Security-Policy does not govern it), posting across sites.
      await reader.goto('about:blank');
      await reader.setContent(`<!doctype html><title>Lark fans</title>${form.embed_html}`);
      await reader.getByRole('textbox', { name: 'Email' }).fill('snippet.reader@example.com');
      await reader.getByRole('button', { name: 'Subscribe' }).click();
      await expect(reader).toHaveURL(`${form.hosted_url}?signed_up=1`);
      await expect(reader.getByRole('status').filter({ hasText: FORM_MESSAGES.thanksConfirm })).toBeVisible();
      await expect.poll(() => memberships('snippet.reader@example.com')).toEqual(['The Weekly Lark:unconfirmed']);
    } finally {
      await visitor.close();
    }
  });

  // Issue 38, point 6: the reader signed up to the customer's list and has no account with us.
  relayTest('the confirmation comes from the sender the list names, in the customer’s name, and says why the reader gets it', async ({ page, request, baseURL, inbox }) => {
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'list-sender', { first_name: 'Ada', last_name: 'Lovelace' });
    const sender = `letters-${Date.now().toString(36)}@lark.example`;
    await confirmSender(page, inbox, sender);
    await page.goto('/dashboard/lists');
    await page.getByRole('button', { name: 'New list' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New list' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('The Weekly Lark');
    const group = dialog.getByRole('group', { name: 'Confirmation email' });
    await group.getByRole('textbox', { name: 'From name' }).fill('The Weekly Lark team');
    // The senders arrive after the dialog opens; until then the field is a plain text box.
    await group.getByRole('combobox', { name: 'From email' }).selectOption(sender);
    await dialog.getByRole('button', { name: 'Create list' }).click();
    await expect(dialog).toBeHidden();

    const list = (await (await page.request.get('/api/audience/v1/lists')).json()).payload.lists.find((each: { name: string }) => each.name === 'The Weekly Lark');
    expect(list).toMatchObject({ from_name: 'The Weekly Lark team', from_email: sender });
    const form = (await (await page.request.post('/api/audience/v1/forms', { data: { name: 'Footer', list_id: list.id, title: 'Get the Weekly Lark', intro: '' } })).json()).payload.form;
    const reader = await page.context().browser()!.newContext();
    try {
      const visit = await reader.newPage();
      await visit.goto(form.hosted_url);
      await visit.getByRole('textbox', { name: 'Email' }).fill('new.reader@example.com');
      await visit.getByRole('button', { name: 'Subscribe' }).click();
      await expect(visit.getByRole('status').filter({ hasText: FORM_MESSAGES.thanksConfirm })).toBeVisible();
    } finally {
      await reader.close();
    }
    const mail = await inbox.message('new.reader@example.com');
    expect(mail.from).toContain(`The Weekly Lark team`);
    expect(mail.from).toContain(`<${sender}>`);
    expect(mail.text).toContain('sign up to The Weekly Lark from Ada Lovelace');
    expect(mail.text).not.toContain('Postlark');
  });
});
