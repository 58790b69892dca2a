import { describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/client';
import { useAccountsApp } from './support/accounts-app';
import { bulkAudience, CAMPAIGNS, customerWithAudience, draft, engine } from './support/campaigns';

// Issue 32, point 6: the campaign sender serves accounts, not campaigns, in turn. One account's
// three large campaigns take one batch a pass between them; another account's small campaign goes
// out whole in the first pass beside them.

const accounts = useAccountsApp({ CAMPAIGN_MESSAGES_PER_DAY: '100000' });
const BATCH = 40;

async function sentCounts(): Promise<Map<string, number>> {
  const rows = await rawQuery<{ customer_id: string; n: number }>(
    accounts.database.db,
    `select c.customer_id, count(*)::int as n from campaign_messages m join campaigns c on c.id = m.campaign_id where m.status = 'sent' group by c.customer_id`,
    [],
  );
  return new Map(rows.map((row) => [row.customer_id, Number(row.n)]));
}

describe('fair sending between accounts', () => {
  it('sends one batch per account a pass: a small account waits one batch behind a large one’s three campaigns, not three', async () => {
    const large = await bulkAudience(accounts, 300, `fair-${process.pid}.example`);
    for (const name of ['One', 'Two', 'Three']) {
      const campaign = (await accounts.call('POST', CAMPAIGNS, large.customer.cookie, draft(large.list, { name }))).json().payload.campaign;
      expect((await accounts.call('POST', `${CAMPAIGNS}/${campaign.id}/send`, large.customer.cookie)).statusCode).toBe(200);
    }
    const small = await customerWithAudience(accounts);
    const campaign = (await accounts.call('POST', CAMPAIGNS, small.customer.cookie, draft(small.list, { name: 'Small' }))).json().payload.campaign;
    expect((await accounts.call('POST', `${CAMPAIGNS}/${campaign.id}/send`, small.customer.cookie)).statusCode).toBe(200);

    const sender = await engine(accounts, { batchSize: BATCH });
    const state = { relayDownUntil: 0 };
    try {
      await sender.run(state);
      const first = await sentCounts();
      // The small account's two active readers (its third unsubscribed) went out in the first pass; the large account got one batch.
      expect(first.get(small.customer.customerId)).toBe(2);
      expect(first.get(large.customer.customerId)).toBe(BATCH);
      await sender.run(state);
      await sender.run(state);
      // Each pass took the next of its campaigns: one batch each so far.
      const perCampaign = await rawQuery<{ name: string; n: number }>(
        accounts.database.db,
        `select c.name, count(*)::int as n from campaign_messages m join campaigns c on c.id = m.campaign_id where c.customer_id = $1::uuid and m.status = 'sent' group by c.name order by c.name`,
        [large.customer.customerId],
      );
      expect(perCampaign.map((row) => [row.name, Number(row.n)])).toEqual([['One', BATCH], ['Three', BATCH], ['Two', BATCH]]);
    } finally {
      await sender.close();
    }
  });
});
