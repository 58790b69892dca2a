import { PURCHASES_NONE } from '@postlark/shared/insights';
import { describe, expect, it } from 'vitest';
import { subscriberInsights } from '../src/db/schema/insights';
import { useAccountsApp } from './support/accounts-app';
import { apiKeyFor, callWithKey } from './support/api-keys';
import { CAMPAIGNS, customerWithAudience, draft, engine } from './support/campaigns';

const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000' });

describe('one stream of events', () => {
  it('mails a segment of buyers only where they subscribed, and shows our sends beside their orders', async () => {
    const audience = await customerWithAudience(accounts);
    const { cookie } = audience.customer;
    const key = await apiKeyFor(accounts, cookie);
    const buyer = 'walk-in@shop.example';
    const order = (email: string, id: string) => ({ name: 'order_placed', email, id, value: 15, currency: 'GBP', properties: { order_id: id } });
    const ingested = await callWithKey(accounts, key, 'POST', 'events', { events: [order(audience.ada, 'A'), order(buyer, 'B'), order(audience.gone, 'C')] });
    expect(ingested.json().payload.accepted).toBe(3);

    // Ada's purchase insights as a refresh stores them: her merge tags read them.
    await accounts.database.db.insert(subscriberInsights).values({
      subscriberId: audience.ids[audience.ada]!,
      customerId: audience.customer.customerId,
      purchases: { ...PURCHASES_NONE, orders: 1, revenue: 15, rfm: { recency: 5, frequency: 1, monetary: 1, group: 'New' }, note: null },
      updatedAt: accounts.now(),
    });
    const segment = await accounts.call('POST', 'audience/v1/segments', cookie, { name: 'Buyers', definition: { conditions: [{ field: 'event', op: 'did', value: 'order_placed' }] } });
    expect(segment.json().payload.segment.count).toBe(3);
    const campaign = (await accounts.call('POST', CAMPAIGNS, cookie, draft(audience.list, {
      audience: { list_ids: [], segment_ids: [segment.json().payload.segment.id] },
      content_html: '<p>Order number {{ purchases.orders }} of yours, group {{ purchases.rfm_group | default: "none" }}.</p>',
    }))).json().payload.campaign;
    expect((await accounts.call('POST', `${CAMPAIGNS}/${campaign.id}/send`, cookie)).statusCode).toBe(200);
    const sender = await engine(accounts);
    try {
      await sender.run();
    } finally {
      await sender.close();
    }
    expect(accounts.smtp.messagesTo(audience.ada)).toHaveLength(1);
    expect(accounts.smtp.messagesTo(audience.ada)[0]!.text).toContain('Order number 1 of yours, group New.');
    expect(accounts.smtp.messagesTo(buyer)).toHaveLength(0);
    expect(accounts.smtp.messagesTo(audience.gone)).toHaveLength(0);

    const stream = await callWithKey(accounts, key, 'GET', `subscribers/${audience.ids[audience.ada]}/events`);
    const events = stream.json().payload.events as { name: string; source: string; campaign_ref: string | null }[];
    expect(events.map((event) => [event.name, event.source, event.campaign_ref])).toEqual(
      expect.arrayContaining([
        ['email_delivered', 'own', campaign.id],
        ['order_placed', 'api', null],
      ]),
    );
    expect(events).toHaveLength(2);
  });
});
