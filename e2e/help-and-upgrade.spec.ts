import type { Locator, Page } from '@playwright/test';
import { WAITLIST_MESSAGES } from '@postlark/shared/messages';
import { PLANS } from '@postlark/shared/plans';
import { ROUTES } from '@postlark/shared/routes';
import { HELP_MESSAGES } from '@postlark/shared/waitlist';
import { signedInCustomer } from './support/customer-area';
import { expectNoSeriousViolations } from './support/axe';
import { expect, isolatedTest, test } from './support/fixtures';
import { outboxInbox } from './support/mail';
import { toast } from './support/page-helpers';

// Issue 23, item 5: the top bar's Help (how-tos, the API documentation, a message that reaches
// the operators as a Contact submission) and the sidebar's Upgrade (the three plans, the account's
// Basic with the days left of its 7-day trial).

const HOW_TO = 'Import your audience';

/** Presses Tab until `target` has focus: the way a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${limit} presses of Tab did not reach the element`);
}

function helpParts(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Help' });
  return {
    button: page.getByRole('banner').getByRole('button', { name: 'Help' }),
    dialog,
    message: dialog.getByRole('textbox', { name: 'Your message' }),
    send: dialog.getByRole('button', { name: 'Send message' }),
  };
}

isolatedTest('Help by keyboard: a how-to, the API documentation, and a message stored as a Contact submission', async ({ page, request, baseURL, storedSubmissions }) => {
  const customer = await signedInCustomer(page, { request, baseURL: baseURL!, inbox: outboxInbox(request) }, 'help');
  const help = helpParts(page);

  await tabTo(page, help.button);
  await page.keyboard.press('Enter');
  await expect(help.dialog).toBeVisible();
  await expectNoSeriousViolations(page, 'the Help panel');

  // A how-to opens from the keyboard and leads to its page.
  // A <summary>: the disclosure's toggle, reached and opened like a button.
  const summary = help.dialog.locator('summary').filter({ hasText: HOW_TO });
  await tabTo(page, summary);
  await page.keyboard.press('Enter');
  await expect(help.dialog.getByText(/Open Subscribers › Import and choose a CSV file/)).toBeVisible();
  await expect(help.dialog.getByRole('link', { name: 'Open Import' })).toHaveAttribute('href', ROUTES.imports);

  // The API documentation opens in a tab of its own, served by the API.
  const docsLink = help.dialog.getByRole('link', { name: 'Open the API documentation' });
  const [docs] = await Promise.all([page.waitForEvent('popup'), docsLink.click()]);
  await expect(docs).toHaveURL((url) => url.pathname === '/api/docs');
  await expect(docs.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(docs.getByRole('link', { name: 'openapi.json' })).toBeVisible();
  await docs.close();

  // Escape closes the panel and gives focus back to Help.
  await page.bringToFront();
  await help.dialog.focus();
  await page.keyboard.press('Escape');
  await expect(help.dialog).toBeHidden();
  await expect(help.button).toBeFocused();

  // The message: an empty one is refused with its text; a failure keeps what was typed.
  await page.keyboard.press('Enter');
  await expect(help.dialog).toBeVisible();
  await help.send.click();
  await expect(help.dialog.getByText(HELP_MESSAGES.messageRequired)).toBeVisible();
  const text = 'How do I move my Mailchimp audience over?\nThanks!';
  await help.message.fill(text);
  await page.route('**/contact-message', (route) => route.fulfill({ status: 503, body: '' }));
  await help.send.click();
  await expect(toast(page, WAITLIST_MESSAGES.failed)).toBeVisible();
  await expect(help.message).toHaveValue(text);
  await page.unroute('**/contact-message');

  // Closing the panel keeps the draft too.
  await page.keyboard.press('Escape');
  await help.button.click();
  await expect(help.message).toHaveValue(text);

  await help.send.click();
  await expect(toast(page, HELP_MESSAGES.sent(customer.email))).toBeVisible();
  await expect(help.message).toHaveValue('');

  const stored = (await storedSubmissions()).filter((row) => row.status === 'Contact');
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ email: customer.email, message: text });
  expect(stored[0]?.customer_id).toMatch(/^[0-9a-f-]{36}$/);
});

test.describe('Upgrade', () => {
  test('shows the three plans, Basic marked as yours with 7 days left of the trial; the others Coming Soon', async ({ page, request, baseURL, inbox }) => {
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'upgrade');
    const upgrade = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Upgrade' });
    await upgrade.click();

    const dialog = page.getByRole('dialog', { name: 'Plans' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { level: 3 })).toHaveText(PLANS.map((plan) => plan.name));
    const basic = dialog.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Basic Plan' }) });
    await expect(basic.getByText('Your plan', { exact: true })).toBeVisible();
    await expect(basic.getByText('7 days left', { exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, 'the Upgrade plans');
    for (const plan of PLANS) {
      const card = dialog.getByRole('listitem').filter({ has: page.getByRole('heading', { name: plan.name }) });
      for (const feature of plan.features) await expect(card.getByText(feature, { exact: true })).toBeVisible();
      if (!plan.available) await expect(card.getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
    }
    await expect(dialog.getByText('Your plan', { exact: true })).toHaveCount(1);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(upgrade).toBeFocused();
  });

  test('on a phone, from the drawer', async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'upgrade-phone');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Upgrade' }).click();
    const dialog = page.getByRole('dialog', { name: 'Plans' });
    await expect(dialog.getByText('7 days left', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Coming Soon' })).toHaveCount(2);
  });
});
