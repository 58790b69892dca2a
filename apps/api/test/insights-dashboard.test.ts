import { INSIGHT_MESSAGES, RFM_GROUPS, type InsightsRefresh } from '@postlark/shared/insights';
import { INSIGHTS_TABLE_SIZE, type InsightsSummary } from '@postlark/shared/insights-dashboard';
import { describe, expect, it } from 'vitest';
import { useAccountsApp } from './support/accounts-app';
import { callWithKey, customerWithKey } from './support/api-keys';
import { eventually } from './support/eventually';
import { orderEvent as order, steadyShop } from './support/purchase-orders';

// The Insights page's reads (GET /api/insights/v1/summary) and its "Refresh now"
// (POST /api/insights/v1/refreshes, GET /api/insights/v1/refreshes/{id}), behind the session.

const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000' }, {}, { startAt: new Date('2026-11-24T10:00:00Z') });

async function sendEvents(key: string, events: object[]) {
  const response = await callWithKey(accounts, key, 'POST', 'events', { events });
  expect(response.statusCode).toBe(202);
  expect(response.json().payload.rejected).toEqual([]);
}

async function summaryOf(cookie: string): Promise<InsightsSummary> {
  const response = await accounts.call('GET', 'insights/v1/summary', cookie);
  expect(response.statusCode).toBe(200);
  return response.json().payload as InsightsSummary;
}

