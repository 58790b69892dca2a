import type { Page } from '@playwright/test';
import { DELIVERABILITY_TEXTS } from '@postlark/shared/deliverability';
import { ROUTES } from '@postlark/shared/routes';
import { addSubscribersByApi } from './support/audience-pages';
import { expectNoSeriousViolations, expectSettled } from './support/axe';
import { dashboardShell, signedInCustomer } from './support/customer-area';
import { expect } from './support/fixtures';
import { DEAD_PREFIX, guardedTest as test } from './support/guarded-server';
import { confirmSender } from './support/senders';

// Issue 32, point 7, against the real server: a campaign to an imported list whose addresses
// partly do not exist (the relay refuses them) trips the hard-bounce rule, which pauses the
// account's sending. Home says so with a link to the Deliverability page; the page gives the
// reason, the day's figures by mailbox provider as charts with their tables, and lifts the pause.

const CONTACT = { street_address: '1 Lark Lane', city: 'Leeds', state: '', company: 'Lark Letters Ltd', postal_code: 'LS1 4AP', country: 'United Kingdom', phone: '', vat_id: '' };
// Ten readers at five providers; three addresses do not exist (two at Gmail, one at Microsoft).
const READERS = [
  `${DEAD_PREFIX}ada@gmail.com`,
  `${DEAD_PREFIX}alan@gmail.com`,
  'grace@gmail.com',
  'katherine@gmail.com',
  `${DEAD_PREFIX}tim@outlook.com`,
  'hedy@outlook.com',
  'linus@hotmail.com',
  'barbara@yahoo.com',
  'margaret@icloud.com',
  'edsger@example.org',
];
const CAMPAIGN = 'Imported list';
const REASON = DELIVERABILITY_TEXTS.pausedForHardBounces(CAMPAIGN, 3 / 10, 10);

async function api<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`/api/${path}`, { method, data });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { payload: T }).payload;
}

async function startCampaign(page: Page, name: string, sender: string, listId: string): Promise<string> {
  const { campaign } = await api<{ campaign: { id: string } }>(page, 'POST', 'campaigns/v1/campaigns', {
    name,
    subject: 'Hello again',
    from_name: 'Lark Letters',
    from_email: sender,
    reply_to: 'hello@lark.example',
    content_html: '<p>We have news.</p>',
    audience: { list_ids: [listId] },
  });
  await api(page, 'POST', `campaigns/v1/campaigns/${campaign.id}/send`);
  return campaign.id;
}

const campaignStatus = async (page: Page, id: string) => (await api<{ campaign: { status: string } }>(page, 'GET', `campaigns/v1/campaigns/${id}`)).campaign.status;

/** Today (UTC) as the page's tables write a day: "3 Dec". */
const today = () => new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** The row of `day` in the table a chart has beside it. */
function dayRow(page: Page, table: string, day: string) {
  return page.getByRole('region', { name: `${table}, scrollable` }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: day, exact: true }) });
}

test('a paused account: Home says so, the Deliverability page shows why and the day by provider, and resuming lifts it', async ({ page, request, baseURL, inbox, guardedServer }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'deliverability', { first_name: 'Ada' });
  const { customer_id: customerId } = await api<{ customer_id: string }>(page, 'GET', 'authentication/v1/session');
  await api(page, 'PUT', `home/v1/user/${customerId}/contact`, CONTACT);
  const sender = `news-${customerId.slice(0, 8)}@lark.example`;
  await confirmSender(page, inbox, sender);
  const { list } = await api<{ list: { id: string } }>(page, 'POST', 'audience/v1/lists', { name: 'Imported', description: '', double_opt_in: false });
  await addSubscribersByApi(page, READERS.map((email) => ({ email, list_ids: [list.id] })));

  const first = await startCampaign(page, CAMPAIGN, sender, list.id);
  await expect.poll(() => campaignStatus(page, first), { timeout: 30_000 }).toBe('sent');
  // A process judges an account at most once a minute, and this one judged it before the first
  // message: a new process judges the next campaign's turn at once.
  await guardedServer.restart();
  const second = await startCampaign(page, 'Next week', sender, list.id);
  await expect.poll(() => campaignStatus(page, second), { timeout: 30_000 }).toBe('paused');

  // Home: the reason and what to do next, above everything, with the way to the page.
  await page.goto(ROUTES.dashboard);
  const homeBanner = page.getByRole('region', { name: REASON });
  await expect(homeBanner).toContainText(DELIVERABILITY_TEXTS.nextSteps['hard-bounces']);
  await homeBanner.getByRole('link', { name: 'Open Deliverability' }).click();
  await expect(page).toHaveURL((url) => url.pathname === ROUTES.deliverability);
  await expect(dashboardShell(page).sidebar.getByRole('link', { name: 'Deliverability' })).toHaveAttribute('aria-current', 'page');

  // The page: the pause with its button, the limits, and today's figures in the charts' tables.
  const pause = page.getByRole('region', { name: REASON });
  await expect(pause.getByRole('heading', { level: 2, name: REASON })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sending limits' })).toContainText(DELIVERABILITY_TEXTS.warmUp(1, 1_000));
  await expect(page.getByRole('img', { name: /^Bounce rate per day, All providers, last 30 days: highest 30% on / })).toBeVisible();
  // Ten sent; the relay refused three as addresses that do not exist.
  await expect(dayRow(page, 'Bounce rate by day, All providers', today()).getByRole('cell')).toHaveText(['10', '3 (30%)', '0 (0%)']);
  await page.getByRole('group', { name: 'Mailbox provider' }).getByRole('button', { name: 'Gmail' }).click();
  await expect(dayRow(page, 'Bounce rate by day, Gmail', today()).getByRole('cell')).toHaveText(['4', '2 (50%)', '0 (0%)']);
  await expect(dayRow(page, 'Spam complaint rate by day, Gmail', today()).getByRole('cell')).toHaveText(['4', '0', '0%']);
  await expectSettled(page);
  await expectNoSeriousViolations(page, 'the Deliverability page of a paused account');

  // Resuming: the server's sentence as a toast, and the pause is gone; the campaign it held stays paused.
  await pause.getByRole('button', { name: DELIVERABILITY_TEXTS.resume }).click();
  await expect(page.getByText(DELIVERABILITY_TEXTS.resumed)).toBeVisible();
  await expect(pause).toHaveCount(0);
  expect(await campaignStatus(page, second)).toBe('paused');
  await page.goto(ROUTES.dashboard);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Ada');
  // Once the overview is in (its audience card drawn), there is no banner.
  await expect(page.getByRole('region', { name: 'Audience' })).toBeVisible();
  await expect(page.getByRole('region', { name: REASON })).toHaveCount(0);
});
