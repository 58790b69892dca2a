import { AUTOMATION_MESSAGES } from '@postlark/shared/automations-messages';
import { describe, expect, it } from 'vitest';
import { useAccountsApp } from './support/accounts-app';
import { emailStep, FLOWS, flowCustomer } from './support/flows';

// Issue 31: how many flows an account may keep (every batch of events looks at them all), and how
// many of them may be active with a segment or date trigger (each looked at every minute).

const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000', FLOWS_PER_ACCOUNT: '3', FLOW_SCANNED_PER_ACCOUNT: '1' });
const { call } = accounts;

const draft = (name: string) => ({ name, definition: { trigger: { type: 'event', event: 'signed_up' }, start: null, steps: [] } });

describe('flows per account', () => {
  it('refuses a flow past FLOWS_PER_ACCOUNT with a 409 that says so, and takes one again once another is deleted', async () => {
    const customer = await flowCustomer(accounts);
    const first = await call('POST', FLOWS, customer.cookie, draft('One'));
    expect(first.statusCode, first.body).toBe(201);
    expect((await call('POST', FLOWS, customer.cookie, { name: 'Two', template: 'welcome_series' })).statusCode).toBe(201);
    expect((await call('POST', FLOWS, customer.cookie, draft('Three'))).statusCode).toBe(201);

    const fourth = await call('POST', FLOWS, customer.cookie, draft('Four'));
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().payload.message).toBe(AUTOMATION_MESSAGES.tooManyFlows(3));
    expect((await call('GET', FLOWS, customer.cookie)).json().payload.flows.map((flow: { name: string }) => flow.name).sort()).toEqual(['One', 'Three', 'Two']);
    // Another account's flows are its own.
    const other = await flowCustomer(accounts);
    expect((await call('POST', FLOWS, other.cookie, draft('Theirs'))).statusCode).toBe(201);

    expect((await call('DELETE', `${FLOWS}/${first.json().payload.flow.id}`, customer.cookie)).statusCode).toBe(200);
    expect((await call('POST', FLOWS, customer.cookie, draft('Four'))).statusCode).toBe(201);
  });

  it('activates at most FLOW_SCANNED_PER_ACCOUNT flows started by a segment or a date, saying so past it; others activate as before', async () => {
    const customer = await flowCustomer(accounts);
    const segment = (await call('POST', 'audience/v1/segments', customer.cookie, { name: 'VIPs', definition: { conditions: [{ field: 'attribute', key: 'tier', op: 'is', value: 'vip' }] } })).json()
      .payload.segment.id as string;
    const flow = async (name: string, trigger: object) => {
      const created = await call('POST', FLOWS, customer.cookie, { name, definition: { trigger, start: 'mail', steps: [emailStep('mail')] } });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().payload.flow.id as string;
    };
    const vips = await flow('VIP welcome', { type: 'segment_entered', segment_id: segment });
    const birthdays = await flow('Birthdays', { type: 'date', attribute: 'birthday' });
    const orders = await flow('Thanks', { type: 'event', event: 'order_placed' });
    expect((await call('POST', `${FLOWS}/${vips}/activate`, customer.cookie)).statusCode).toBe(200);

    const refused = await call('POST', `${FLOWS}/${birthdays}/activate`, customer.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().payload.message).toBe(AUTOMATION_MESSAGES.tooManyScannedFlows(1));
    expect((await call('GET', `${FLOWS}/${birthdays}`, customer.cookie)).json().payload.flow.status).toBe('draft');
    // A live edit cannot turn an active flow into another one either.
    expect((await call('POST', `${FLOWS}/${orders}/activate`, customer.cookie)).statusCode).toBe(200);
    const edited = await call('PUT', `${FLOWS}/${orders}`, customer.cookie, { definition: { trigger: { type: 'date', attribute: 'birthday' }, start: 'mail', steps: [emailStep('mail')] } });
    expect(edited.statusCode).toBe(409);
    expect(edited.json().payload.message).toBe(AUTOMATION_MESSAGES.tooManyScannedFlows(1));

    expect((await call('POST', `${FLOWS}/${vips}/pause`, customer.cookie)).statusCode).toBe(200);
    expect((await call('POST', `${FLOWS}/${birthdays}/activate`, customer.cookie)).statusCode).toBe(200);
  });
});
