import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/client';
import { runFlowsOnce } from '../src/modules/automations/flow-engine';
import type { FlowEngineDeps } from '../src/modules/automations/flow-engine-deps';
import { smtpCampaignTransport } from '../src/modules/campaigns/campaign-transport';
import { useAccountsApp } from './support/accounts-app';
import { emailStep, flowCustomer, flowEngine, personEmail } from './support/flows';
import { type RefusingRelay, startRefusingRelay } from './support/refusing-relay';

// Issue 30, point 3: automation email steps follow the campaign sender's rules: a relay's refusal
// of the sender bounces and suppresses no one; the step retries and then fails with its words.

const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000' });
const SES_REFUSAL = 'Message rejected: Email address is not verified. The following identities failed the check in region US-EAST-1: ada@acme.example';

let relay: RefusingRelay;
beforeAll(async () => {
  relay = await startRefusingRelay();
});
afterAll(async () => relay.stop());

/** Passes of the flow engine, relaying to the refusing relay, a minute of the test's clock apart. */
async function runPasses(passes: number, overrides: Partial<FlowEngineDeps['settings']> = {}) {
  const base = await flowEngine(accounts, overrides);
  const transport = smtpCampaignTransport(relay.url, { connections: 1 });
  const deps: FlowEngineDeps = { ...base.deps, transport };
  try {
    for (let pass = 0; pass < passes; pass += 1) {
      await runFlowsOnce(deps);
      accounts.advance(60_000);
    }
  } finally {
    await transport.close();
    await base.close();
  }
}

describe('an automation email the relay refuses', () => {
  it('bounces and suppresses no one when the relay refuses the sender: the step fails with the relay’s words, and the customer is told', async () => {
    const customer = await flowCustomer(accounts);
    const people = Array.from({ length: 5 }, () => personEmail('reader'));
    const ids = [];
    for (const email of people) ids.push(await customer.subscriber(email));
    const flowId = await customer.activeFlow('Welcome', { trigger: { type: 'event', event: 'signed_up' }, start: 'welcome', steps: [emailStep('welcome')] });
    relay.plan = { data: () => ({ code: 554, text: SES_REFUSAL }) };
    await customer.events(people.map((email, index) => ({ name: 'signed_up', email, id: `signup-${index}` })));
    await runPasses(6, { maxAttempts: 2 });
    relay.plan = {};

    const bounces = await rawQuery<{ n: number }>(accounts.database.db, `select count(*)::int as n from campaign_bounces where subscriber_id = any($1::uuid[])`, [ids]);
    expect(bounces[0]!.n).toBe(0);
    const statuses = await rawQuery<{ status: string }>(accounts.database.db, `select status from subscribers where id = any($1::uuid[])`, [ids]);
    expect(statuses.map((row) => row.status)).toEqual(Array(5).fill('active'));
    const suppressed = await rawQuery<{ n: number }>(accounts.database.db, `select count(*)::int as n from suppressions where customer_id = $1::uuid`, [customer.customerId]);
    expect(suppressed[0]!.n).toBe(0);

    const runs = await customer.runs(flowId);
    expect(runs).toHaveLength(5);
    for (const run of runs) {
      const step = run.steps.find((each) => each.step_id === 'welcome')!;
      expect(step.status).toBe('failed');
      expect(step.reason).toContain('Gave up after 2 attempts. The relay refused the sender, not the reader (no bounce recorded)');
      expect(step.reason).toContain(SES_REFUSAL);
    }
    const notifications = (await accounts.call('GET', 'home/v1/notifications', customer.cookie)).json().payload.notifications as { kind: string; link: string | null }[];
    expect(notifications.filter((each) => each.kind === 'automation-sender-refused')).toEqual([expect.objectContaining({ link: expect.stringContaining(flowId) })]);
  });
});
