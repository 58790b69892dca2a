import type { Page } from '@playwright/test';
import { reportPath, ROUTES } from '@postlark/shared/routes';
import { SEGMENT_MESSAGES } from '@postlark/shared/segments';
import { subscribersPage } from './support/audience-pages';
import { expect, test } from './support/fixtures';
import type { Inbox } from './support/mail';
import { toast } from './support/page-helpers';
import { seededAccount } from './support/seeded-account';
import { MACHINE_OPEN_WINDOW_SECONDS } from '../apps/api/src/modules/tracking/machine-opens';

// Issue 38, points 12 and 19: a campaign report lists who opened (as a person), clicked or
// unsubscribed, makes a segment of them, and says what undelivered-or-not rows mean only when
// there are some.

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

async function openPixel(page: Page, inbox: Inbox, address: string, userAgent: string) {
  const mail = await inbox.message(address);
  const pixel = /src="([^"]+\/t\/o\/[^"]+)"/.exec(mail.html)?.[1]?.replaceAll('&amp;', '&');
  expect(pixel, 'an open pixel in the mail').toBeTruthy();
  const opened = await page.request.get(new URL(pixel!).pathname, { headers: { 'user-agent': userAgent } });
  expect(opened.status()).toBe(200);
}

test('a report lists who opened as a person, and makes a segment of them', async ({ page, request, baseURL, inbox }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const seeded = await seededAccount(page, { request, baseURL: baseURL!, inbox }, { sendCampaign: true });
  const people = (await (await page.request.get('/api/audience/v1/subscribers')).json()).payload.subscribers.map((person: { email: string }) => person.email) as string[];
  const ada = people.find((email) => email.startsWith('ada-'))!;
  const grace = people.find((email) => email.startsWith('grace-'))!;
  // Ada opens in her browser; Grace's open is Apple's privacy proxy, which is not Grace reading.
  await openPixel(page, inbox, grace, 'Mozilla/5.0');
  // An open in the first seconds after sending is a scanner's whatever it says (MACHINE_OPEN_WINDOW_SECONDS): Ada reads later.
  await page.waitForTimeout((MACHINE_OPEN_WINDOW_SECONDS + 1) * 1000);
  await openPixel(page, inbox, ada, BROWSER);

  await page.goto(reportPath(seeded.sentCampaignId));
  const readers = page.getByRole('region', { name: 'Who opened, clicked or unsubscribed' });
  const opened = readers.getByRole('table', { name: /^Opened: / });
  await expect(opened).toHaveAccessibleName('Opened: 1');
  await expect(opened.getByRole('link', { name: ada })).toHaveAttribute('href', `/dashboard/subscribers/${seeded.subscriberId}`);
  await expect(opened).not.toContainText(grace);
  await readers.getByRole('button', { name: 'Clicked', exact: true }).click();
  await expect(readers.getByText('Nobody has clicked a link yet.')).toBeVisible();
  await readers.getByRole('button', { name: 'Opened', exact: true }).click();

  // The segment of these: saved with the campaign condition, and its people shown.
  await readers.getByRole('button', { name: 'Make a segment of these' }).click();
  await expect(toast(page, SEGMENT_MESSAGES.created)).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === ROUTES.subscribers && url.searchParams.has('segment_id'));
  const table = subscribersPage(page);
  await expect(table.emails).toHaveText([ada]);
  const segments = (await (await page.request.get('/api/audience/v1/segments')).json()).payload.segments as { name: string; definition: unknown; count: number }[];
  expect(segments.find((segment) => segment.name === 'Opened “November news”')).toMatchObject({
    count: 1,
    definition: { match: 'all', conditions: [{ field: 'campaign', op: 'opened', value: seeded.sentCampaignId }] },
  });

  // Point 12: every message settled, so no "not confirmed" figure; one made to have some shows it, explained.
  await page.goto(reportPath(seeded.sentCampaignId));
  await expect(page.getByRole('heading', { level: 1, name: 'November news' })).toBeVisible();
  await expect(page.getByText('Delivery not confirmed')).toHaveCount(0);
  await expect(page.getByText('unsettled')).toHaveCount(0);
  await page.route('**/api/campaigns/v1/campaigns/*/report', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { payload: { report: { totals: { unknown: number } } } };
    body.payload.report.totals.unknown = 2;
    await route.fulfill({ response, json: body });
  });
  await page.reload();
  const card = page.locator('.stat-card').filter({ hasText: 'Delivery not confirmed' });
  await expect(card.getByRole('definition').first()).toHaveText('2');
  await expect(card).toContainText('We did not send again, so nobody got it twice');
});
