import { subscriberPath } from '@postlark/shared/routes';
import { shoot } from './screenshots/shoot';
import { signedInCustomer } from './support/customer-area';
import { expect, test } from './support/fixtures';
import { callPublicApi as call, DAY_MS, HOUR_MS, HUMAN_AGENT } from './support/public-api';

// Issue 21: a person's best send time and engagement score on their subscriber page, from email
// history sent through the public API (the same stream as our own tracking) and a refresh.

/** 20 campaigns delivered at 09:00 UTC; the person clicks each at 20:00 UTC. */
function clickerHistory(email: string, firstDay: number): object[] {
  return Array.from({ length: 20 }, (_, n) => {
    const delivered = firstDay + n * DAY_MS + 9 * HOUR_MS;
    const properties = { campaign_ref: `esp-${n}` };
    return [
      { name: 'email_delivered', email, id: `${email}-d${n}`, occurred_at: new Date(delivered).toISOString(), properties },
      { name: 'email_clicked', email, id: `${email}-c${n}`, occurred_at: new Date(delivered + 11 * HOUR_MS).toISOString(), properties: { ...properties, user_agent: HUMAN_AGENT } },
    ];
  }).flat();
}

test('a person’s best send time and engagement score on their page', async ({ page, request, baseURL, inbox }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const customer = await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'engagement');
  const created = await page.request.post('/api/home/v1/api-keys', { data: { name: 'Shop', current_password: customer.password } });
  const key = (await created.json()).payload.key as string;

  // Known to be in Berlin (as a form or an import would record it).
  const added = await call(page, key, 'POST', 'subscribers', { email: 'ada@shop.example', timezone: 'Europe/Berlin' });
  const id = added.subscriber.id as string;
  await page.goto(subscriberPath(id));
  const card = page.getByRole('region', { name: 'Email engagement' });
  await expect(card.getByRole('note')).toContainText('have not been worked out yet');

  const firstDay = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) - 30 * DAY_MS;
  const sent = await call(page, key, 'POST', 'events', { events: clickerHistory('ada@shop.example', firstDay) });
  expect(sent).toMatchObject({ accepted: 40, rejected: [] });
  const refresh = await call(page, key, 'POST', 'insights/refresh', {});
  await expect.poll(async () => (await call(page, key, 'GET', `insights/refresh/${refresh.id}`)).status, { timeout: 30_000 }).toBe('done');

  await page.reload();
  // Clicks at 20:00 UTC: 20:00 or just before, in UTC and on Berlin's clock, resting on her own 20 signals.
  await expect(card).toContainText(/Best send time(19:[0-9]{2}|20:00) UTC/);
  await expect(card).toContainText('their time (Europe/Berlin)');
  await expect(card).toContainText('Their own: from 20 human opens and clicks');
  // The score as a percentage, and the band named in a badge.
  await expect(card).toContainText(/Chance they open or click the next campaign\d+(\.\d)?%/);
  await expect(card.locator('.insights-badge')).toHaveText(/Highly engaged|Engaged|Cooling|Dormant/);
  await shoot(page, 'desktop-subscriber-engagement');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(card).toBeVisible();
  await shoot(page, 'phone-subscriber-engagement');
});
