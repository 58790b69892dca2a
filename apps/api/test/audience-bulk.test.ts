import { AUDIENCE_MESSAGES } from '@postlark/shared/audience';
import { describe, expect, it } from 'vitest';
import { suppressionHash } from '../src/modules/audience/subscribers.service';
import { suppressions } from '../src/db/schema/audience';
import { useAccountsApp } from './support/accounts-app';
import { eventually } from './support/eventually';

const accounts = useAccountsApp();
const call = accounts.call;
const SUBSCRIBERS = 'audience/v1/subscribers';
const BULK = `${SUBSCRIBERS}/bulk`;

type Customer = Awaited<ReturnType<typeof accounts.signedInCustomer>>;

/** A customer with a list and subscribers a..e@example.com; b and d are named Ada. */
async function audience() {
  const customer = await accounts.signedInCustomer();
  const list = (await call('POST', 'audience/v1/lists', customer.cookie, { name: 'Bulk' })).json().payload.list as { id: string };
  const ids: Record<string, string> = {};
  for (const letter of ['a', 'b', 'c', 'd', 'e']) {
    const body = { email: `${letter}@example.com`, first_name: letter === 'b' || letter === 'd' ? 'Ada' : 'Alan' };
    ids[letter] = (await call('POST', SUBSCRIBERS, customer.cookie, body)).json().payload.subscriber.id;
  }
  return { customer, list, ids };
}

async function emails(customer: Customer, query = '') {
  const rows = (await call('GET', `${SUBSCRIBERS}?sort=email&order=asc&${query}`, customer.cookie)).json().payload.subscribers;
  return rows.map((row: { email: string; status: string }) => `${row.email}:${row.status}`);
}

