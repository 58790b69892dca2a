import { AUDIENCE_MESSAGES } from '@postlark/shared/audience';
import { SEGMENT_MESSAGES } from '@postlark/shared/segments';
import { describe, expect, it } from 'vitest';
import { useAccountsApp } from './support/accounts-app';

const accounts = useAccountsApp();
const call = accounts.call;
const SEGMENTS = 'audience/v1/segments';

type Customer = Awaited<ReturnType<typeof accounts.signedInCustomer>>;

/**
 * Six subscribers with names, attributes, lists, statuses and join dates to filter on, a day
 * apart; the sessions in `inUse` are used each day, so they do not end for being idle meanwhile.
 */
async function audience(...inUse: string[]) {
  const customer = await accounts.signedInCustomer();
  // The third subscriber joins two days after the first.
  const thirdDay = new Date(accounts.now().getTime() + 2 * 86_400_000).toISOString();
  const vip = (await call('POST', 'audience/v1/lists', customer.cookie, { name: 'VIP' })).json().payload.list.id as string;
  const people = [
    { email: 'ada@lovelace.org', first_name: 'Ada', attributes: { plan: 'pro', seats: 12 }, timezone: 'Europe/London', list_ids: [vip] },
    { email: 'alan@turing.org', first_name: 'Alan', attributes: { plan: 'free', seats: 9 }, list_ids: [vip] },
    { email: 'grace@navy.mil', first_name: 'Grace', attributes: { plan: 'pro', seats: 100 }, timezone: 'America/New_York' },
    { email: 'katherine@nasa.gov', first_name: 'Katherine', attributes: {} },
    { email: 'edsger@example.com', first_name: 'Edsger', attributes: { plan: 'PRO' }, status: 'unsubscribed' },
    { email: 'barbara@example.com', first_name: '', attributes: { note: '50% off' } },
  ];
  for (const person of people) {
    expect((await call('POST', 'audience/v1/subscribers', customer.cookie, person)).statusCode).toBe(201);
    await accounts.advanceInUse(86_400_000, ...inUse);
  }
  return { customer, vip, thirdDay };
}

async function preview(customer: Customer, definition: object) {
  const response = await call('POST', `${SEGMENTS}/preview`, customer.cookie, { definition });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().payload.count as number;
}

async function matching(customer: Customer, segmentId: string) {
  const page = (await call('GET', `audience/v1/subscribers?segment_id=${segmentId}&sort=email&order=asc`, customer.cookie)).json().payload;
  return page.subscribers.map((row: { email: string }) => row.email.split('@')[0]);
}

