import { CAMPAIGN_MESSAGES } from '@postlark/shared/campaigns';
import { QUOTA_MESSAGES, SENDER_MESSAGES } from '@postlark/shared/senders';
import { describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/client';
import { useAccountsApp } from './support/accounts-app';
import { CAMPAIGNS, customerWithAudience, draft, engine, FROM_EMAIL } from './support/campaigns';
import { SENDERS } from './support/senders';

// Issue 18, finding 4: per-account quotas, small here so a test reaches them. Each answers 429
// with its message and Retry-After, counts in the database, and frees up as its window slides.

const accounts = useAccountsApp({ SENDER_CONFIRMATIONS_PER_HOUR: '2', TEST_SENDS_PER_HOUR: '3', CAMPAIGN_MESSAGES_PER_DAY: '3' });
const { call } = accounts;
const HOUR = 3_600_000;

describe('account quotas', () => {
  it('confirmation emails: a few an hour per account, then 429 with Retry-After, nothing stored or sent', async () => {
    // customerWithAudience confirmed FROM_EMAIL already: one of the two this hour.
    const { customer } = await customerWithAudience(accounts);
    const second = `second-${process.pid}@quota.example`;
    const added = await call('POST', SENDERS, customer.cookie, { email: second });
    expect(added.statusCode).toBe(201);

    const third = `third-${process.pid}@quota.example`;
    const refused = await call('POST', SENDERS, customer.cookie, { email: third });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().payload.message).toBe(QUOTA_MESSAGES.senderConfirmations(2));
    expect(Number(refused.headers['retry-after'])).toBe(3600);
    const resend = await call('POST', `${SENDERS}/${added.json().payload.sender.id}/resend`, customer.cookie);
    expect(resend.statusCode).toBe(429);
    expect((await call('GET', SENDERS, customer.cookie)).json().payload.senders.map((each: { email: string }) => each.email)).not.toContain(third);
    expect(accounts.smtp.messagesTo(third)).toHaveLength(0);

    // Another account has its own quota.
    const other = await accounts.signedInCustomer();
    expect((await call('POST', SENDERS, other.cookie, { email: third })).statusCode).toBe(201);

    accounts.advance(HOUR);
    expect((await call('POST', SENDERS, customer.cookie, { email: third })).statusCode).toBe(201);
  });

  it('test sends: messages an hour per account, counted by recipient, never more even when asked at once', async () => {
    const { customer, list } = await customerWithAudience(accounts);
    const campaign = (await call('POST', CAMPAIGNS, customer.cookie, draft(list))).json().payload.campaign;
    const test = (recipients: string[]) => call('POST', `${CAMPAIGNS}/${campaign.id}/test`, customer.cookie, { recipients });

    expect((await test([customer.email, FROM_EMAIL])).statusCode).toBe(200);
    const over = await test([customer.email, FROM_EMAIL]);
    expect(over.statusCode).toBe(429);
    expect(over.json().payload.message).toBe(QUOTA_MESSAGES.testSends(3));
    expect(Number(over.headers['retry-after'])).toBe(3600);
    const parallel = await Promise.all([test([FROM_EMAIL]), test([FROM_EMAIL]), test([FROM_EMAIL])]);
    expect(parallel.map((answer) => answer.statusCode).sort()).toEqual([200, 429, 429]);

    accounts.advance(HOUR / 2);
    expect(Number((await test([FROM_EMAIL])).headers['retry-after'])).toBe(1800);
    accounts.advance(HOUR / 2);
    expect((await test([customer.email, FROM_EMAIL])).json().payload.message).toBe(CAMPAIGN_MESSAGES.testSent(2));
  });

  it('campaign messages: recipients a day per account; a send past it is refused with what is left, and stays a draft', async () => {
    const { customer, list } = await customerWithAudience(accounts);
    const first = (await call('POST', CAMPAIGNS, customer.cookie, draft(list))).json().payload.campaign;
    const second = (await call('POST', CAMPAIGNS, customer.cookie, draft(list))).json().payload.campaign;
    expect((await call('POST', `${CAMPAIGNS}/${first.id}/send`, customer.cookie)).statusCode).toBe(200);

    const refused = await call('POST', `${CAMPAIGNS}/${second.id}/send`, customer.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().payload.message).toBe(QUOTA_MESSAGES.campaignMessages(3, 1));
    expect(Number(refused.headers['retry-after'])).toBe(24 * 3600);
    expect((await call('GET', `${CAMPAIGNS}/${second.id}`, customer.cookie)).json().payload.campaign.status).toBe('draft');
    // Deleting a sent campaign gives nothing back.
    const sender = await engine(accounts);
    try {
      await sender.run();
    } finally {
      await sender.close();
    }
    expect((await call('DELETE', `${CAMPAIGNS}/${first.id}`, customer.cookie)).statusCode).toBe(200);
    expect((await call('POST', `${CAMPAIGNS}/${second.id}/send`, customer.cookie)).statusCode).toBe(429);

    accounts.advance(24 * HOUR);
    expect((await call('POST', `${CAMPAIGNS}/${second.id}/send`, customer.cookie)).statusCode).toBe(200);
  });

  it('campaign messages: a scheduled campaign past the day’s quota at its time goes back to a draft, saying why', async () => {
    const { customer, list, ada } = await customerWithAudience(accounts);
    const now = (await call('POST', CAMPAIGNS, customer.cookie, draft(list))).json().payload.campaign;
    const later = (await call('POST', CAMPAIGNS, customer.cookie, draft(list))).json().payload.campaign;
    expect((await call('POST', `${CAMPAIGNS}/${later.id}/schedule`, customer.cookie, { send_at: '2099-01-01T09:00', timezone: 'UTC' })).statusCode).toBe(200);
    expect((await call('POST', `${CAMPAIGNS}/${now.id}/send`, customer.cookie)).statusCode).toBe(200);
    // Its time comes now.
    await rawQuery(accounts.database.db, 'update campaigns set scheduled_at = $1 where id = $2', [accounts.now().toISOString(), later.id]);

    const sender = await engine(accounts);
    try {
      await sender.run();
    } finally {
      await sender.close();
    }
    expect((await call('GET', `${CAMPAIGNS}/${later.id}`, customer.cookie)).json().payload.campaign).toMatchObject({ status: 'draft', held_reason: SENDER_MESSAGES.heldQuota });
    expect(accounts.smtp.messagesTo(ada)).toHaveLength(1);
  });
});
