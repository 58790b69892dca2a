import { AUDIENCE_MESSAGES } from '@postlark/shared/audience';
import { describe, expect, it } from 'vitest';
import { useAccountsApp } from './support/accounts-app';

const accounts = useAccountsApp();
const call = accounts.call;
const LISTS = 'audience/v1/lists';

describe('lists', () => {
  it('creates lists with double opt-in on by default, lists them by name with their members counted', async () => {
    const customer = await accounts.signedInCustomer();
    const created = await call('POST', LISTS, customer.cookie, { name: ' Weekly digest ', description: 'Sundays' });
    expect(created.statusCode).toBe(201);
    expect(created.json().payload.message).toBe(AUDIENCE_MESSAGES.listCreated);
    const weekly = created.json().payload.list;
    expect(weekly).toMatchObject({ name: 'Weekly digest', description: 'Sundays', double_opt_in: true, counts: { confirmed: 0, unconfirmed: 0, unsubscribed: 0 } });
    const announcements = (await call('POST', LISTS, customer.cookie, { name: 'announcements', double_opt_in: false })).json().payload.list;

    for (const email of ['a@example.com', 'b@example.com']) {
      expect((await call('POST', 'audience/v1/subscribers', customer.cookie, { email, list_ids: [weekly.id] })).statusCode).toBe(201);
    }
    const left = (await call('POST', 'audience/v1/subscribers', customer.cookie, { email: 'c@example.com', list_ids: [weekly.id] })).json().payload.subscriber;
    await call('PATCH', `audience/v1/subscribers/${left.id}`, customer.cookie, { list_ids: [] });

    const all = (await call('GET', LISTS, customer.cookie)).json().payload.lists;
    expect(all.map((list: { name: string }) => list.name)).toEqual(['announcements', 'Weekly digest']);
    expect(all[0]).toMatchObject({ id: announcements.id, double_opt_in: false });
    expect(all[1].counts).toEqual({ confirmed: 2, unconfirmed: 0, unsubscribed: 1 });
  });

  it('refuses a second list of the same name in any case, a missing name and unknown fields', async () => {
    const customer = await accounts.signedInCustomer();
    expect((await call('POST', LISTS, customer.cookie, { name: 'Offers' })).statusCode).toBe(201);
    const twin = await call('POST', LISTS, customer.cookie, { name: 'OFFERS' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().payload.errors).toEqual({ name: AUDIENCE_MESSAGES.listNameTaken });
    const blank = await call('POST', LISTS, customer.cookie, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().payload.errors.name).toBe(AUDIENCE_MESSAGES.listNameRequired);
    expect((await call('POST', LISTS, customer.cookie, { name: 'x', owner: 'me' })).statusCode).toBe(400);
    expect((await call('POST', LISTS, customer.cookie, { name: 'x'.repeat(101) })).json().payload.errors.name).toBe(AUDIENCE_MESSAGES.tooLong(100));
    // Another customer may use the same name.
    const other = await accounts.signedInCustomer();
    expect((await call('POST', LISTS, other.cookie, { name: 'Offers' })).statusCode).toBe(201);
  });

  it('renames and changes only what is sent; deleting keeps the subscribers', async () => {
    const customer = await accounts.signedInCustomer();
    const list = (await call('POST', LISTS, customer.cookie, { name: 'Old name', description: 'Keep me', double_opt_in: false })).json().payload.list;
    const subscriber = (await call('POST', 'audience/v1/subscribers', customer.cookie, { email: 'stay@example.com', list_ids: [list.id] })).json().payload.subscriber;

    const renamed = await call('PATCH', `${LISTS}/${list.id}`, customer.cookie, { name: 'New name' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().payload.list).toMatchObject({ name: 'New name', description: 'Keep me', double_opt_in: false });

    const deleted = await call('DELETE', `${LISTS}/${list.id}`, customer.cookie);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().payload.message).toBe(AUDIENCE_MESSAGES.listDeleted);
    expect((await call('GET', `${LISTS}/${list.id}`, customer.cookie)).statusCode).toBe(404);
    const still = (await call('GET', `audience/v1/subscribers/${subscriber.id}`, customer.cookie)).json().payload;
    expect(still).toMatchObject({ email: 'stay@example.com', lists: [] });
  });

  it("answers 404 for another customer's list, whatever the method", async () => {
    const owner = await accounts.signedInCustomer();
    const stranger = await accounts.signedInCustomer();
    const list = (await call('POST', LISTS, owner.cookie, { name: 'Private' })).json().payload.list;
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { name: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(method, `${LISTS}/${list.id}`, stranger.cookie, body);
      expect(response.statusCode, method).toBe(404);
      expect(response.json().payload.message).toBe(AUDIENCE_MESSAGES.listNotFound);
    }
    expect((await call('GET', `${LISTS}/not-an-id`, owner.cookie)).statusCode).toBe(404);
    expect((await call('GET', LISTS, stranger.cookie)).json().payload.lists).toEqual([]);
    expect((await call('GET', `${LISTS}/${list.id}`, owner.cookie)).json().payload.name).toBe('Private');
    expect((await call('GET', LISTS)).statusCode).toBe(401);
  });
});
