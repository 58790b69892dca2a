import { GENERIC_MESSAGES } from '@postlark/shared/messages';
import { SEARCH_LIMITS, SEARCH_MESSAGES } from '@postlark/shared/search';
import { describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/client';
import { useAccountsApp } from './support/accounts-app';
import { CAMPAIGNS, customerWithAudience, draft } from './support/campaigns';

const accounts = useAccountsApp();
const { call } = accounts;
const SEARCH = 'home/v1/search';

type Hit = { id: string; title: string; detail: string; status?: string };
type Group = { items: Hit[]; total: number; capped: boolean };
type Answer = { q: string; campaigns: Group; subscribers: Group; lists: Group; segments: Group };

async function search(cookie: string, q: string): Promise<Answer> {
  const response = await call('GET', `${SEARCH}?q=${encodeURIComponent(q)}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().payload as Answer;
}

const titles = (group: Group) => group.items.map((item) => item.title);

/** A customer with a campaign, subscribers, lists and a segment whose names share the word "Heron". */
async function heronAccount() {
  const audience = await customerWithAudience(accounts);
  const { cookie } = audience.customer;
  const list = (await call('POST', 'audience/v1/lists', cookie, { name: 'Heron watchers', description: 'Birders by the lake' })).json().payload.list.id as string;
  await call('POST', 'audience/v1/lists', cookie, { name: '100% Herons_club' });
  await call('POST', 'audience/v1/subscribers', cookie, { email: 'grey.heron@lake.example', first_name: 'Grey', last_name: 'Heron', list_ids: [list] });
  await call('POST', 'audience/v1/subscribers', cookie, { email: 'night@lake.example', first_name: 'Night', last_name: 'HERON' });
  await call('POST', 'audience/v1/segments', cookie, { name: 'Heron fans', definition: { match: 'all', conditions: [{ field: 'email', op: 'contains', value: 'lake' }] } });
  const campaign = (await call('POST', CAMPAIGNS, cookie, draft(audience.list, { name: 'Spring migration', subject: 'The herons are back' }))).json().payload.campaign.id as string;
  return { ...audience, cookie, list, campaign };
}

describe('the top bar search', () => {
  it('finds campaigns (by subject), subscribers, lists and segments, any case, with totals', async () => {
    const account = await heronAccount();
    const answer = await search(account.cookie, 'heRON');
    expect(answer.q).toBe('heRON');
    expect(answer.campaigns).toEqual({ items: [{ id: account.campaign, title: 'Spring migration', detail: 'The herons are back', status: 'draft' }], total: 1, capped: false });
    expect(titles(answer.subscribers).sort()).toEqual(['Grey Heron', 'Night HERON']);
    expect(answer.subscribers.items.find((item) => item.title === 'Grey Heron')?.detail).toBe('grey.heron@lake.example');
    expect(titles(answer.lists)).toEqual(['100% Herons_club', 'Heron watchers']);
    expect(answer.lists.items[1]).toMatchObject({ id: account.list, detail: 'Birders by the lake' });
    expect(titles(answer.segments)).toEqual(['Heron fans']);
    expect(answer.lists.total).toBe(2);

    // By address: a subscriber without a name shows the address as its title.
    const byAddress = await search(account.cookie, account.nameless.slice(0, 12));
    expect(byAddress.subscribers.items).toEqual([expect.objectContaining({ title: account.nameless, detail: '' })]);
  });

  it('looks for % and _ as themselves', async () => {
    const account = await heronAccount();
    expect(titles((await search(account.cookie, '100%')).lists)).toEqual(['100% Herons_club']);
    expect(titles((await search(account.cookie, 's_c')).lists)).toEqual(['100% Herons_club']);
    // Unescaped, "%" would match every list and "_" any one character.
    expect((await search(account.cookie, '%')).lists.items.map((item) => item.title)).toEqual(['100% Herons_club']);
    expect((await search(account.cookie, 'n_w')).lists.total).toBe(0);
    expect((await search(account.cookie, '\\')).lists.total).toBe(0);
  });

  it("never shows another customer's data", async () => {
    const mine = await heronAccount();
    const other = await accounts.signedInCustomer();
    const answer = await search(other.cookie, 'heron');
    for (const kind of ['campaigns', 'subscribers', 'lists', 'segments'] as const) expect(answer[kind]).toEqual({ items: [], total: 0, capped: false });
    expect((await search(mine.cookie, 'heron')).segments.total).toBe(1);
  });

  it('answers empty groups for an empty query, and 400 with a clear message for a long one', async () => {
    const account = await heronAccount();
    const empty = await search(account.cookie, '   ');
    expect(empty.q).toBe('');
    expect(empty.campaigns.items).toEqual([]);
    expect(empty.subscribers.total).toBe(0);

    const long = await call('GET', `${SEARCH}?q=${'h'.repeat(SEARCH_LIMITS.query + 1)}`, account.cookie);
    expect(long.statusCode).toBe(400);
    expect(long.json().payload.message).toBe(SEARCH_MESSAGES.tooLong);
    expect((await call('GET', `${SEARCH}?q=a&q=b`, account.cookie)).statusCode).toBe(400);
    expect((await call('GET', `${SEARCH}?q=a&x=1`, account.cookie)).statusCode).toBe(400);
    expect((await call('GET', `${SEARCH}?q=heron`)).statusCode).toBe(401);
    const nul = await call('GET', `${SEARCH}?q=he%00ron`, account.cookie);
    expect(nul.statusCode).toBe(400);
    expect(nul.json().payload.message).toBe(GENERIC_MESSAGES.nulCharacter);
  });

  it('searches subscribers from three characters, lists and campaigns from one', async () => {
    const account = await heronAccount();
    const short = await search(account.cookie, 'He');
    expect(titles(short.lists)).toEqual(['100% Herons_club', 'Heron watchers']);
    expect(short.subscribers).toEqual({ items: [], total: 0, capped: false });
    expect(titles((await search(account.cookie, 'Her')).subscribers).sort()).toEqual(['Grey Heron', 'Night HERON']);
  });

  it('shows a few per group and counts the rest, up to a cap', async () => {
    const account = await heronAccount();
    await rawQuery(
      accounts.database.db,
      `insert into subscribers (customer_id, email, first_name, last_name, status, created_at, updated_at, consent_source, consent_at)
       select $1::uuid, 'wader' || i || '@marsh.example', 'Wader', '', 'active', now(), now(), 'import', now() from generate_series(1, $2::int) as i`,
      [account.customer.customerId, SEARCH_LIMITS.countCap + 5],
    );
    const many = await search(account.cookie, 'marsh');
    expect(many.subscribers.items).toHaveLength(SEARCH_LIMITS.perGroup);
    expect(many.subscribers).toMatchObject({ total: SEARCH_LIMITS.countCap, capped: true });
    const few = await search(account.cookie, 'wader1@');
    expect(few.subscribers).toMatchObject({ total: 1, capped: false });
  });
});
