import { INSIGHT_MESSAGES, type InsightsRefresh } from '@postlark/shared/insights';
import { describe, expect, it } from 'vitest';
import { useAccountsApp } from './support/accounts-app';
import { callWithKey, customerWithKey } from './support/api-keys';
import { eventually } from './support/eventually';
import { steadyShop } from './support/purchase-orders';

// Issue 31: a refresh fits its models in a worker thread whose heap is capped
// (INSIGHTS_FIT_HEAP_MB). Here the cap is far too small for any fit: the refresh must fail with
// a reason that says so, and the server (which runs the refresh's job too) must go on answering.
const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000', INSIGHTS_FIT_HEAP_MB: '1' }, {}, { startAt: new Date('2026-11-24T10:00:00Z') });

async function settled(key: string, id: string): Promise<InsightsRefresh> {
  return eventually(
    async () => {
      const state = (await callWithKey(accounts, key, 'GET', `insights/refresh/${id}`)).json().payload as InsightsRefresh;
      return state.status === 'done' || state.status === 'failed' ? state : undefined;
    },
    { timeoutMs: 20_000, what: 'the refresh to end' },
  );
}

describe('a refresh whose fit outgrows its heap', () => {
  it('fails, saying it needed more memory, and the server keeps serving', async () => {
    const { key } = await customerWithKey(accounts);
    const sent = await callWithKey(accounts, key, 'POST', 'events', { events: steadyShop('heap.example', new Date('2026-11-20T00:00:00Z')) });
    expect(sent.statusCode).toBe(202);

    const asked = await callWithKey(accounts, key, 'POST', 'insights/refresh', {});
    expect(asked.statusCode).toBe(202);
    const failed = await settled(key, asked.json().payload.id as string);
    expect(failed).toMatchObject({ status: 'failed', error: INSIGHT_MESSAGES.refreshOutOfMemory(1) });
    expect(failed.error).toBe('The refresh needed more memory than the 1 MB its models may use, and stopped; the previous insights stay in place.');

    // Still serving: the account's people are listed, and the account may ask for a refresh again.
    const people = await callWithKey(accounts, key, 'GET', 'subscribers?limit=5');
    expect(people.statusCode).toBe(200);
    expect(people.json().payload.subscribers).toHaveLength(5);
    const again = await callWithKey(accounts, key, 'POST', 'insights/refresh', {});
    expect(again.statusCode).toBe(202);
    expect((await settled(key, again.json().payload.id as string)).status).toBe('failed');
  });

  it('gives recommendations nothing to show, rather than failing the request', async () => {
    const { key } = await customerWithKey(accounts);
    const bought = (email: string, orderId: string, items: string[]) => ({
      name: 'order_placed',
      email,
      occurred_at: accounts.now().toISOString(),
      value: 10,
      currency: 'EUR',
      properties: { order_id: orderId, items: items.map((product_id) => ({ product_id })) },
    });
    expect((await callWithKey(accounts, key, 'POST', 'products', { products: [{ id: 'milk', title: 'Milk' }, { id: 'bread', title: 'Bread' }] })).json().payload.created).toBe(2);
    expect((await callWithKey(accounts, key, 'POST', 'events', { events: [bought('ann@heap.example', 'a', ['milk', 'bread']), bought('bob@heap.example', 'b', ['milk'])] })).statusCode).toBe(202);
    const bob = (await callWithKey(accounts, key, 'GET', 'subscribers?limit=5')).json().payload.subscribers.find((person: { email: string }) => person.email === 'bob@heap.example').id as string;
    const answer = await callWithKey(accounts, key, 'GET', `subscribers/${bob}/recommendations`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().payload).toEqual({ products: [] });
  });
});
