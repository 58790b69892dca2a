import { CAMPAIGN_MESSAGES } from '@postlark/shared/campaigns';
import { describe, expect, it } from 'vitest';
import { useAccountsApp } from './support/accounts-app';
import { CAMPAIGNS, customerWithAudience, draft } from './support/campaigns';

// Issue 38, point 10: the Send now dialog's count is who the sender would mail now: the list's
// people without the unsubscribed (the sender's own rule), the customer's own campaigns only.

const accounts = useAccountsApp();
const { call } = accounts;

describe('a campaign recipient count', () => {
  it('counts the emailable people of its lists, leaving out the unsubscribed, and answers 404 for another account or a bad id', async () => {
    const { customer, list } = await customerWithAudience(accounts);
    const id = (await call('POST', CAMPAIGNS, customer.cookie, draft(list))).json().payload.campaign.id as string;

    const response = await call('GET', `${CAMPAIGNS}/${id}/recipients`, customer.cookie);
    expect(response.statusCode, response.body).toBe(200);
    // Ada and the nameless reader; "gone" unsubscribed.
    expect(response.json().payload).toEqual({ recipients: 2 });

    const other = await accounts.signedInCustomer();
    const foreign = await call('GET', `${CAMPAIGNS}/${id}/recipients`, other.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().payload.message).toBe(CAMPAIGN_MESSAGES.notFound);
    expect((await call('GET', `${CAMPAIGNS}/not-an-id/recipients`, customer.cookie)).statusCode).toBe(404);
  });
});