describe('segments', () => {
  it.each([
    ['a name contains', { conditions: [{ field: 'first_name', op: 'contains', value: 'A' }] }, 4],
    ['an address ends with', { conditions: [{ field: 'email', op: 'ends_with', value: '.ORG' }] }, 2],
    ['an empty first name', { conditions: [{ field: 'first_name', op: 'is_empty' }] }, 1],
    ['a time zone is set', { conditions: [{ field: 'timezone', op: 'is_not_empty' }] }, 2],
    ['an attribute is, ignoring case', { conditions: [{ field: 'attribute', key: 'plan', op: 'is', value: 'pro' }] }, 3],
    ['a number above 10, compared as a number', { conditions: [{ field: 'attribute', key: 'seats', op: 'gt', value: '10' }] }, 2],
    ['an attribute is missing', { conditions: [{ field: 'attribute', key: 'plan', op: 'not_exists' }] }, 2],
    ['a % in the value is itself', { conditions: [{ field: 'attribute', key: 'note', op: 'contains', value: '50%' }] }, 1],
    ['on a list', { conditions: [{ field: 'list', op: 'in', value: 'VIP' }] }, 2],
    ['not on a list', { conditions: [{ field: 'list', op: 'not_in', value: 'VIP' }] }, 4],
    ['a status', { conditions: [{ field: 'status', op: 'is_not', value: 'active' }] }, 1],
    ['joined before a date', { conditions: [{ field: 'created_at', op: 'before', value: 'THIRD_DAY' }] }, 2],
    ['all of two conditions', { match: 'all', conditions: [{ field: 'attribute', key: 'plan', op: 'is', value: 'pro' }, { field: 'list', op: 'in', value: 'VIP' }] }, 1],
    ['any of two conditions', { match: 'any', conditions: [{ field: 'first_name', op: 'is', value: 'grace' }, { field: 'email', op: 'starts_with', value: 'kath' }] }, 2],
  ])('counts subscribers where %s', async (_name, definition, expected) => {
    const { customer, vip, thirdDay } = await audience();
    const withList = JSON.parse(JSON.stringify(definition).replaceAll('"VIP"', `"${vip}"`).replaceAll('"THIRD_DAY"', `"${thirdDay}"`));
    expect(await preview(customer, withList)).toBe(expected);
  });

  it('saves a segment, filters the table and the export by it, and follows the audience as it changes', async () => {
    const { customer, vip } = await audience();
    const created = await call('POST', SEGMENTS, customer.cookie, {
      name: 'Pro on VIP',
      definition: { conditions: [{ field: 'attribute', key: 'plan', op: 'is', value: 'pro' }, { field: 'list', op: 'in', value: vip }] },
    });
    expect(created.statusCode).toBe(201);
    const segment = created.json().payload.segment;
    expect(segment).toMatchObject({ name: 'Pro on VIP', count: 1, definition: { match: 'all' } });
    expect(await matching(customer, segment.id)).toEqual(['ada']);

    const grace = (await call('GET', 'audience/v1/subscribers?q=grace', customer.cookie)).json().payload.subscribers[0];
    await call('POST', 'audience/v1/subscribers/bulk', customer.cookie, { action: 'add_to_list', list_id: vip, ids: [grace.id] });
    expect(await matching(customer, segment.id)).toEqual(['ada', 'grace']);
    const csv = (await call('GET', `audience/v1/subscribers/export.csv?segment_id=${segment.id}`, customer.cookie)).body;
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(3);

    const all = (await call('GET', SEGMENTS, customer.cookie)).json().payload.segments;
    expect(all).toEqual([expect.objectContaining({ id: segment.id, count: 2 })]);

    const renamed = await call('PATCH', `${SEGMENTS}/${segment.id}`, customer.cookie, { name: 'Pro VIPs' });
    expect(renamed.json().payload.segment).toMatchObject({ name: 'Pro VIPs', count: 2 });
    expect((await call('DELETE', `${SEGMENTS}/${segment.id}`, customer.cookie)).statusCode).toBe(200);
    expect((await call('GET', `${SEGMENTS}/${segment.id}`, customer.cookie)).statusCode).toBe(404);
    // Deleting a segment changes no subscriber.
    expect((await call('GET', 'audience/v1/subscribers', customer.cookie)).json().payload.total).toBe(6);
  });

  it("counts a list's members by status from the memberships, and the count follows each subscriber's status", async () => {
    const { customer, vip } = await audience();
    const onVip = (op: string) => ({ conditions: [{ field: 'list', op: 'in', value: vip }, { field: 'status', op, value: 'active' }] });
    // The same question with a condition on the subscriber row too: answered by the join, the counts must agree.
    const joined = (op: string) => ({ conditions: [...onVip(op).conditions, { field: 'email', op: 'is_not_empty' }] });
    const counts = async () => {
      const fast = [await preview(customer, onVip('is')), await preview(customer, onVip('is_not'))];
      expect([await preview(customer, joined('is')), await preview(customer, joined('is_not'))]).toEqual(fast);
      return fast;
    };
    expect(await counts()).toEqual([2, 0]);

    // Put on the list after they unsubscribed: a member, not an active one.
    const people = (await call('GET', 'audience/v1/subscribers?sort=email&order=asc', customer.cookie)).json().payload.subscribers as { id: string; email: string }[];
    const idOf = (name: string) => people.find((person) => person.email.startsWith(name))!.id;
    await call('POST', 'audience/v1/subscribers/bulk', customer.cookie, { action: 'add_to_list', list_id: vip, ids: [idOf('edsger'), idOf('grace')] });
    expect(await counts()).toEqual([3, 1]);

    // Unsubscribing changes the subscriber's status on every list they are on.
    const unsubscribed = await call('POST', 'audience/v1/subscribers/bulk', customer.cookie, { action: 'unsubscribe', ids: [idOf('ada')] });
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);
    expect(await counts()).toEqual([2, 2]);

    // A saved segment of the same shape reads the same figure, and one who leaves the list leaves it.
    const saved = (await call('POST', SEGMENTS, customer.cookie, { name: 'Active VIPs', definition: onVip('is') })).json().payload.segment;
    expect(saved.count).toBe(2);
    await call('POST', 'audience/v1/subscribers/bulk', customer.cookie, { action: 'remove_from_list', list_id: vip, ids: [idOf('alan')] });
    expect((await call('GET', `${SEGMENTS}/${saved.id}`, customer.cookie)).json().payload.count).toBe(1);
    expect(await counts()).toEqual([1, 2]);
  });

  it.each([
    ['no conditions', { name: 'x', definition: { conditions: [] } }, 'definition', SEGMENT_MESSAGES.conditionsRequired],
    ['an unknown field', { name: 'x', definition: { conditions: [{ field: 'password', op: 'is', value: 'x' }] } }, 'definition', SEGMENT_MESSAGES.conditionInvalid],
    ['an attribute name with SQL in it', { name: 'x', definition: { conditions: [{ field: 'attribute', key: "plan'; drop table subscribers;--", op: 'exists' }] } }, 'definition', SEGMENT_MESSAGES.conditionInvalid],
    ['no name', { definition: { conditions: [{ field: 'first_name', op: 'is_empty' }] } }, 'name', SEGMENT_MESSAGES.nameRequired],
  ])('refuses %s with 400', async (_name, body, field, message) => {
    const customer = await accounts.signedInCustomer();
    const response = await call('POST', SEGMENTS, customer.cookie, body);
    expect(response.statusCode).toBe(400);
    const errors = response.json().payload.errors as Record<string, string>;
    expect(Object.entries(errors).find(([key]) => key === field || key.startsWith(`${field}.`))?.[1]).toBe(message);
  });

  it("keeps segments each customer's own: another's segment, list or id is refused", async () => {
    const mine = await audience();
    const theirs = await audience(mine.customer.cookie);
    const segment = (await call('POST', SEGMENTS, theirs.customer.cookie, { name: 'Theirs', definition: { conditions: [{ field: 'first_name', op: 'is_not_empty' }] } })).json().payload.segment;
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      expect((await call(method, `${SEGMENTS}/${segment.id}`, mine.customer.cookie, method === 'PATCH' ? { name: 'Mine' } : undefined)).statusCode, method).toBe(404);
    }
    const filtered = await call('GET', `audience/v1/subscribers?segment_id=${segment.id}`, mine.customer.cookie);
    expect(filtered.statusCode).toBe(400);
    expect(filtered.json().payload.errors).toEqual({ segment_id: AUDIENCE_MESSAGES.segmentInvalid });
    const foreignList = await call('POST', `${SEGMENTS}/preview`, mine.customer.cookie, { definition: { conditions: [{ field: 'list', op: 'in', value: theirs.vip }] } });
    expect(foreignList.statusCode).toBe(400);
    expect(await preview(theirs.customer, { conditions: [{ field: 'first_name', op: 'is_not_empty' }] })).toBe(5);
    const twin = await call('POST', SEGMENTS, theirs.customer.cookie, { name: 'THEIRS', definition: { conditions: [{ field: 'first_name', op: 'is_empty' }] } });
    expect(twin.statusCode).toBe(409);
    expect((await call('GET', SEGMENTS)).statusCode).toBe(401);
  });
});
