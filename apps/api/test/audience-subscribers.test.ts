import { AUDIENCE_MESSAGES, SUBSCRIBER_SORTS } from '@postlark/shared/audience';
import { describe, expect, it } from 'vitest';
import { suppressions } from '../src/db/schema/audience';
import { useAccountsApp } from './support/accounts-app';

const accounts = useAccountsApp();
const call = accounts.call;
const SUBSCRIBERS = 'audience/v1/subscribers';
const LISTS = 'audience/v1/lists';

type Customer = Awaited<ReturnType<typeof accounts.signedInCustomer>>;

async function addSubscriber(customer: Customer, body: object) {
  const response = await call('POST', SUBSCRIBERS, customer.cookie, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().payload.subscriber;
}

async function addList(customer: Customer, name: string) {
  const response = await call('POST', LISTS, customer.cookie, { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().payload.list as { id: string };
}

async function page(customer: Customer, query: string) {
  const response = await call('GET', `${SUBSCRIBERS}?${query}`, customer.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().payload as { subscribers: { email: string; id: string }[]; next_cursor: string | null; total: number };
}

describe('subscribers', () => {
  it('adds one with its details and lists, stored lower-case, and reads it back', async () => {
    const customer = await accounts.signedInCustomer();
    const list = await addList(customer, 'Weekly digest');
    const added = await call('POST', SUBSCRIBERS, customer.cookie, {
      email: '  Grace.Hopper@Example.COM ',
      first_name: ' Grace ',
      last_name: 'Hopper',
      attributes: { plan: 'pro', seats: 3, beta: true },
      timezone: 'America/New_York',
      list_ids: [list.id],
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().payload.message).toBe(AUDIENCE_MESSAGES.subscriberAdded);
    const { id } = added.json().payload.subscriber;

    const read = (await call('GET', `${SUBSCRIBERS}/${id}`, customer.cookie)).json().payload;
    expect(read).toMatchObject({
      email: 'grace.hopper@example.com',
      first_name: 'Grace',
      last_name: 'Hopper',
      status: 'active',
      attributes: { plan: 'pro', seats: 3, beta: true },
      timezone: 'America/New_York',
      consent: { source: 'manual', at: accounts.now().toISOString() },
      lists: [{ list_id: list.id, list_name: 'Weekly digest', status: 'confirmed' }],
    });

    const again = await call('POST', SUBSCRIBERS, customer.cookie, { email: 'GRACE.HOPPER@example.com' });
    expect(again.statusCode).toBe(409);
    expect(again.json().payload.errors).toEqual({ email: AUDIENCE_MESSAGES.subscriberExists });
  });

  it.each([
    ['no email', {}, 'email', AUDIENCE_MESSAGES.emailRequired],
    ['a bad email', { email: 'not-an-address' }, 'email', AUDIENCE_MESSAGES.emailInvalid],
    ['an unknown time zone', { email: 'a@example.com', timezone: 'Mars/Olympus' }, 'timezone', AUDIENCE_MESSAGES.timezoneInvalid],
    ['a nested attribute', { email: 'a@example.com', attributes: { deep: { x: 1 } } }, 'attributes', AUDIENCE_MESSAGES.attributesInvalid],
    ['a bad attribute name', { email: 'a@example.com', attributes: { 'two words': 1 } }, 'attributes', AUDIENCE_MESSAGES.attributesInvalid],
    ['bounced set by hand', { email: 'a@example.com', status: 'bounced' }, 'status', AUDIENCE_MESSAGES.statusInvalid],
    ['a name too long', { email: 'a@example.com', first_name: 'x'.repeat(101) }, 'first_name', AUDIENCE_MESSAGES.tooLong(100)],
  ])('refuses %s with 400 naming the field', async (_name, body, field, message) => {
    const customer = await accounts.signedInCustomer();
    const response = await call('POST', SUBSCRIBERS, customer.cookie, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().payload.errors[field]).toBe(message);
    expect((await page(customer, '')).total).toBe(0);
  });

  it('refuses unknown fields, another customer\'s list and a body over the limit', async () => {
    const customer = await accounts.signedInCustomer();
    const other = await accounts.signedInCustomer();
    const theirs = await addList(other, 'Theirs');
    expect((await call('POST', SUBSCRIBERS, customer.cookie, { email: 'a@example.com', role: 'admin' })).statusCode).toBe(400);
    const foreign = await call('POST', SUBSCRIBERS, customer.cookie, { email: 'a@example.com', list_ids: [theirs.id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().payload.errors).toEqual({ list_ids: AUDIENCE_MESSAGES.listIdsInvalid });
    const huge = await call('POST', SUBSCRIBERS, customer.cookie, { email: 'a@example.com', first_name: 'x'.repeat(200_000) });
    expect(huge.statusCode).toBe(413);
    expect((await page(customer, '')).total).toBe(0);
  });

  it('pages through a sorted, filtered table with cursors, and counts every match', async () => {
    const customer = await accounts.signedInCustomer();
    const list = await addList(customer, 'Readers');
    for (let index = 0; index < 7; index += 1) {
      await addSubscriber(customer, {
        email: `reader${index}@example.com`,
        first_name: index % 2 ? 'Ada' : 'Alan',
        list_ids: index < 3 ? [list.id] : [],
      });
      accounts.advance(1000);
    }

    const first = await page(customer, 'limit=3');
    expect(first.total).toBe(7);
    expect(first.subscribers.map((row) => row.email)).toEqual(['reader6@example.com', 'reader5@example.com', 'reader4@example.com']);
    const second = await page(customer, `limit=3&after=${first.next_cursor}`);
    expect(second.subscribers.map((row) => row.email)).toEqual(['reader3@example.com', 'reader2@example.com', 'reader1@example.com']);
    const last = await page(customer, `limit=3&after=${second.next_cursor}`);
    expect(last.subscribers.map((row) => row.email)).toEqual(['reader0@example.com']);
    expect(last.next_cursor).toBeNull();

    const byEmail = await page(customer, 'sort=email&order=asc&limit=4');
    const byEmailNext = await page(customer, `sort=email&order=asc&limit=4&after=${byEmail.next_cursor}`);
    expect([...byEmail.subscribers, ...byEmailNext.subscribers].map((row) => row.email)).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((index) => `reader${index}@example.com`),
    );

    const onList = await page(customer, `list_id=${list.id}`);
    expect(onList.total).toBe(3);
    const searched = await page(customer, 'q=ADA');
    expect(searched.total).toBe(3);
    expect(searched.subscribers.every((row) => ['reader1@example.com', 'reader3@example.com', 'reader5@example.com'].includes(row.email))).toBe(true);
    // % and _ are searched for as themselves, not as wildcards.
    expect((await page(customer, 'q=%25')).total).toBe(0);
    expect((await page(customer, 'q=reader_')).total).toBe(0);
  });

  it('refuses a tampered cursor, an unknown sort and an unknown query key with 400', async () => {
    const customer = await accounts.signedInCustomer();
    for (const query of ['after=garbage', `after=${Buffer.from('["x","1"]').toString('base64url')}`, 'sort=password', 'limit=500', 'limit=abc', 'admin=1']) {
      expect((await call('GET', `${SUBSCRIBERS}?${query}`, customer.cookie)).statusCode, query).toBe(400);
    }
  });

  it('refuses a forged cursor, or one another sort made, with the cursor message on every sort, the default one too', async () => {
    const customer = await accounts.signedInCustomer();
    await addSubscriber(customer, { email: 'cursor@example.com' });
    const id = '0b7e3c1a-5d2f-4e8a-9c6b-1f2e3d4c5b6a';
    const forged = (value: unknown) => Buffer.from(JSON.stringify([value, id])).toString('base64url');
    // What each sort's cursor carries, and values its query could not read (the database would refuse them).
    const misfits: Record<(typeof SUBSCRIBER_SORTS)[number], unknown[]> = {
      created_at: ['a@b.example', '2026-02-30T00:00:00.000Z', '0000-01-01T00:00:00.000Z', 'infinity', '0.5', 7],
      email: [7, null, 'a\u0000b'],
      first_name: [true, 'x\u0000'],
      last_name: [['x'], '\u0000'],
      engagement: ['a@b.example', '', 'NaN', '2026-01-01T00:00:00.000Z'],
    };
    for (const sort of SUBSCRIBER_SORTS) {
      for (const value of misfits[sort]) {
        for (const sortParam of sort === 'created_at' ? ['', 'sort=created_at&'] : [`sort=${sort}&`]) {
          const answer = await call('GET', `${SUBSCRIBERS}?${sortParam}after=${forged(value)}`, customer.cookie);
          expect(answer.statusCode, `${sort} ${JSON.stringify(value)}`).toBe(400);
          expect(answer.json().payload.errors).toEqual({ after: AUDIENCE_MESSAGES.cursorInvalid });
        }
      }
    }
    // Well-formed values of each sort are read as positions.
    const fine = { created_at: '2026-01-01T00:00:00.000Z', email: 'a@b.example', first_name: 'Ada', last_name: '', engagement: '0.5' };
    for (const sort of SUBSCRIBER_SORTS) expect((await call('GET', `${SUBSCRIBERS}?sort=${sort}&after=${forged(fine[sort])}`, customer.cookie)).statusCode, sort).toBe(200);
  });

  it('edits details and lists; never re-activates someone who unsubscribed', async () => {
    const customer = await accounts.signedInCustomer();
    const [news, offers] = [await addList(customer, 'News'), await addList(customer, 'Offers')];
    const subscriber = await addSubscriber(customer, { email: 'edit@example.com', list_ids: [news.id] });

    const edited = await call('PATCH', `${SUBSCRIBERS}/${subscriber.id}`, customer.cookie, { last_name: 'Lovelace', list_ids: [offers.id] });
    expect(edited.statusCode).toBe(200);
    const lists = edited.json().payload.subscriber.lists.map((row: { list_name: string; status: string }) => [row.list_name, row.status]);
    expect(lists).toEqual([
      ['News', 'unsubscribed'],
      ['Offers', 'confirmed'],
    ]);
    expect(edited.json().payload.subscriber).toMatchObject({ email: 'edit@example.com', last_name: 'Lovelace' });

    expect((await call('PATCH', `${SUBSCRIBERS}/${subscriber.id}`, customer.cookie, { status: 'unsubscribed' })).statusCode).toBe(200);
    const reactivate = await call('PATCH', `${SUBSCRIBERS}/${subscriber.id}`, customer.cookie, { status: 'active' });
    expect(reactivate.statusCode).toBe(409);
    expect(reactivate.json().payload.errors).toEqual({ status: AUDIENCE_MESSAGES.suppressed });

    const other = await addSubscriber(customer, { email: 'other@example.com' });
    const clash = await call('PATCH', `${SUBSCRIBERS}/${other.id}`, customer.cookie, { email: 'EDIT@example.com' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().payload.errors).toEqual({ email: AUDIENCE_MESSAGES.subscriberExists });
  });

  it('erases a subscriber, keeping only a hash of the address so it cannot be added again', async () => {
    const customer = await accounts.signedInCustomer();
    const subscriber = await addSubscriber(customer, { email: 'erase.me@example.com' });
    const erased = await call('DELETE', `${SUBSCRIBERS}/${subscriber.id}`, customer.cookie);
    expect(erased.statusCode).toBe(200);
    expect((await call('GET', `${SUBSCRIBERS}/${subscriber.id}`, customer.cookie)).statusCode).toBe(404);

    const back = await call('POST', SUBSCRIBERS, customer.cookie, { email: 'Erase.Me@example.com' });
    expect(back.statusCode).toBe(409);
    expect(back.json().payload.errors).toEqual({ email: AUDIENCE_MESSAGES.suppressed });

    const rows = await accounts.database.db.select({ emailHash: suppressions.emailHash, reason: suppressions.reason }).from(suppressions);
    expect(rows).toContainEqual({ emailHash: expect.stringMatching(/^[0-9a-f]{64}$/), reason: 'erased' });
    expect(JSON.stringify(rows)).not.toContain('erase.me');
    // Another customer's audience is not theirs to suppress.
    const other = await accounts.signedInCustomer();
    expect((await call('POST', SUBSCRIBERS, other.cookie, { email: 'erase.me@example.com' })).statusCode).toBe(201);
  });

  it("keeps each customer's audience their own: another's ids answer 404, the table shows none of theirs", async () => {
    const owner = await accounts.signedInCustomer();
    const stranger = await accounts.signedInCustomer();
    const subscriber = await addSubscriber(owner, { email: 'mine@example.com' });
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { first_name: 'Stolen' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(method, `${SUBSCRIBERS}/${subscriber.id}`, stranger.cookie, body);
      expect(response.statusCode, method).toBe(404);
      expect(response.json().payload.message).toBe(AUDIENCE_MESSAGES.subscriberNotFound);
    }
    for (const id of ['not-an-id', '00000000-0000-4000-8000-000000000000']) {
      expect((await call('GET', `${SUBSCRIBERS}/${id}`, owner.cookie)).statusCode).toBe(404);
    }
    expect((await page(stranger, '')).total).toBe(0);
    expect((await call('GET', `${SUBSCRIBERS}/${subscriber.id}`, owner.cookie)).json().payload.first_name).toBe('');
    expect((await call('GET', SUBSCRIBERS)).statusCode).toBe(401);
    expect((await call('POST', SUBSCRIBERS, undefined, { email: 'x@example.com' })).statusCode).toBe(401);
  });
});
