import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { REPORT_MESSAGES } from '@postlark/shared/campaign-reports';
import { reportPath, ROUTES } from '@postlark/shared/routes';
import { addSubscribersByApi } from './support/audience-pages';
import { dashboardShell, signedInCustomer } from './support/customer-area';
import { expect, test } from './support/fixtures';
import type { Inbox } from './support/mail';
import { confirmSender } from './support/senders';

// Issue 6, point 8: the Reports pages against the real server. The campaign is made and sent
// through the API (as the Campaigns pages would), then the reports are read as a customer sees them.

const CAMPAIGN = 'Reports: November news';
const CONTACT = { street_address: '1 Lark Lane', city: 'Leeds', state: '', company: 'Lark Letters Ltd', postal_code: 'LS1 4AP', country: 'United Kingdom', phone: '', vat_id: '' };

async function api<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`/api/${path}`, { method, data });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { payload: T }).payload;
}

/** A list of three people, the postal address a campaign's footer needs, a confirmed sender, and a draft to them. */
async function draftCampaign(page: Page, inbox: Inbox, label: string): Promise<string> {
  const sender = `news-${label}@lark.example`;
  await confirmSender(page, inbox, sender);
  const { customer_id: customerId } = await api<{ customer_id: string }>(page, 'GET', 'authentication/v1/session');
  await api(page, 'PUT', `home/v1/user/${customerId}/contact`, CONTACT);
  const { list } = await api<{ list: { id: string } }>(page, 'POST', 'audience/v1/lists', { name: 'Weekly', double_opt_in: false });
  await addSubscribersByApi(
    page,
    ['ada', 'grace', 'alan'].map((name) => ({ email: `${name}-${label}@example.com`, first_name: name, list_ids: [list.id] })),
  );
  const { campaign } = await api<{ campaign: { id: string } }>(page, 'POST', 'campaigns/v1/campaigns', {
    name: CAMPAIGN,
    subject: 'Hello {{ first_name | default: "there" }}',
    from_name: 'Lark Letters',
    from_email: sender,
    reply_to: 'hello@lark.example',
    content_html: '<h1>Hi {{ first_name | default: "there" }}</h1><p><a href="https://lark.example/read">Read on</a></p>',
    audience: { list_ids: [list.id] },
  });
  return campaign.id;
}

/** A figure on the report, found by its label. */
function stat(page: Page, label: string) {
  return page
    .locator('.stat-card')
    .filter({ has: page.getByRole('term').getByText(label, { exact: true }) })
    .getByRole('definition')
    .first();
}

test.describe('reports', () => {
  test('a sent campaign is listed in Reports and its report shows what went out', async ({ page, request, baseURL, inbox }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'reports');
    const shell = dashboardShell(page);
    const id = await draftCampaign(page, inbox, randomUUID().slice(0, 8));

    // Nothing sent yet: the sidebar's Reports leads to the empty page, and a draft has no report.
    await shell.sidebar.getByRole('link', { name: 'Reports' }).click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.reports);
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await expect(shell.sidebar.getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(REPORT_MESSAGES.empty)).toBeVisible();
    await page.goto(reportPath(id));
    await expect(page.getByRole('alert')).toContainText(REPORT_MESSAGES.notStarted);

    await api(page, 'POST', `campaigns/v1/campaigns/${id}/send`);
    await expect
      .poll(async () => (await api<{ campaign: { status: string } }>(page, 'GET', `campaigns/v1/campaigns/${id}`)).campaign.status, { timeout: 30_000 })
      .toBe('sent');

    // The list reads itself again while a campaign sends: its first answer is made to say
    // "sending" (the real send is too quick to catch), and the next real one says sent.
    let reads = 0;
    await page.route('**/api/campaigns/v1/reports', async (route) => {
      reads += 1;
      if (reads > 1) return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as { payload: { reports: { campaign: { status: string } }[] } };
      for (const report of body.payload.reports) report.campaign.status = 'sending';
      await route.fulfill({ response, json: body });
    });
    await page.goto(ROUTES.reports);
    const table = page.getByRole('table', { name: 'Campaign reports' });
    const row = table.getByRole('row').filter({ hasText: CAMPAIGN });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').nth(2)).toHaveText('Sending');
    await expect(row.getByRole('cell').nth(2)).toHaveText('Sent', { timeout: 10_000 });
    await page.unroute('**/api/campaigns/v1/reports');
    await expect(row.getByRole('cell').nth(3)).toHaveText('3');
    // Nobody opened or clicked yet: the rates are 0.0% of the three sent.
    await expect(row.getByRole('cell').nth(4)).toHaveText('0.0%');
    await expect(row.getByRole('cell').nth(5)).toHaveText('0.0%');

    await row.getByRole('link', { name: CAMPAIGN }).click();
    await expect(page).toHaveURL((url) => url.pathname === reportPath(id));
    await expect(page.getByRole('heading', { level: 1, name: CAMPAIGN })).toBeVisible();
    // The subject as a reader with no data got it (issue 38, point 11), not as its merge tag.
    await expect(page.getByText('Subject Hello there', { exact: true })).toBeVisible();
    await expect(stat(page, 'Recipients')).toHaveText('3');
    await expect(stat(page, 'Sent')).toHaveText('3');
    await expect(stat(page, 'Failed')).toHaveText('0');
    await expect(stat(page, 'Open rate')).toHaveText('0.0%');
    await expect(page.getByText(REPORT_MESSAGES.machineOpensNote)).toBeVisible();
    // The chart: a summary for screen readers, and the hour's figures in its table.
    await expect(page.getByRole('img', { name: /^Opens and clicks per hour/ })).toBeVisible();
    await page.getByRole('button', { name: 'Sent', exact: true }).click();
    await expect(page.getByRole('img', { name: /^Sent per hour: 3 sent/ })).toBeVisible();
    await expect(page.getByRole('table', { name: /^Activity over time/ }).getByRole('columnheader', { name: 'Sent' })).toBeAttached();
    // Sent, so the figures are final: no live note.
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'View campaign' })).toHaveAttribute('href', `/dashboard/campaigns/${id}`);
    await expect(shell.sidebar.getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');

    await page.getByRole('link', { name: 'All reports' }).click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.reports);
  });

  test('an unknown campaign has no report', async ({ page, request, baseURL, inbox }) => {
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'reports-unknown');
    await page.goto(reportPath(randomUUID()));
    await expect(page.getByRole('heading', { name: 'Report not found' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(REPORT_MESSAGES.notFound);
    await page.getByRole('link', { name: 'Back to all reports' }).click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.reports);
  });
});
