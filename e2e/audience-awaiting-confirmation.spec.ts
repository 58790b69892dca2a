import { randomUUID } from 'node:crypto';
import { FORM_MESSAGES } from '@postlark/shared/forms';
import { ROUTES, subscriberPath } from '@postlark/shared/routes';
import { addSubscribersByApi, subscriberPage, subscribersPage } from './support/audience-pages';
import { signedInCustomer } from './support/customer-area';
import { expect, test } from './support/fixtures';

// Issue 38, point 14: a double opt-in sign-up who has not confirmed yet is neither counted as
// someone the customer can email on Home nor shown as active; Home, the table and the person's
// page read the same rule.

test('an unconfirmed double opt-in sign-up is not counted on Home and shows as awaiting confirmation', async ({ page, browser, request, baseURL, inbox }) => {
  test.setTimeout(90_000);
  const label = randomUUID().slice(0, 8);
  await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'awaiting');
  const list = (await (await page.request.post('/api/audience/v1/lists', { data: { name: 'The Weekly Lark', double_opt_in: true } })).json()).payload.list;
  const form = (await (await page.request.post('/api/audience/v1/forms', { data: { name: 'Footer', list_id: list.id, title: 'Get the Weekly Lark', intro: '' } })).json()).payload.form;
  // Two people the customer added (confirmed), one who signs up and does not confirm.
  await addSubscribersByApi(page, ['ada', 'grace'].map((name) => ({ email: `${name}-${label}@example.com`, first_name: name, list_ids: [list.id] })));
  const pending = `sunny-${label}@example.com`;
  const visitor = await browser.newContext();
  try {
    const reader = await visitor.newPage();
    await reader.goto(form.hosted_url);
    await reader.getByRole('textbox', { name: 'Email' }).fill(pending);
    await reader.getByRole('button', { name: 'Subscribe' }).click();
    await expect(reader.getByRole('status').filter({ hasText: FORM_MESSAGES.thanksConfirm })).toBeVisible();
  } finally {
    await visitor.close();
  }
  const table = subscribersPage(page);
  // The sign-up's work runs in a queued job.
  await expect
    .poll(async () => (await (await page.request.get(`/api/audience/v1/subscribers?q=${encodeURIComponent(pending)}`)).json()).payload.subscribers.length)
    .toBe(1);

  await page.goto(ROUTES.dashboard);
  const audience = page.getByRole('region', { name: 'Audience' });
  await expect(audience.getByRole('definition').first()).toHaveText('2');

  await page.goto(ROUTES.subscribers);
  const row = (email: string) => table.rows.filter({ hasText: email });
  await expect(row(pending)).toContainText('Awaiting confirmation');
  await expect(row(pending)).not.toContainText('Active');
  await expect(row(`ada-${label}@example.com`)).toContainText('Active');
  // The Status filter reads the same rule: Active leaves the unconfirmed sign-up out, and
  // Awaiting confirmation finds only them.
  await table.status.selectOption({ label: 'Active' });
  await expect(row(`grace-${label}@example.com`)).toBeVisible();
  await expect(table.rows).toHaveCount(2);
  await expect(row(pending)).toHaveCount(0);
  await table.status.selectOption({ label: 'Awaiting confirmation' });
  await expect(table.rows).toHaveCount(1);
  await expect(row(pending)).toBeVisible();

  const id = (await (await page.request.get(`/api/audience/v1/subscribers?q=${encodeURIComponent(pending)}`)).json()).payload.subscribers[0].id;
  await page.goto(subscriberPath(id));
  await expect(subscriberPage(page).details).toContainText('Awaiting confirmation');
});
