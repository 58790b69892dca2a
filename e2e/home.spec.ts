import type { Page } from '@playwright/test';
import { campaignPath, reportPath, ROUTES } from '@postlark/shared/routes';
import { addSubscribersByApi } from './support/audience-pages';
import { brevoTest as test } from './support/brevo';
import { signedInCustomer } from './support/customer-area';
import { expect } from './support/fixtures';
import { seededAccount } from './support/seeded-account';
import { confirmSender } from './support/senders';

// Issue 23 item 4: Home shows the account at a glance against the real server. The get-started
// steps change as a platform is connected (a local Brevo fake), the postal address completed and a
// first campaign sent, then leave; the audience chart and its table give the same numbers; a
// scheduled campaign is listed with a link to it.

const CONTACT = { street_address: '1 Lark Lane', city: 'Leeds', state: '', company: 'Lark Letters Ltd', postal_code: 'LS1 4AP', country: 'United Kingdom', phone: '', vat_id: '' };

async function api<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`/api/${path}`, { method, data });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { payload: T }).payload;
}

function home(page: Page) {
  const steps = page.getByRole('region', { name: 'Get started in three steps' });
  return {
    steps,
    step: (title: string) => steps.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) }),
    audience: page.getByRole('region', { name: 'Audience' }),
    last: page.getByRole('region', { name: 'Last campaign' }),
    scheduled: page.getByRole('region', { name: 'Scheduled' }),
  };
}

