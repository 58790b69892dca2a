import { describe, expect, it } from 'vitest';
import { requestLink } from './support/accounts';
import { useAccountsApp } from './support/accounts-app';
import { CAMPAIGNS, customerWithAudience, draft } from './support/campaigns';
import { testDkimKey } from './support/dkim-key';
import { confirmSender } from './support/senders';

// With DKIM_* set, every message the server relays is signed with the one key, not only campaign
// messages (campaign-delivery.test.ts): account mail and a campaign's test sends as well, so a
// customer checking their domain's alignment with a test send sees what their readers will get.

const key = testDkimKey();
const accounts = useAccountsApp({ DKIM_DOMAIN: key.settings.domainName, DKIM_SELECTOR: key.settings.keySelector, DKIM_PRIVATE_KEY: key.settings.privateKey });

describe('DKIM on the mail queue', () => {
  it('signs account mail and test sends with the configured key', async () => {
    const reader = `dkim-${Date.now()}@lark.example`;
    expect((await requestLink(accounts.app, reader, 'sign-up')).statusCode).toBe(200);
    expect(await key.verify((await accounts.smtp.waitForMessage(reader)).raw)).toEqual({ result: 'pass', domain: 'lark.example' });

    const { customer, list, ada } = await customerWithAudience(accounts);
    const campaign = (await accounts.call('POST', CAMPAIGNS, customer.cookie, draft(list))).json().payload.campaign;
    // Tests go only to confirmed addresses: the first message to it was its confirmation link.
    await confirmSender(accounts, customer.cookie, ada);
    expect((await accounts.call('POST', `${CAMPAIGNS}/${campaign.id}/test`, customer.cookie, { recipients: [ada] })).statusCode).toBe(200);
    const test = await accounts.smtp.waitForMessage(ada, { after: 1 });
    expect(test.subject).toBe('[Test] Hello Ada');
    expect(await key.verify(test.raw)).toEqual({ result: 'pass', domain: 'lark.example' });
  });
});
