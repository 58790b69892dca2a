import { ENGAGEMENT_BANDS, type EngagementInsights, type SendTimeInsights } from '@postlark/shared/insights';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/results';
import { requestRefresh, runRefresh } from '../src/modules/insights/insights.service';
import { queueDueRefreshes } from '../src/modules/insights/refresh-schedule';
import { useAccountsApp } from './support/accounts-app';
import { callWithKey, customerWithKey } from './support/api-keys';
import { recordingInsightsDeps, refreshedInsights } from './support/insights';

// Issue 21: each person's best send time and engagement score, stored by the refresh and shown on
// the subscriber. History comes in as imported email events (the same stream as our own tracking).
const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000' }, {}, { startAt: new Date('2026-11-24T10:00:00Z') });

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const HUMAN_AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
// Apple's privacy proxy: fetches every image on delivery.
const PROXY_AGENT = 'Mozilla/5.0';
const FIRST_CAMPAIGN = Date.UTC(2026, 9, 1);

type Reaction = { at: number; name: 'email_opened' | 'email_clicked'; agent: string };

/** `campaigns` campaigns, one a day from 1 October, delivered at 09:00 UTC; what the person did with each. */
function history(email: string, campaigns: number, react: (deliveredAt: number) => Reaction[]): object[] {
  const events: object[] = [];
  for (let n = 0; n < campaigns; n++) {
    const deliveredAt = FIRST_CAMPAIGN + n * DAY_MS + 9 * HOUR_MS;
    const campaignRef = `esp-${n}`;
    events.push({ name: 'email_delivered', email, id: `${email}-d${n}`, occurred_at: new Date(deliveredAt).toISOString(), properties: { campaign_ref: campaignRef } });
    react(deliveredAt).forEach((reaction, i) =>
      events.push({
        name: reaction.name,
        email,
        id: `${email}-${reaction.name}-${n}-${i}`,
        occurred_at: new Date(reaction.at).toISOString(),
        properties: { campaign_ref: campaignRef, user_agent: reaction.agent },
      }),
    );
  }
  return events;
}

async function sendEvents(key: string, events: object[]) {
  for (let start = 0; start < events.length; start += 5_000) {
    const response = await callWithKey(accounts, key, 'POST', 'events', { events: events.slice(start, start + 5_000) });
    expect(response.statusCode).toBe(202);
    expect(response.json().payload.rejected).toEqual([]);
  }
}

async function subscriberId(customerId: string, email: string): Promise<string> {
  const result = await accounts.database.db.execute(sql`select id::text as id from subscribers where customer_id = ${customerId}::uuid and email = ${email}`);
  return rowsOf<{ id: string }>(result)[0]!.id;
}

