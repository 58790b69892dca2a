import { CALENDAR_MESSAGES } from '@postlark/shared/campaign-calendar';
import { describe, expect, it } from 'vitest';
import { useAccountsApp } from './support/accounts-app';
import { CAMPAIGNS, draft, sentCampaign } from './support/campaigns';

// The clock starts at 2026-06-01T10:00:00Z.
const accounts = useAccountsApp();
const { call } = accounts;
const CALENDAR = 'campaigns/v1/calendar';
const JUNE = 'from=2026-06-01T00:00:00Z&to=2026-07-01T00:00:00Z';

describe('the campaign calendar', () => {
  it('places a sent campaign at its start and a scheduled one at its time; drafts and others are left out', async () => {
    const sent = await sentCampaign(accounts, { name: 'June news' });
    const { cookie } = sent.customer;
    const later = (await call('POST', CAMPAIGNS, cookie, draft(sent.list, { name: 'Midsummer' }))).json().payload.campaign.id as string;
    expect((await call('POST', `${CAMPAIGNS}/${later}/schedule`, cookie, { send_at: '2026-06-21T09:30', timezone: 'UTC' })).statusCode).toBe(200);
    await call('POST', CAMPAIGNS, cookie, draft(sent.list, { name: 'Still a draft' }));
    const july = (await call('POST', CAMPAIGNS, cookie, draft(sent.list, { name: 'July news' }))).json().payload.campaign.id as string;
    await call('POST', `${CAMPAIGNS}/${july}/schedule`, cookie, { send_at: '2026-07-02T09:00', timezone: 'UTC' });

    const response = await call('GET', `${CALENDAR}?${JUNE}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().payload.campaigns).toEqual([
      // The subject as a reader with no data reads it: the merge tag's default, not its characters.
      { id: sent.campaign.id, name: 'June news', subject: 'Hello there', status: 'sent', at: '2026-06-01T10:00:00.000Z' },
      { id: later, name: 'Midsummer', subject: 'Hello there', status: 'scheduled', at: '2026-06-21T09:30:00.000Z' },
    ]);
    const nextMonth = (await call('GET', `${CALENDAR}?from=2026-07-01T00:00:00%2B02:00&to=2026-08-01T00:00:00%2B02:00`, cookie)).json().payload.campaigns;
    expect(nextMonth.map((campaign: { name: string }) => campaign.name)).toEqual(['July news']);

    // Another customer's calendar is their own.
    const other = await accounts.signedInCustomer();
    expect((await call('GET', `${CALENDAR}?${JUNE}`, other.cookie)).json().payload.campaigns).toEqual([]);
  });

  it.each([
    ['no range', ''],
    ['to before from', 'from=2026-06-02T00:00:00Z&to=2026-06-01T00:00:00Z'],
    ['a year', 'from=2026-01-01T00:00:00Z&to=2027-01-01T00:00:00Z'],
    ['not a time', 'from=soon&to=later'],
    ['year 0, which PostgreSQL cannot store', 'from=0000-01-01T00:00:00Z&to=0000-01-20T00:00:00Z'],
    ['a day that does not exist', 'from=2026-02-30T00:00:00Z&to=2026-03-20T00:00:00Z'],
    ['a long value', `from=2026-06-01T00:00:00${'0'.repeat(5000)}Z&to=2026-07-01T00:00:00Z`],
  ])('refuses %s with a 400', async (_name, query) => {
    const customer = await accounts.signedInCustomer();
    const response = await call('GET', `${CALENDAR}?${query}`, customer.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().payload.message).toBe(CALENDAR_MESSAGES.rangeInvalid);
  });
});