describe('bulk actions', () => {
  it('adds a selection to a list and removes a filter from it, counting what changed', async () => {
    const { customer, list, ids } = await audience();
    const added = await call('POST', BULK, customer.cookie, { action: 'add_to_list', list_id: list.id, ids: [ids.a, ids.b, ids.c, ids.a] });
    expect(added.statusCode).toBe(200);
    expect(added.json().payload).toEqual({ message: AUDIENCE_MESSAGES.bulkDone(3), affected: 3 });
    // Again: nothing left to change.
    expect((await call('POST', BULK, customer.cookie, { action: 'add_to_list', list_id: list.id, ids: [ids.a] })).json().payload.affected).toBe(0);
    expect(await emails(customer, `list_id=${list.id}`)).toEqual(['a@example.com:active', 'b@example.com:active', 'c@example.com:active']);

    const removed = await call('POST', BULK, customer.cookie, { action: 'remove_from_list', list_id: list.id, filter: { q: 'ada' } });
    expect(removed.json().payload.affected).toBe(1);
    expect(await emails(customer, `list_id=${list.id}`)).toEqual(['a@example.com:active', 'c@example.com:active']);
  });

  it('adds to a double opt-in list without confirming for anyone: a pending membership stays pending, like a single add', async () => {
    const { customer, ids } = await audience();
    const list = (await call('POST', 'audience/v1/lists', customer.cookie, { name: 'Careful', double_opt_in: true })).json().payload.list as { id: string };
    const form = (await call('POST', 'audience/v1/forms', customer.cookie, { name: 'Footer', list_id: list.id, title: 'Join' })).json().payload.form as { id: string };
    const signedUp = await accounts.app.inject({ method: 'POST', url: `/api/public/v1/forms/${form.id}/subscribe`, payload: { email: 'pending@example.com' }, remoteAddress: '10.7.7.7' });
    expect(signedUp.statusCode).toBe(200);
    // The sign-up's work runs in a queued job.
    const pending = await eventually(async () => (await call('GET', `${SUBSCRIBERS}?q=pending`, customer.cookie)).json().payload.subscribers[0]?.id as string | undefined);

    const added = await call('POST', BULK, customer.cookie, { action: 'add_to_list', list_id: list.id, ids: [pending, ids.a] });
    // Only the person with no membership was added (the customer's own choice, as a single add makes it).
    expect(added.json().payload.affected).toBe(1);
    const statusOn = async (id: string) =>
      ((await call('GET', `${SUBSCRIBERS}/${id}`, customer.cookie)).json().payload.lists as { list_id: string; status: string }[]).find((entry) => entry.list_id === list.id)?.status;
    expect(await statusOn(pending)).toBe('unconfirmed');
    expect(await statusOn(ids.a!)).toBe('confirmed');
  });

  it('unsubscribes every match of a filter', async () => {
    const { customer } = await audience();
    const done = await call('POST', BULK, customer.cookie, { action: 'unsubscribe', filter: { q: 'Ada' } });
    expect(done.json().payload.affected).toBe(2);
    expect(await emails(customer)).toEqual(['a@example.com:active', 'b@example.com:unsubscribed', 'c@example.com:active', 'd@example.com:unsubscribed', 'e@example.com:active']);
  });

  it('erases a selection, leaving only hashes of the addresses on the suppression list', async () => {
    const { customer, ids } = await audience();
    const done = await call('POST', BULK, customer.cookie, { action: 'delete', ids: [ids.a, ids.e] });
    expect(done.json().payload.affected).toBe(2);
    expect(await emails(customer)).toEqual(['b@example.com:active', 'c@example.com:active', 'd@example.com:active']);
    const hashes = (await accounts.database.db.select().from(suppressions)).map((row) => row.emailHash);
    // The SQL hash and the one the single delete and the add check use agree.
    expect(hashes).toEqual(expect.arrayContaining([suppressionHash('a@example.com'), suppressionHash('E@Example.com')]));
    const back = await call('POST', SUBSCRIBERS, customer.cookie, { email: 'a@example.com' });
    expect(back.json().payload.errors).toEqual({ email: AUDIENCE_MESSAGES.suppressed });
  });

  it("never touches another customer's subscribers, by id or by filter", async () => {
    const mine = await audience();
    const theirs = await audience();
    expect((await call('POST', BULK, mine.customer.cookie, { action: 'delete', ids: [theirs.ids.a, theirs.ids.b] })).json().payload.affected).toBe(0);
    expect((await call('POST', BULK, mine.customer.cookie, { action: 'unsubscribe', filter: {} })).json().payload.affected).toBe(5);
    expect(await emails(theirs.customer)).toEqual(['a@example.com:active', 'b@example.com:active', 'c@example.com:active', 'd@example.com:active', 'e@example.com:active']);
    const foreignList = await call('POST', BULK, mine.customer.cookie, { action: 'add_to_list', list_id: theirs.list.id, ids: [mine.ids.a] });
    expect(foreignList.statusCode).toBe(400);
    expect(foreignList.json().payload.errors).toEqual({ list_id: AUDIENCE_MESSAGES.listIdsInvalid });
  });

  it.each([
    ['no target', { action: 'unsubscribe' }, 'ids', AUDIENCE_MESSAGES.bulkTargetRequired],
    ['both a selection and a filter', { action: 'unsubscribe', ids: [], filter: {} }, 'ids', AUDIENCE_MESSAGES.bulkTargetRequired],
    ['a list action without a list', { action: 'add_to_list', filter: {} }, 'list_id', AUDIENCE_MESSAGES.bulkListRequired],
    ['an unknown action', { action: 'export', filter: {} }, 'action', AUDIENCE_MESSAGES.bulkActionInvalid],
    ['too large a selection', { action: 'delete', ids: Array.from({ length: 1001 }, () => '00000000-0000-4000-8000-000000000000') }, 'ids', AUDIENCE_MESSAGES.bulkSelectionTooLarge],
  ])('refuses %s with 400 and changes nothing', async (_name, body, field, message) => {
    const { customer } = await audience();
    const response = await call('POST', BULK, customer.cookie, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().payload.errors[field]).toBe(message);
    expect(await emails(customer)).toHaveLength(5);
  });
});
