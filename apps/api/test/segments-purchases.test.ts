import { PURCHASES_NONE, type PurchaseInsights, type RfmGroup } from '@postlark/shared/insights';
import { describe, expect, it } from 'vitest';
import { subscriberInsights } from '../src/db/schema/insights';
import { useAccountsApp } from './support/accounts-app';

const accounts = useAccountsApp();

describe('segments on purchase insights', () => {
  it('compare a figure with a number and name an RFM group, people without figures matching neither side', async () => {
    const customer = await accounts.signedInCustomer();
    const person = async (email: string, purchases: PurchaseInsights | null) => {
      const id = (await accounts.call('POST', 'audience/v1/subscribers', customer.cookie, { email })).json().payload.subscriber.id as string;
      if (purchases) await accounts.database.db.insert(subscriberInsights).values({ subscriberId: id, customerId: customer.customerId, purchases, updatedAt: accounts.now() });
    };
    const figures = (churn: number | null, group: RfmGroup): PurchaseInsights => ({
      ...PURCHASES_NONE,
      orders: 3,
      revenue: 90,
      churn_risk: churn,
      rfm: { recency: 2, frequency: 3, monetary: 3, group },
      note: null,
    });
    await person('leaving@shop.example', figures(0.85, 'At risk'));
    await person('loyal@shop.example', figures(0.1, 'Loyal'));
    await person('thin@shop.example', figures(null, 'New'));
    await person('never@shop.example', null);

    async function matching(condition: object): Promise<number> {
      const answer = await accounts.call('POST', 'audience/v1/segments/preview', customer.cookie, { definition: { conditions: [condition] } });
      expect(answer.statusCode).toBe(200);
      return answer.json().payload.count as number;
    }
    expect(await matching({ field: 'purchases', key: 'churn_risk', op: 'gt', value: '0.7' })).toBe(1);
    expect(await matching({ field: 'purchases', key: 'churn_risk', op: 'lt', value: '0.7' })).toBe(1);
    expect(await matching({ field: 'purchases', key: 'orders', op: 'gt', value: '2' })).toBe(3);
    expect(await matching({ field: 'rfm_group', op: 'is', value: 'At risk' })).toBe(1);
    expect(await matching({ field: 'rfm_group', op: 'is_not', value: 'At risk' })).toBe(3);

    for (const bad of [{ field: 'purchases', key: 'shoe_size', op: 'gt', value: '1' }, { field: 'purchases', key: 'orders', op: 'gt', value: 'many' }, { field: 'rfm_group', op: 'is', value: 'VIP' }]) {
      const answer = await accounts.call('POST', 'audience/v1/segments/preview', customer.cookie, { definition: { conditions: [bad] } });
      expect(answer.statusCode).toBe(400);
    }
  });
});