/** "Refresh now" as the page does it, then its progress until done. */
async function refreshThroughPage(cookie: string): Promise<InsightsRefresh> {
  const started = await accounts.call('POST', 'insights/v1/refreshes', cookie);
  expect(started.statusCode).toBe(202);
  const { id } = started.json().payload as InsightsRefresh;
  return eventually(
    async () => {
      const state = (await accounts.call('GET', `insights/v1/refreshes/${id}`, cookie)).json().payload as InsightsRefresh;
      expect(state.status).not.toBe('failed');
      return state.status === 'done' ? state : undefined;
    },
    { timeoutMs: 20_000, what: 'the refresh' },
  );
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

describe('the Insights page', () => {
  it('needs a session', async () => {
    expect((await accounts.call('GET', 'insights/v1/summary')).statusCode).toBe(401);
    expect((await accounts.call('POST', 'insights/v1/refreshes')).statusCode).toBe(401);
  });

  it('says there are no orders yet, then that they are not computed, then the thin data’s figures with what is missing', async () => {
    const { customer, key } = await customerWithKey(accounts);
    const empty = await summaryOf(customer.cookie);
    expect(empty).toMatchObject({ state: 'no_orders', headline: null, months: [], rfm: null, model: null, refresh: null, at_risk: [], top_customers: [] });

    await sendEvents(key, [
      order('ada@thin.example', 't1', new Date('2026-09-01T09:00:00Z'), 30),
      order('ada@thin.example', 't2', new Date('2026-10-03T18:00:00Z'), 12.5),
      order('bob@thin.example', 't3', new Date('2026-10-10T09:00:00Z'), 55),
      order('cy@thin.example', 't4', new Date('2026-11-02T09:00:00Z'), 20, 'USD'),
    ]);
    expect((await summaryOf(customer.cookie)).state).toBe('not_computed');

    const done = await refreshThroughPage(customer.cookie);
    const summary = await summaryOf(customer.cookie);
    expect(summary.state).toBe('computed');
    expect(summary.refresh).toMatchObject({ id: done.id, status: 'done', people_done: 3 });
    expect(summary.as_of).toBe(done.model!.as_of);
    expect(summary.currency).toBe('EUR');
    expect(summary.mixed_currencies).toBe(true);
    expect(summary.headline).toEqual({
      customers: 3,
      orders: 4,
      revenue: 117.5,
      repeat_rate: 1 / 3,
      average_order_value: 117.5 / 4,
      expected_orders_365d: null,
      predicted_value_365d: null,
    });
    expect(summary.months).toEqual([
      { month: '2026-09', orders: 1, revenue: 30, customers: 1 },
      { month: '2026-10', orders: 2, revenue: 67.5, customers: 2 },
      { month: '2026-11', orders: 1, revenue: 20, customers: 1 },
    ]);
    // Too few for RFM and predictions: no grid, no histogram, and the notes say exactly why.
    expect(summary.rfm).toBeNull();
    expect(summary.value_distribution).toBeNull();
    expect(summary.model!.notes).toEqual([INSIGHT_MESSAGES.needCustomers(3), INSIGHT_MESSAGES.needRfmCustomers(3)]);
    expect(summary.model!.bg_nbd).toBeNull();
    expect(summary.top_customers.map((person) => [person.email, person.orders, person.revenue])).toEqual([
      ['bob@thin.example', 1, 55],
      ['ada@thin.example', 2, 42.5],
      ['cy@thin.example', 1, 20],
    ]);
    expect(summary.at_risk).toEqual([]);
  });

  it('adds up a fitted account: the RFM grid, the predicted-value histogram, people at risk and top customers', async () => {
    const { customer, key } = await customerWithKey(accounts);
    await sendEvents(key, steadyShop('fit.example', accounts.now()));
    await refreshThroughPage(customer.cookie);
    const summary = await summaryOf(customer.cookie);

    expect(summary.model!.notes).toEqual([]);
    expect(summary.model!.bg_nbd!.r.standard_error).toBeGreaterThan(0);
    const headline = summary.headline!;
    expect(headline.customers).toBe(120);
    expect(headline.orders).toBe(sum(summary.months.map((month) => month.orders)));
    expect(headline.expected_orders_365d).toBeGreaterThan(0);
    expect(headline.predicted_value_365d).toBeGreaterThan(0);

    const { cells, groups } = summary.rfm!;
    expect(sum(cells.map((cell) => cell.customers))).toBe(120);
    for (const cell of cells) {
      for (const score of [cell.recency, cell.frequency]) expect(score >= 1 && score <= 5).toBe(true);
      expect(RFM_GROUPS).toContain(cell.group);
    }
    expect(sum(groups.map((group) => group.customers))).toBe(120);
    for (const group of groups) expect(RFM_GROUPS).toContain(group.group);
    expect(sum(groups.map((group) => group.revenue))).toBeCloseTo(headline.revenue, 2);

    const bins = summary.value_distribution!;
    expect(sum(bins.map((bin) => bin.customers))).toBe(120);
    expect(bins.at(-1)!.to).toBeNull();
    bins.slice(0, -1).forEach((bin, index) => expect(bin.to).toBe(bins[index + 1]!.from));

    expect(summary.at_risk.length).toBeGreaterThan(0);
    expect(summary.at_risk.length).toBeLessThanOrEqual(INSIGHTS_TABLE_SIZE);
    const risks = summary.at_risk.map((person) => person.churn_risk!);
    expect(risks).toEqual([...risks].sort((one, two) => two - one));
    for (const risk of risks) expect(risk).toBeGreaterThanOrEqual(0.5);
    const revenues = summary.top_customers.map((person) => person.revenue);
    expect(summary.top_customers).toHaveLength(INSIGHTS_TABLE_SIZE);
    expect(revenues).toEqual([...revenues].sort((one, two) => two - one));
    expect(summary.top_customers[0]!.email).toMatch(/@fit\.example$/);
  });

  it('never shows another customer’s figures, people or refreshes', async () => {
    const owner = await customerWithKey(accounts);
    await sendEvents(owner.key, [
      ...['ann', 'ben', 'cat', 'dan', 'eve', 'fay'].map((name, index) => order(`${name}@owner.example`, `o${index}`, new Date(Date.UTC(2026, 9, 1 + index)), 40 + index)),
      order('ann@owner.example', 'o-again', new Date('2026-11-01T09:00:00Z'), 99),
    ]);
    const done = await refreshThroughPage(owner.customer.cookie);
    expect((await summaryOf(owner.customer.cookie)).rfm).not.toBeNull();

    const other = await customerWithKey(accounts);
    // Same addresses, bought elsewhere: separate people with their own figures.
    await sendEvents(other.key, [order('ann@owner.example', 'x1', new Date('2026-11-10T09:00:00Z'), 5)]);
    const before = await summaryOf(other.customer.cookie);
    expect(before).toMatchObject({ state: 'not_computed', headline: null, top_customers: [], refresh: null, model: null });
    const peek = await accounts.call('GET', `insights/v1/refreshes/${done.id}`, other.customer.cookie);
    expect(peek.statusCode).toBe(404);
    expect(peek.json().payload.message).toBe(INSIGHT_MESSAGES.refreshNotFound);

    await refreshThroughPage(other.customer.cookie);
    const theirs = await summaryOf(other.customer.cookie);
    expect(theirs.headline).toMatchObject({ customers: 1, orders: 1, revenue: 5 });
    expect(theirs.top_customers).toEqual([expect.objectContaining({ email: 'ann@owner.example', orders: 1, revenue: 5 })]);
    expect(theirs.model!.notes).toContain(INSIGHT_MESSAGES.needRfmCustomers(1));
    const mine = await summaryOf(owner.customer.cookie);
    expect(mine.headline).toMatchObject({ customers: 6, orders: 7 });
    expect(mine.top_customers.find((person) => person.email === 'ann@owner.example')).toMatchObject({ orders: 2, revenue: 139 });
  });

  it('answers a refresh id that is not one with 404', async () => {
    const { customer } = await customerWithKey(accounts);
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const response = await accounts.call('GET', `insights/v1/refreshes/${id}`, customer.cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json().payload.message).toBe(INSIGHT_MESSAGES.refreshNotFound);
    }
  });
});
