import { randomBytes } from 'node:crypto';
import { WEBHOOK_ADDRESS_REFUSED } from '@postlark/shared/outgoing-webhooks';
import { describe, expect, it } from 'vitest';
import { secretBoxWith } from '../src/lib/secret-box';
import { callWebhook } from '../src/modules/automations/flow-webhook';
import { deliverDueWebhooks, WEBHOOK_SENDER_DEFAULTS } from '../src/modules/outgoing-webhooks/webhook-sender';
import { publicAddressesOnly } from '../src/modules/outgoing-webhooks/webhook-target';
import { useAccountsApp } from './support/accounts-app';
import { useHookReceiver } from './support/hook-receiver';

// With the production address check on, a webhook to a name that resolves inside (here
// `localhost`, 127.0.0.1) is refused at the connection, and what the customer's delivery log
// keeps is the one shared text: never what this server's resolver answered for the name.

const SECRETS_KEY = randomBytes(32);
const accounts = useAccountsApp({ SECRETS_KEY: SECRETS_KEY.toString('base64'), WEBHOOKS_ALLOW_LOCAL: 'true' });
const receiver = useHookReceiver('/hooks');
const HOOKS = 'home/v1/webhooks';
const byName = () => receiver.url.replace('127.0.0.1', 'localhost');
const log = { warn: () => {}, error: () => {} };

describe('a webhook to a name that resolves to this machine', () => {
  it('is logged on the endpoint as "address not allowed", with no address', async () => {
    const customer = await accounts.signedInCustomer();
    const created = await accounts.call('POST', HOOKS, customer.cookie, { url: byName(), event_types: ['campaign.sent'] });
    const endpointId = created.json().payload.endpoint.id as string;
    // The literal address too: one text for every refusal.
    const literal = (await accounts.call('POST', HOOKS, customer.cookie, { url: receiver.url, event_types: ['campaign.sent'] })).json().payload.endpoint.id as string;
    for (const id of [endpointId, literal]) expect((await accounts.call('POST', `${HOOKS}/${id}/test`, customer.cookie)).statusCode).toBe(202);

    const settings = { ...WEBHOOK_SENDER_DEFAULTS, timeoutMs: 2_000 };
    await deliverDueWebhooks({ db: accounts.database.db, now: accounts.now, secrets: secretBoxWith(SECRETS_KEY), allowed: publicAddressesOnly, settings, log });
    expect(receiver.posts).toEqual([]);
    for (const id of [endpointId, literal]) {
      const answer = await accounts.call('GET', `${HOOKS}/${id}/deliveries`, customer.cookie);
      expect(answer.json().payload.attempts).toMatchObject([{ status_code: null, error: WEBHOOK_ADDRESS_REFUSED, delivery_status: 'pending' }]);
      expect(answer.body).not.toContain('127.0.0.1');
      expect(answer.body).not.toContain('::1');
    }
  });

  it('is what a flow webhook step records, with no address', async () => {
    const customer = await accounts.signedInCustomer();
    const person = { id: 'b7c5c7b4-0f39-4a8e-9a53-0d2f8f8c1a11', customerId: customer.customerId, email: 'lead@example.com', firstName: 'Lee', lastName: '', attributes: {}, timezone: null, status: 'active' };
    const outcome = await callWebhook(
      accounts.database.db,
      { flowId: 'flow-1', runId: 'run-1', stepRunId: 1, step: { id: 'hook', type: 'webhook', url: byName(), data: {}, next: null } as never, person, trigger: {} },
      { now: accounts.now(), timeoutMs: 2_000, allowed: publicAddressesOnly, secrets: secretBoxWith(SECRETS_KEY) },
    );
    expect(outcome).toMatchObject({ ok: false, detail: WEBHOOK_ADDRESS_REFUSED });
    expect(receiver.posts).toEqual([]);
  });
});
