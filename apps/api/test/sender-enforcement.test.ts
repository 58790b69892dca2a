import { CAMPAIGN_MESSAGES } from '@postlark/shared/campaigns';
import { SENDER_MESSAGES } from '@postlark/shared/senders';
import { describe, expect, it } from 'vitest';
import { useAccountsApp } from './support/accounts-app';
import { CAMPAIGNS, customerWithAudience, draft, engine } from './support/campaigns';
import { confirmSender, SENDERS } from './support/senders';

// Issue 18, finding 4, and issue 30: only the customer's own addresses receive test sends, and
// only those that can be authenticated (at the operator's domain here, lark.example, or free mail;
// authenticated domains: sending-domains.test.ts) send campaigns. A draft may keep any From
// address, so no work is lost; sending it is what is refused.

const accounts = useAccountsApp();
const { call } = accounts;
const TOMORROW = { send_at: '2026-06-02T09:00', timezone: 'Europe/London' };

describe('a campaign’s From address', () => {
  it('may be unconfirmed in a draft, but send, schedule and a scheduled edit refuse it, naming it on the field', async () => {
    const { customer, list } = await customerWithAudience(accounts);
    const unconfirmed = `stranger-${process.pid}@lark.example`;
    const created = await call('POST', CAMPAIGNS, customer.cookie, draft(list, { from_email: unconfirmed }));
    expect(created.statusCode).toBe(201);
    const campaign = created.json().payload.campaign;
    expect(campaign.from_email).toBe(unconfirmed);

    for (const action of ['send', 'schedule'] as const) {
      const refused = await call('POST', `${CAMPAIGNS}/${campaign.id}/${action}`, customer.cookie, action === 'schedule' ? TOMORROW : undefined);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().payload.message).toBe(SENDER_MESSAGES.fromNotAuthenticated(unconfirmed));
      expect(refused.json().payload.errors).toEqual({ from_email: SENDER_MESSAGES.fromNotAuthenticated(unconfirmed) });
    }
    expect((await call('GET', `${CAMPAIGNS}/${campaign.id}`, customer.cookie)).json().payload.campaign.status).toBe('draft');

    // A pending sender is not a confirmed one.
    await call('POST', SENDERS, customer.cookie, { email: unconfirmed });
    expect((await call('POST', `${CAMPAIGNS}/${campaign.id}/send`, customer.cookie)).statusCode).toBe(400);

    // Scheduled with a confirmed address, it cannot be edited to an unconfirmed one.
    await call('PATCH', `${CAMPAIGNS}/${campaign.id}`, customer.cookie, { from_email: 'news@lark.example' });
    expect((await call('POST', `${CAMPAIGNS}/${campaign.id}/schedule`, customer.cookie, TOMORROW)).statusCode).toBe(200);
    const edit = await call('PATCH', `${CAMPAIGNS}/${campaign.id}`, customer.cookie, { from_email: unconfirmed });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().payload.errors).toEqual({ from_email: SENDER_MESSAGES.fromNotAuthenticated(unconfirmed) });
  });

  it('sends from the account’s own address at the operator’s domain, never from its own address elsewhere', async () => {
    const { customer, list, ada } = await customerWithAudience(accounts);
    // The account's address (reader…@example.com) is its own, but nothing signs for example.com.
    const fromAccount = (await call('POST', CAMPAIGNS, customer.cookie, draft(list, { from_email: customer.email }))).json().payload.campaign;
    const refused = await call('POST', `${CAMPAIGNS}/${fromAccount.id}/send`, customer.cookie);
    expect(refused.json().payload.errors).toEqual({ from_email: SENDER_MESSAGES.fromNotAuthenticated(customer.email.toLowerCase()) });

    const fromOperator = (await call('POST', CAMPAIGNS, customer.cookie, draft(list))).json().payload.campaign;
    expect((await call('POST', `${CAMPAIGNS}/${fromOperator.id}/send`, customer.cookie)).statusCode).toBe(200);
    const sender = await engine(accounts);
    try {
      await sender.run();
    } finally {
      await sender.close();
    }
    expect(accounts.smtp.messagesTo(ada).map((message) => message.from)).toEqual(['"Lark Letters" <news@lark.example>']);
  });

  it('confirmed by one customer is not another’s', async () => {
    const first = await customerWithAudience(accounts);
    const second = await customerWithAudience(accounts);
    const shared = `shared-${process.pid}@lark.example`;
    await confirmSender(accounts, first.customer.cookie, shared);
    const campaign = (await call('POST', CAMPAIGNS, second.customer.cookie, draft(second.list, { from_email: shared }))).json().payload.campaign;
    expect((await call('POST', `${CAMPAIGNS}/${campaign.id}/send`, second.customer.cookie)).json().payload.errors).toEqual({
      from_email: SENDER_MESSAGES.fromNotAuthenticated(shared),
    });
  });

  it('stops a scheduled campaign at its time when its sender was removed meanwhile, saying why, and sends nothing', async () => {
    const { customer, list, ada, nameless } = await customerWithAudience(accounts);
    const from = `weekly-${process.pid}@lark.example`;
    await confirmSender(accounts, customer.cookie, from);
    const campaign = (await call('POST', CAMPAIGNS, customer.cookie, draft(list, { from_email: from }))).json().payload.campaign;
    expect((await call('POST', `${CAMPAIGNS}/${campaign.id}/schedule`, customer.cookie, TOMORROW)).statusCode).toBe(200);
    const senderId = (await call('GET', SENDERS, customer.cookie)).json().payload.senders.find((each: { email: string }) => each.email === from).id;
    expect((await call('DELETE', `${SENDERS}/${senderId}`, customer.cookie)).statusCode).toBe(200);

    accounts.advance(24 * 3_600_000);
    const sender = await engine(accounts);
    try {
      // (Other tests' scheduled campaigns start in this pass too.)
      await sender.run();
    } finally {
      await sender.close();
    }
    const held = (await call('GET', `${CAMPAIGNS}/${campaign.id}`, customer.cookie)).json().payload.campaign;
    expect(held).toMatchObject({ status: 'draft', scheduled_at: null, started_at: null, held_reason: SENDER_MESSAGES.heldFromNotConfirmed(from) });
    expect((await call('GET', CAMPAIGNS, customer.cookie)).json().payload.campaigns.find((each: { id: string }) => each.id === campaign.id).held_reason).toBe(
      SENDER_MESSAGES.heldFromNotConfirmed(from),
    );
    expect(accounts.smtp.messagesTo(ada)).toHaveLength(0);
    expect(accounts.smtp.messagesTo(nameless)).toHaveLength(0);
    // The customer is told in their notifications too, with a link to the campaign.
    const notifications = (await call('GET', 'home/v1/notifications', customer.cookie)).json().payload.notifications;
    expect(notifications).toMatchObject([{ kind: 'campaign-held', title: 'A scheduled campaign was not sent', link: `/dashboard/campaigns/${campaign.id}` }]);

    // Fixed and sent, the reason goes.
    await call('PATCH', `${CAMPAIGNS}/${campaign.id}`, customer.cookie, { from_email: 'news@lark.example' });
    const sent = await call('POST', `${CAMPAIGNS}/${campaign.id}/send`, customer.cookie);
    expect(sent.json().payload.campaign).toMatchObject({ status: 'sending', held_reason: null });
  });
});

describe('test sends', () => {
  it('go only to confirmed addresses: any other is refused, named on the field, and nothing is sent', async () => {
    const { customer, list, ada } = await customerWithAudience(accounts);
    const campaign = (await call('POST', CAMPAIGNS, customer.cookie, draft(list))).json().payload.campaign;
    const refused = await call('POST', `${CAMPAIGNS}/${campaign.id}/test`, customer.cookie, { recipients: [customer.email, ada] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().payload.message).toBe(SENDER_MESSAGES.testRecipientNotConfirmed(ada));
    expect(refused.json().payload.errors).toEqual({ recipients: SENDER_MESSAGES.testRecipientNotConfirmed(ada) });

    const own = await call('POST', `${CAMPAIGNS}/${campaign.id}/test`, customer.cookie, { recipients: [customer.email, 'news@lark.example'] });
    expect(own.json().payload.message).toBe(CAMPAIGN_MESSAGES.testSent(2));
    // The account's first message was its sign-up link.
    expect((await accounts.smtp.waitForMessage(customer.email, { after: 1 })).subject).toBe('[Test] Hello there');
    expect(accounts.smtp.messagesTo(ada)).toHaveLength(0);
  });
});
