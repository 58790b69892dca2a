import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/results';
import { runFlowsOnce } from '../src/modules/automations/flow-engine';
import { scanTriggersOnce } from '../src/modules/automations/flow-scans';
import { useAccountsApp } from './support/accounts-app';
import { emailStep, flowCustomer, flowEngine } from './support/flows';

// Issue 31, point 10: segment and date triggers are looked at in a loop of their own, not before a
// pass's steps, and an account's many such flows take their turns with another account's one.

const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000' });
const { call } = accounts;

/** How many of the account's flows have had their look, as stored. */
async function looked(customerId: string): Promise<number> {
  const rows = rowsOf<{ n: number }>(await accounts.database.db.execute(sql`select count(checked_at)::int as n from flows where customer_id = ${customerId}::uuid`));
  return rows[0]!.n;
}

async function segmentFlows(count: number) {
  const customer = await flowCustomer(accounts);
  const segment = (await call('POST', 'audience/v1/segments', customer.cookie, { name: 'VIPs', definition: { conditions: [{ field: 'attribute', key: 'tier', op: 'is', value: 'vip' }] } })).json()
    .payload.segment.id as string;
  for (let n = 0; n < count; n += 1) {
    await customer.activeFlow(`VIP welcome ${n}`, { trigger: { type: 'segment_entered', segment_id: segment }, start: 'mail', steps: [emailStep('mail')] });
  }
  return customer;
}

describe('segment and date trigger scans', () => {
  it('looks at one flow of each account a pass, in turns, and never in the pass that runs the steps', async () => {
    const a = await segmentFlows(3);
    const b = await segmentFlows(1);
    const engine = await flowEngine(accounts, { scansPerAccount: 1, scansPerPass: 20 });
    try {
      await runFlowsOnce(engine.deps);
      expect([await looked(a.customerId), await looked(b.customerId)]).toEqual([0, 0]);

      expect(await scanTriggersOnce(engine.deps)).toBe(2);
      expect([await looked(a.customerId), await looked(b.customerId)]).toEqual([1, 1]);
      expect(await scanTriggersOnce(engine.deps)).toBe(1);
      expect(await scanTriggersOnce(engine.deps)).toBe(1);
      expect(await scanTriggersOnce(engine.deps)).toBe(0);
      expect([await looked(a.customerId), await looked(b.customerId)]).toEqual([3, 1]);
    } finally {
      await engine.close();
    }

    // One look a pass: the accounts alternate, A's three flows waiting do not keep B's out.
    accounts.advance(60_000);
    const single = await flowEngine(accounts, { scansPerAccount: 1, scansPerPass: 1 });
    try {
      const served: string[] = [];
      for (let pass = 0; pass < 4; pass += 1) {
        const before = [await lookedAt(a.customerId), await lookedAt(b.customerId)];
        expect(await scanTriggersOnce(single.deps)).toBe(1);
        const after = [await lookedAt(a.customerId), await lookedAt(b.customerId)];
        served.push(after[0] !== before[0] ? 'A' : 'B');
      }
      expect(served.slice(0, 2).sort()).toEqual(['A', 'B']);
      expect(served.slice(2)).toEqual(['A', 'A']);
    } finally {
      await single.close();
    }
  });
});

/** When the account's flows were last looked at, as stored (changes at each of its looks). */
async function lookedAt(customerId: string): Promise<string> {
  const rows = rowsOf<{ at: string }>(await accounts.database.db.execute(sql`select string_agg(checked_at::text, ',' order by id) as at from flows where customer_id = ${customerId}::uuid`));
  return rows[0]!.at;
}
