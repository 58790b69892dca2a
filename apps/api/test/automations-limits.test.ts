import { AUTOMATION_MESSAGES } from '@postlark/shared/automations-messages';
import { describe, expect, it } from 'vitest';
import { useAccountsApp } from './support/accounts-app';
import { FLOWS, flowCustomer } from './support/flows';

// Issue 31: how many flows an account may keep (every batch of events looks at them all).

const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000', FLOWS_PER_ACCOUNT: '2' });
const { call } = accounts;

const draft = (name: string) => ({ name, definition: { trigger: { type: 'event', event: 'signed_up' }, start: null, steps: [] } });

describe('flows per account', () => {
  it('refuses a flow past FLOWS_PER_ACCOUNT with a 409 that says so, and takes one again once another is deleted', async () => {
    const customer = await flowCustomer(accounts);
    const first = await call('POST', FLOWS, customer.cookie, draft('One'));
    expect(first.statusCode, first.body).toBe(201);
    expect((await call('POST', FLOWS, customer.cookie, { name: 'Two', template: 'welcome_series' })).statusCode).toBe(201);

    const third = await call('POST', FLOWS, customer.cookie, draft('Three'));
    expect(third.statusCode).toBe(409);
    expect(third.json().payload.message).toBe(AUTOMATION_MESSAGES.tooManyFlows(2));
    expect((await call('GET', FLOWS, customer.cookie)).json().payload.flows.map((flow: { name: string }) => flow.name).sort()).toEqual(['One', 'Two']);
    // Another account's flows are its own.
    const other = await flowCustomer(accounts);
    expect((await call('POST', FLOWS, other.cookie, draft('Theirs'))).statusCode).toBe(201);

    expect((await call('DELETE', `${FLOWS}/${first.json().payload.flow.id}`, customer.cookie)).statusCode).toBe(200);
    expect((await call('POST', FLOWS, customer.cookie, draft('Three'))).statusCode).toBe(201);
  });
});