async function insightsOf(key: string, id: string): Promise<{ best_send_time: SendTimeInsights | null; engagement: EngagementInsights | null }> {
  const response = await callWithKey(accounts, key, 'GET', `subscribers/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json().payload.insights;
}

/** An account whose readers mostly open at 14:00 UTC, with one who only clicks at 20:00 and one behind the proxy. */
async function audience() {
  const { customer, key } = await customerWithKey(accounts);
  const events: object[] = [];
  for (let person = 0; person < 12; person++)
    events.push(...history(`reader${person}@shop.example`, 20, (at) => (person % 3 === 0 ? [] : [{ at: at + 5 * HOUR_MS, name: 'email_opened', agent: HUMAN_AGENT }])));
  events.push(...history('clicker@shop.example', 20, (at) => [{ at: at + 11 * HOUR_MS, name: 'email_clicked', agent: HUMAN_AGENT }]));
  // Every delivery "opened" a minute later by the proxy: never a human signal.
  events.push(...history('proxied@shop.example', 20, (at) => [{ at: at + 60_000, name: 'email_opened', agent: PROXY_AGENT }]));
  events.push(...history('silent@shop.example', 20, () => []));
  await sendEvents(key, events);
  return { customerId: customer.customerId, key };
}

describe('send times and engagement', () => {
  it('gives each person their best send time from human signals only, the audience’s to the rest, and scores engagement', async () => {
    const { customerId, key } = await audience();
    const refresh = await refreshedInsights(accounts, key);
    expect(refresh.people_done).toBe(refresh.people_total);

    const clicker = await insightsOf(key, await subscriberId(customerId, 'clicker@shop.example'));
    // Clicks only ever at 20:00 UTC: 20:00 or just before.
    expect(clicker.best_send_time).toMatchObject({ signals: 20, source: 'personal' });
    expect(clicker.best_send_time!.hour_utc).toBeGreaterThanOrEqual(19);
    expect(clicker.best_send_time!.hour_utc).toBeLessThanOrEqual(20);
    expect(clicker.best_send_time!.hour_utc * 4).toBe(Math.round(clicker.best_send_time!.hour_utc * 4));

    // The audience's hour, as saved with the account's model.
    const [model] = rowsOf<{ hour: number }>(
      await accounts.database.db.execute(sql`select (model->>'audience_hour_utc')::float8 as hour from insight_models where customer_id = ${customerId}::uuid and kind = 'send_time'`),
    );
    expect(model!.hour).toBeGreaterThanOrEqual(13);
    expect(model!.hour).toBeLessThanOrEqual(14);

    // Machine opens move nothing: the proxied reader is exactly where the silent one is.
    const proxied = await insightsOf(key, await subscriberId(customerId, 'proxied@shop.example'));
    const silent = await insightsOf(key, await subscriberId(customerId, 'silent@shop.example'));
    expect(proxied.best_send_time).toEqual({ hour_utc: model!.hour, signals: 0, source: 'audience' });
    expect(proxied.best_send_time).toEqual(silent.best_send_time);
    expect(proxied.engagement!.score).toBeCloseTo(silent.engagement!.score, 10);

    // Engagement: a probability, a band, reasons; stored as shown.
    for (const person of [clicker, proxied]) {
      expect(person.engagement!.score).toBeGreaterThanOrEqual(0);
      expect(person.engagement!.score).toBeLessThanOrEqual(1);
      expect(ENGAGEMENT_BANDS).toContain(person.engagement!.band);
      expect(Array.isArray(person.engagement!.reasons)).toBe(true);
    }
    expect(clicker.engagement!.score).toBeGreaterThan(proxied.engagement!.score);
    const [stored] = rowsOf<{ send_time: SendTimeInsights; engagement: EngagementInsights; refresh: string }>(
      await accounts.database.db.execute(sql`
        select send_time, engagement, engagement_refresh_id::text as refresh from subscriber_insights
        where subscriber_id = ${await subscriberId(customerId, 'clicker@shop.example')}::uuid`),
    );
    expect(stored).toEqual({ send_time: clicker.best_send_time, engagement: clicker.engagement, refresh: refresh.id });

    // Someone new (no history, joined after the refresh) gets the audience's time and starts at its rate.
    const created = await callWithKey(accounts, key, 'POST', 'subscribers', { email: 'new@shop.example' });
    expect(created.statusCode).toBe(201);
    const fresh = await insightsOf(key, created.json().payload.subscriber.id);
    expect(fresh.best_send_time).toEqual({ hour_utc: model!.hour, signals: 0, source: 'audience' });
    expect(fresh.engagement!.score).toBeGreaterThan(0);

    // Another account's subscriber is not found.
    const other = await customerWithKey(accounts);
    expect((await callWithKey(accounts, other.key, 'GET', `subscribers/${await subscriberId(customerId, 'clicker@shop.example')}`)).statusCode).toBe(404);
  });

  it('reads the audience in pages side by side and gives everyone the same figures as in one page', async () => {
    const { customerId, key } = await audience();
    const { deps } = recordingInsightsDeps(accounts);
    const stored = async () =>
      rowsOf<{ id: string; send_time: SendTimeInsights; engagement: EngagementInsights }>(
        await accounts.database.db.execute(sql`select subscriber_id::text as id, send_time, engagement from subscriber_insights where customer_id = ${customerId}::uuid order by subscriber_id`),
      );
    const asOf = '2026-11-20';
    await refreshedInsights(accounts, key, { as_of: asOf });
    const inOnePage = await stored();
    expect(inOnePage).toHaveLength(15);
    // Pages of 4: the 15 people in four id ranges, the last one open-ended.
    const again = await requestRefresh(deps, customerId, { as_of: asOf });
    await runRefresh({ ...deps, audiencePage: 4 }, again.id);
    const state = (await callWithKey(accounts, key, 'GET', `insights/refresh/${again.id}`)).json().payload;
    expect(state).toMatchObject({ status: 'done', people_done: 15, people_total: 15 });
    expect(await stored()).toEqual(inOnePage);
  });

  it('computes from history strictly before as_of', async () => {
    const { customerId, key } = await audience();
    // Before the first campaign: nobody has a signal yet.
    await refreshedInsights(accounts, key, { as_of: '2026-10-01' });
    const clicker = await insightsOf(key, await subscriberId(customerId, 'clicker@shop.example'));
    expect(clicker.best_send_time).toMatchObject({ signals: 0, source: 'audience' });
    // After five campaigns: five clicks.
    await refreshedInsights(accounts, key, { as_of: '2026-10-06' });
    expect((await insightsOf(key, await subscriberId(customerId, 'clicker@shop.example'))).best_send_time!.signals).toBe(5);
  });

  it('shows nothing before an account’s first refresh', async () => {
    const { customerId, key } = await audience();
    expect(await insightsOf(key, await subscriberId(customerId, 'clicker@shop.example'))).toMatchObject({ best_send_time: null, engagement: null });
  });

  it('refreshes an account with email history nightly, and after new human engagement at most hourly', async () => {
    const { deps } = recordingInsightsDeps(accounts);
    const { customerId, key } = await audience();
    // A campaign delivered to the clicker a minute ago, and what they (or the proxy) did just now.
    const lateCampaign = (ref: string, agent: string, name: string) => [
      { name: 'email_delivered', email: 'clicker@shop.example', id: `${ref}-d`, occurred_at: new Date(accounts.now().getTime() - 60_000).toISOString(), properties: { campaign_ref: ref } },
      { name, email: 'clicker@shop.example', id: `${ref}-r`, occurred_at: accounts.now().toISOString(), properties: { campaign_ref: ref, user_agent: agent } },
    ];
    const triggers = async () =>
      rowsOf<{ id: string; trigger: string }>(
        await accounts.database.db.execute(sql`select id::text as id, trigger from insight_refreshes where customer_id = ${customerId}::uuid order by requested_at`),
      );
    await queueDueRefreshes(deps);
    const [first] = await triggers();
    expect(first!.trigger).toBe('nightly');
    await runRefresh(deps, first!.id);

    // An hour on, with nothing new: nothing due. A new campaign opened by the proxy is nothing new either.
    accounts.advance(HOUR_MS + 60_000);
    await queueDueRefreshes(deps);
    await sendEvents(key, lateCampaign('late-1', PROXY_AGENT, 'email_opened'));
    accounts.advance(60_000);
    await queueDueRefreshes(deps);
    expect(await triggers()).toHaveLength(1);

    // A human click: due at once (the last refresh was over an hour ago).
    await sendEvents(key, lateCampaign('late-2', HUMAN_AGENT, 'email_clicked'));
    accounts.advance(60_000);
    await queueDueRefreshes(deps);
    const [, second] = await triggers();
    expect(second!.trigger).toBe('engagement');
    await runRefresh(deps, second!.id);
    expect((await insightsOf(key, await subscriberId(customerId, 'clicker@shop.example'))).best_send_time!.signals).toBe(21);

    // Another click within the hour waits for the hour to pass.
    accounts.advance(60_000);
    await sendEvents(key, lateCampaign('late-3', HUMAN_AGENT, 'email_clicked'));
    accounts.advance(60_000);
    await queueDueRefreshes(deps);
    expect(await triggers()).toHaveLength(2);
    accounts.advance(HOUR_MS);
    await queueDueRefreshes(deps);
    expect((await triggers()).map((row) => row.trigger)).toEqual(['nightly', 'engagement', 'engagement']);
  });
});
