import { ROUTES } from '@postlark/shared/routes';
import { shoot } from './screenshots/shoot';
import { subscribersPage } from './support/audience-pages';
import { segmentsPage } from './support/audience-tools-pages';
import { signedInCustomer } from './support/customer-area';
import { expect, test } from './support/fixtures';
import { callPublicApi as call, DAY_MS, HOUR_MS, HUMAN_AGENT } from './support/public-api';

// Issue 21: the engagement score in use, in a browser: the subscribers table sorted by it, the
// segment builder's condition on it, and the Sunset starter flow among the templates.

/** 20 campaigns delivered a day apart; the reader clicks each (or none of them). */
function history(email: string, firstDay: number, clicks: boolean): object[] {
  return Array.from({ length: 20 }, (_, n) => {
    const delivered = firstDay + n * DAY_MS + 9 * HOUR_MS;
    const properties = { campaign_ref: `esp-${n}` };
    const click = { name: 'email_clicked', email, id: `${email}-c${n}`, occurred_at: new Date(delivered + HOUR_MS).toISOString(), properties: { ...properties, user_agent: HUMAN_AGENT } };
    return [{ name: 'email_delivered', email, id: `${email}-d${n}`, occurred_at: new Date(delivered).toISOString(), properties }, ...(clicks ? [click] : [])];
  }).flat();
}

test('the engagement score sorts the table, filters a segment and starts the Sunset flow', async ({ page, request, baseURL, inbox }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const customer = await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'engage-use');
  const key = (await (await page.request.post('/api/home/v1/api-keys', { data: { name: 'Shop', current_password: customer.password } })).json()).payload.key as string;
  const firstDay = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) - 30 * DAY_MS;
  for (const [email, clicks] of [['keen@shop.example', true], ['quiet@shop.example', false]] as const) {
    await call(page, key, 'POST', 'subscribers', { email });
    await call(page, key, 'POST', 'events', { events: history(email, firstDay, clicks) });
  }
  const refresh = await call(page, key, 'POST', 'insights/refresh', {});
  await expect.poll(async () => (await call(page, key, 'GET', `insights/refresh/${refresh.id}`)).status, { timeout: 30_000 }).toBe('done');

  // The table: most engaged first on the first click, then the other way round.
  const table = subscribersPage(page);
  await page.goto(ROUTES.subscribers);
  await table.sortBy('Engagement').click();
  await expect(table.header('Engagement')).toHaveAttribute('aria-sort', 'descending');
  await expect(table.emails).toHaveText(['keen@shop.example', 'quiet@shop.example']);
  await expect(table.rows.first()).toContainText(/\d%/);
  await expect(table.rows.first()).toContainText(/Highly engaged|Engaged/);
  await shoot(page, 'desktop-subscribers-engagement');
  await table.sortBy('Engagement').click();
  await expect(table.header('Engagement')).toHaveAttribute('aria-sort', 'ascending');
  await expect(table.emails).toHaveText(['quiet@shop.example', 'keen@shop.example']);
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(table.rows.first()).toContainText(/\d%/);
  await shoot(page, 'phone-subscribers-engagement');

  // The segment builder: the keen reader's band, counted live; the note on unscored people.
  await page.setViewportSize({ width: 1440, height: 900 });
  const segments = segmentsPage(page);
  await page.goto(ROUTES.segments);
  await segments.create.click();
  await segments.name.fill('Engaged readers');
  await segments.field(1).selectOption({ label: 'Engagement score' });
  const condition = segments.builder.getByRole('listitem', { name: 'Condition 1' });
  await condition.getByRole('checkbox', { name: 'Dormant' }).uncheck();
  await condition.getByRole('checkbox', { name: 'Highly engaged' }).check();
  await condition.getByRole('checkbox', { name: 'Engaged', exact: true }).check();
  await expect(condition).toContainText('People without a score yet');
  await expect(segments.count).toContainText('1');
  await shoot(page, 'desktop-segment-engagement');
  await page.setViewportSize({ width: 375, height: 812 });
  await shoot(page, 'phone-segment-engagement');
  await segments.save.click();
  await expect(segments.card('Engaged readers')).toContainText('Engagement Highly engaged or Engaged');

  // The Sunset starter flow, said to be good for deliverability.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(ROUTES.automations);
  const sunset = page.getByText('Good for deliverability', { exact: false });
  await expect(sunset).toBeVisible();
  await shoot(page, 'desktop-automations-sunset');
  await page.setViewportSize({ width: 375, height: 812 });
  await shoot(page, 'phone-automations-sunset');
  // Made from it: the dormant segment's trigger, the question, the wait for the answer and the unsubscribe.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: /^Sunset/ }).click();
  await expect(page).toHaveURL((url) => /^\/dashboard\/automations\/[0-9a-f-]{36}$/.test(url.pathname));
  await expect(page.getByText('Unsubscribe: Sunset: no answer')).toBeVisible();
  await expect(page.getByText('Until subscription_kept, at most 14 days')).toBeVisible();
  await shoot(page, 'desktop-flow-sunset');
  await page.setViewportSize({ width: 375, height: 812 });
  await shoot(page, 'phone-flow-sunset');
});
