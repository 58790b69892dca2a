import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { campaignPath } from '@postlark/shared/routes';
import { addSubscribersByApi } from './support/audience-pages';
import { signedInCustomer } from './support/customer-area';
import { expectNoSeriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { confirmSender } from './support/senders';

// Issue 23: the top bar's calendar icon opens a month view of the customer's scheduled and sent
// campaigns. The page runs in London time; the campaign is scheduled in London time too.

const CONTACT = { street_address: '1 Lark Lane', city: 'Leeds', state: '', company: 'Lark Letters Ltd', postal_code: 'LS1 4AP', country: 'United Kingdom', phone: '', vat_id: '' };
const ZONE = 'Europe/London';

test.use({ timezoneId: ZONE });

async function api<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`/api/${path}`, { method, data });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { payload: T }).payload;
}

/** Today's date in London, and the 15th of next month, as the schedule form gives them. */
function days() {
  const today = new Date(new Date().toLocaleString('en-US', { timeZone: ZONE }));
  const next = new Date(today.getFullYear(), today.getMonth() + 1, 15);
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    today: today.getDate(),
    thisMonth: today.toLocaleDateString('en', { month: 'long', year: 'numeric' }),
    nextMonth: next.toLocaleDateString('en', { month: 'long', year: 'numeric' }),
    nextSendAt: `${next.getFullYear()}-${pad(next.getMonth() + 1)}-15T09:30`,
    nextDay: next.toLocaleDateString('en', { weekday: 'long', day: 'numeric', month: 'long' }),
  };
}

/**
 * A campaign sent today to a list of one, and one scheduled for the 15th of next month at 09:30
 * (with `alongside` more on that day, at 10:00).
 */
async function campaigns(page: Page, inbox: Parameters<typeof confirmSender>[1], alongside = 0) {
  const label = randomUUID().slice(0, 8);
  const { customer_id: customerId } = await api<{ customer_id: string }>(page, 'GET', 'authentication/v1/session');
  await api(page, 'PUT', `home/v1/user/${customerId}/contact`, CONTACT);
  const sender = `news-${label}@lark.example`;
  await confirmSender(page, inbox, sender);
  const { list } = await api<{ list: { id: string } }>(page, 'POST', 'audience/v1/lists', { name: 'Weekly', double_opt_in: false });
  await addSubscribersByApi(page, [{ email: `ada-${label}@example.com`, first_name: 'Ada', list_ids: [list.id] }]);
  const body = (name: string) => ({ name, subject: `${name} subject`, from_name: 'Lark', from_email: sender, content_html: '<p>Hello</p>', audience: { list_ids: [list.id] } });
  const sent = (await api<{ campaign: { id: string } }>(page, 'POST', 'campaigns/v1/campaigns', body('Spring news'))).campaign.id;
  await api(page, 'POST', `campaigns/v1/campaigns/${sent}/send`);
  await expect
    .poll(async () => (await api<{ campaign: { status: string } }>(page, 'GET', `campaigns/v1/campaigns/${sent}`)).campaign.status, { timeout: 30_000 })
    .toBe('sent');
  const scheduled = (await api<{ campaign: { id: string } }>(page, 'POST', 'campaigns/v1/campaigns', body('Summer preview'))).campaign.id;
  await api(page, 'POST', `campaigns/v1/campaigns/${scheduled}/schedule`, { send_at: days().nextSendAt, timezone: ZONE });
  for (let index = 1; index <= alongside; index += 1) {
    const more = (await api<{ campaign: { id: string } }>(page, 'POST', 'campaigns/v1/campaigns', body(`Summer extra ${index}`))).campaign.id;
    // Later than Summer preview, so that one is among the three shown first.
    await api(page, 'POST', `campaigns/v1/campaigns/${more}/schedule`, { send_at: days().nextSendAt.replace('09:30', '10:00'), timezone: ZONE });
  }
  return { sent, scheduled };
}

test.describe('campaign calendar', () => {
  test('shows a sent and a scheduled campaign on their days, steps through months and opens one', async ({ page, request, baseURL, inbox }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'calendar');
    // Four on one day: a cell shows three and "+1 more".
    const made = await campaigns(page, inbox, 3);
    const when = days();
    const opener = page.getByRole('button', { name: 'Calendar' });
    const dialog = page.getByRole('dialog', { name: 'Campaign calendar' });
    const grid = dialog.getByRole('table');
    const cell = (day: string) => grid.getByRole('cell', { name: new RegExp(`^${day}`) });

    await opener.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: when.thisMonth })).toBeVisible();
    // Today is marked, and the sent campaign is on it with its status in words.
    const today = grid.locator('td[aria-current="date"]');
    await expect(today).toHaveCount(1);
    await expect(today.getByRole('link', { name: /Spring news/ })).toContainText('Sent');
    await expect(grid.getByRole('link', { name: /Summer preview/ })).toHaveCount(0);
    await expectNoSeriousViolations(page, 'the campaign calendar');

    await dialog.getByRole('button', { name: 'Next month' }).click();
    await expect(dialog.getByRole('heading', { name: when.nextMonth })).toBeVisible();
    const summer = cell(when.nextDay).getByRole('link', { name: /Summer preview/ });
    await expect(summer).toContainText('09:30');
    await expect(summer).toContainText('Scheduled');
    // "+1 more" goes away when activated: the focus moves to the entry it revealed, still in the dialog.
    const nextCell = cell(when.nextDay);
    await expect(nextCell.getByRole('link')).toHaveCount(3);
    await nextCell.getByRole('button', { name: '+1 more' }).press('Enter');
    await expect(nextCell.getByRole('link')).toHaveCount(4);
    await expect(nextCell.getByRole('link').nth(3)).toBeFocused();
    // A ctrl/cmd-click opens the campaign in a new tab and leaves the calendar open.
    const [tab] = await Promise.all([page.context().waitForEvent('page'), summer.click({ modifiers: ['ControlOrMeta'] })]);
    await tab.close();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Previous month' }).click();
    await expect(dialog.getByRole('heading', { name: when.thisMonth })).toBeVisible();
    await expect(today.getByRole('link', { name: /Spring news/ })).toBeVisible();

    // Escape closes it, and the focus is back on the icon.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    // From the keyboard: open, next month, open the scheduled campaign.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Next month' }).press('Enter');
    await summer.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === campaignPath(made.scheduled));
    await expect(dialog).toBeHidden();
  });

  test('is a list of days at phone width', async ({ page, request, baseURL, inbox }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'calendar-phone');
    await campaigns(page, inbox);
    const when = days();
    const dialog = page.getByRole('dialog', { name: 'Campaign calendar' });

    await page.getByRole('button', { name: 'Calendar' }).click();
    await expect(dialog.getByRole('table')).toHaveCount(0);
    const days_ = dialog.getByRole('list', { name: when.thisMonth });
    await expect(days_.getByRole('heading', { level: 4 })).toHaveCount(1);
    await expect(days_.getByRole('heading', { level: 4 })).toHaveAttribute('aria-current', 'date');
    await expect(days_.getByRole('link', { name: /Spring news/ })).toContainText('Sent');
    await dialog.getByRole('button', { name: 'Next month' }).click();
    await expect(dialog.getByRole('heading', { level: 4, name: when.nextDay })).toBeVisible();
    await expect(dialog.getByRole('link', { name: /Summer preview/ })).toContainText('Scheduled');
  });
});