test('Home: the steps follow the account, the audience as a chart and a table, what is scheduled, the last campaign', async ({ page, request, baseURL, inbox, brevo }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'home', { first_name: 'Ada' });
  const view = home(page);

  // A new account: only Sign Up is done; each empty card says what to do next.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Ada');
  await expect(view.steps.getByText('1 of 3 done')).toBeVisible();
  await expect(view.step('Sign Up')).toContainText('Done');
  await expect(view.step('Customize')).toContainText('To do');
  // Postlark sends by itself: a confirmed sender sets the sending up, another platform is an option.
  await expect(view.step('Customize').getByRole('link', { name: 'Confirm the address you send from' })).toHaveAttribute('href', ROUTES.senders);
  await expect(view.step('Customize').getByRole('link', { name: 'Connect another email platform (optional)' })).toHaveAttribute('href', ROUTES.platformIntegration);
  await expect(page.getByRole('region', { name: 'Welcome, Ada' }).getByRole('link')).toHaveText('Confirm a sender address');
  await expect(view.step('Customize').getByRole('link', { name: 'Add your street address, city and postal code to your contact information' })).toHaveAttribute(
    'href',
    `${ROUTES.profile}?tab=contact`,
  );
  await expect(view.step('Send & Shine')).toContainText('To do');
  await expect(view.audience.getByText('No subscribers yet')).toBeVisible();
  await expect(view.last.getByText('No campaign sent yet')).toBeVisible();
  await expect(view.last.getByRole('link', { name: 'Write a campaign' })).toHaveAttribute('href', ROUTES.newCampaign);
  await expect(view.scheduled.getByText(/Nothing is scheduled/)).toBeVisible();

  // The postal address, then Brevo connected: Customize is done.
  const { customer_id: customerId } = await api<{ customer_id: string }>(page, 'GET', 'authentication/v1/session');
  await api(page, 'PUT', `home/v1/user/${customerId}/contact`, CONTACT);
  await page.reload();
  await expect(view.step('Customize').getByText('Postal address complete')).toBeVisible();
  await expect(view.step('Customize')).toContainText('To do');
  await api(page, 'POST', 'home/v1/integrations', { platform: 'brevo', secret: brevo.apiKey });
  await page.reload();
  await expect(view.step('Customize').getByText('Connected: Brevo')).toBeVisible();
  await expect(view.step('Customize')).toContainText('Done');
  await expect(view.steps.getByText('2 of 3 done')).toBeVisible();
  // The hero's button waits for the overview: a set-up account is not first told to connect a platform.
  const hero = page.getByRole('region', { name: 'Welcome, Ada' });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/home/v1/overview', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Ada');
  await expect(hero.getByRole('link')).toHaveCount(0);
  release();
  await expect(hero.getByRole('link')).toHaveAttribute('href', ROUTES.newCampaign);
  await page.unroute('**/api/home/v1/overview');

  // Three subscribers joined today: the chart says so, and so does its table.
  const { list } = await api<{ list: { id: string } }>(page, 'POST', 'audience/v1/lists', { name: 'Weekly', double_opt_in: false });
  const people = ['ada', 'grace', 'linus'].map((name) => ({ email: `${name}-${customerId.slice(0, 8)}@example.com`, first_name: name, list_ids: [list.id] }));
  await addSubscribersByApi(page, people);
  await page.reload();
  await expect(view.audience.getByRole('definition').first()).toHaveText('3');
  await expect(view.audience.getByRole('img', { name: /^Audience over the last 30 days: 0 on .*, 3 on / })).toBeVisible();
  await view.audience.getByRole('button', { name: 'Table' }).click();
  const table = view.audience.getByRole('table', { name: 'Audience by day, last 30 days' });
  await expect(table.getByRole('row')).toHaveCount(31);
  await expect(table.getByRole('row').nth(1).getByRole('cell')).toHaveText(['3', '+3', '0']);
  await expect(table.getByRole('row').nth(2).getByRole('cell')).toHaveText(['0', '0', '0']);

  // A campaign scheduled for later is listed, linking to it.
  await confirmSender(page, inbox, `news-${customerId.slice(0, 8)}@lark.example`);
  const campaign = (name: string) => ({
    name,
    subject: `${name} is here`,
    preheader: '',
    from_name: 'Lark Letters',
    from_email: `news-${customerId.slice(0, 8)}@lark.example`,
    reply_to: '',
    content_html: '<p>Hello {{ first_name | default: "there" }}</p>',
    audience: { list_ids: [list.id] },
  });
  const { campaign: planned } = await api<{ campaign: { id: string } }>(page, 'POST', 'campaigns/v1/campaigns', campaign('January letter'));
  await api(page, 'POST', `campaigns/v1/campaigns/${planned.id}/schedule`, { send_at: '2030-01-15T09:00', timezone: 'UTC' });
  await page.reload();
  await expect(view.scheduled.getByRole('link', { name: 'January letter' })).toHaveAttribute('href', campaignPath(planned.id));

  // The first campaign goes out: every step is done, so the steps leave; its results show beside the average.
  const { campaign: sent } = await api<{ campaign: { id: string } }>(page, 'POST', 'campaigns/v1/campaigns', campaign('December letter'));
  await api(page, 'POST', `campaigns/v1/campaigns/${sent.id}/send`);
  await expect(async () => {
    await page.reload();
    await expect(view.last.getByRole('link', { name: 'December letter' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(view.steps).toHaveCount(0);
  await expect(view.last.getByRole('link', { name: 'December letter' })).toHaveAttribute('href', reportPath(sent.id));
  const results = view.last.getByRole('table');
  await expect(results.getByRole('row', { name: /^Sent/ }).getByRole('cell')).toHaveText(['3', '3']);
  await expect(results.getByRole('row', { name: /^Open rate/ }).getByRole('cell')).toHaveText(['0.0%', '0.0%']);
});

// Issue 38, point 4: Postlark is the customer's email platform. Once it has sent a campaign from a
// confirmed sender, nothing asks to connect another platform: the steps are done and leave.
test('Home after Postlark sent the first campaign: Customize is done without a platform, the main button writes a campaign', async ({ page, request, baseURL, inbox }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const view = home(page);
  const seeded = await seededAccount(page, { request, baseURL: baseURL!, inbox });

  // A sender confirmed and the address complete, no platform connected, nothing sent yet.
  await page.goto(ROUTES.dashboard);
  await expect(view.step('Customize')).toContainText('Done');
  await expect(view.step('Customize').getByText('Sender address confirmed')).toBeVisible();
  await expect(view.steps.getByText('2 of 3 done')).toBeVisible();
  const hero = page.getByRole('region', { name: /^Welcome/ });
  await expect(hero.getByRole('link')).toHaveText('Write your first campaign');
  await expect(hero.getByRole('link')).toHaveAttribute('href', ROUTES.newCampaign);

  // The campaign goes out through Postlark.
  expect((await page.request.post(`/api/campaigns/v1/campaigns/${seeded.sentCampaignId}/send`)).ok()).toBe(true);
  await expect(async () => {
    await page.reload();
    await expect(view.last.getByRole('link', { name: 'November news' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(view.steps).toHaveCount(0);
  await expect(hero.getByRole('link')).toHaveText('Write a campaign');
  await expect(page.getByText(/Connect (a|an|the) (email )?platform/)).toHaveCount(0);
});
