import { PREFERENCE_CENTRE_MESSAGES } from '@postlark/shared/preferences';
import { describe, expect, it } from 'vitest';
import { linkTokens, preferenceToken } from '../src/modules/preferences/link-tokens';
import { getOrCreateSecret } from '../src/modules/secrets/secrets.repository';
import { APP_URL } from './support/accounts';
import { useAccountsApp } from './support/accounts-app';

const accounts = useAccountsApp();
const call = accounts.call;

/** A customer's subscriber on two lists (one left already), and the token of their links. */
async function subscriberOnLists() {
  const customer = await accounts.signedInCustomer();
  await call('PUT', `home/v1/user/${customer.customerId}/contact`, customer.cookie, {
    street_address: '',
    city: '',
    state: '',
    company: 'Lark Letters Ltd',
    postal_code: 'LS1',
    country: '',
    phone: '',
    vat_id: '',
  });
  const [news, offers, old] = await Promise.all(
    ['News', 'Offers', 'Old'].map(async (name) => (await call('POST', 'audience/v1/lists', customer.cookie, { name })).json().payload.list.id as string),
  );
  const subscriber = (await call('POST', 'audience/v1/subscribers', customer.cookie, { email: 'reader@example.com', list_ids: [news, offers, old] })).json().payload.subscriber;
  await call('POST', 'audience/v1/subscribers/bulk', customer.cookie, { action: 'remove_from_list', list_id: old, ids: [subscriber.id] });
  const tokens = linkTokens(await getOrCreateSecret(accounts.database.db, 'subscriber-links'));
  return { customer, subscriber, lists: { news, offers, old }, token: preferenceToken(tokens, subscriber.id) };
}

async function statusOf(customer: { cookie: string }, id: string) {
  const subscriber = (await call('GET', `audience/v1/subscribers/${id}`, customer.cookie)).json().payload;
  return { status: subscriber.status, lists: Object.fromEntries(subscriber.lists.map((list: { list_name: string; status: string }) => [list.list_name, list.status])) };
}

function oneClick(token: string, body: string, contentType = 'application/x-www-form-urlencoded') {
  return accounts.app.inject({ method: 'POST', url: `/u/${token}/one-click`, headers: { 'content-type': contentType }, payload: body });
}

describe('preference centre', () => {
  it('shows the subscriber their lists and sender, and saves their choice', async () => {
    const { customer, subscriber, lists, token } = await subscriberOnLists();
    const centre = (await call('GET', `public/v1/preferences/${token}`)).json().payload;
    expect(centre).toEqual({
      email: 'reader@example.com',
      sender: 'Lark Letters Ltd',
      status: 'active',
      lists: [
        { id: lists.news, name: 'News', description: '', subscribed: true },
        { id: lists.offers, name: 'Offers', description: '', subscribed: true },
        { id: lists.old, name: 'Old', description: '', subscribed: false },
      ],
      // No brand kit saved: the page keeps the product's own look.
      look: null,
    });

    const saved = await call('PUT', `public/v1/preferences/${token}`, undefined, { list_ids: [lists.offers, lists.old] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().payload.message).toBe(PREFERENCE_CENTRE_MESSAGES.saved);
    expect(await statusOf(customer, subscriber.id)).toEqual({ status: 'active', lists: { News: 'unsubscribed', Offers: 'confirmed', Old: 'confirmed' } });

    // Only their own lists can be chosen.
    const other = (await call('POST', 'audience/v1/lists', customer.cookie, { name: 'Never joined' })).json().payload.list.id;
    const refused = await call('PUT', `public/v1/preferences/${token}`, undefined, { list_ids: [other] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().payload.errors).toEqual({ list_ids: PREFERENCE_CENTRE_MESSAGES.listsInvalid });
  });

  it("shows each list's description for subscribers, never the customer's private note", async () => {
    const { customer, lists, token } = await subscriberOnLists();
    const changed = await call('PATCH', `audience/v1/lists/${lists.news}`, customer.cookie, { description: 'Leads from the webinar', public_description: 'The week in larks' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().payload.list).toMatchObject({ description: 'Leads from the webinar', public_description: 'The week in larks' });
    const centre = (await call('GET', `public/v1/preferences/${token}`)).json().payload;
    expect(centre.lists[0]).toEqual({ id: lists.news, name: 'News', description: 'The week in larks', subscribed: true });
    expect(JSON.stringify(centre)).not.toContain('webinar');
    const tooLong = await call('POST', 'audience/v1/lists', customer.cookie, { name: 'Long', public_description: 'x'.repeat(600) });
    expect(tooLong.statusCode).toBe(400);
  });

  it('unsubscribes from everything; choosing a list again is their own consent', async () => {
    const { customer, subscriber, lists, token } = await subscriberOnLists();
    const done = await call('POST', `public/v1/preferences/${token}/unsubscribe`);
    expect(done.json().payload.message).toBe(PREFERENCE_CENTRE_MESSAGES.unsubscribedAll);
    expect(await statusOf(customer, subscriber.id)).toEqual({ status: 'unsubscribed', lists: { News: 'unsubscribed', Offers: 'unsubscribed', Old: 'unsubscribed' } });

    await call('PUT', `public/v1/preferences/${token}`, undefined, { list_ids: [lists.news] });
    expect(await statusOf(customer, subscriber.id)).toEqual({ status: 'active', lists: { News: 'confirmed', Offers: 'unsubscribed', Old: 'unsubscribed' } });
  });

  it('one-click: a POST unsubscribes with 200 and no redirect, without cookies; repeats are harmless; a GET changes nothing', async () => {
    const { customer, subscriber, token } = await subscriberOnLists();
    const looked = await accounts.app.inject({ method: 'GET', url: `/u/${token}/one-click` });
    expect(looked.statusCode).toBe(303);
    expect(looked.headers.location).toBe(`/u/${token}`);
    expect((await statusOf(customer, subscriber.id)).status).toBe('active');

    const first = await oneClick(token, 'List-Unsubscribe=One-Click');
    expect(first.statusCode).toBe(200);
    expect(first.headers.location).toBeUndefined();
    expect(first.json().payload.message).toBe(PREFERENCE_CENTRE_MESSAGES.oneClickDone);
    expect((await statusOf(customer, subscriber.id)).status).toBe('unsubscribed');
    expect((await oneClick(token, 'List-Unsubscribe=One-Click')).statusCode).toBe(200);

    const multipart = '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n';
    expect((await oneClick(token, multipart, 'multipart/form-data; boundary=b')).statusCode).toBe(200);
    expect((await oneClick(token, 'something=else')).statusCode).toBe(400);
  });

  it("is linked from the customer's subscriber page, at APP_URL", async () => {
    const { customer, subscriber, token } = await subscriberOnLists();
    const page = (await call('GET', `audience/v1/subscribers/${subscriber.id}`, customer.cookie)).json().payload;
    expect(page.preference_url).toBe(`${APP_URL}/u/${token}`);
  });

  it('answers every tampered or unknown link alike, and changes nothing', async () => {
    const { customer, subscriber, token } = await subscriberOnLists();
    const tampered = `${token.slice(0, 30)}${token[30] === 'x' ? 'y' : 'x'}${token.slice(31)}`;
    const erasedToken = preferenceToken(linkTokens(await getOrCreateSecret(accounts.database.db, 'subscriber-links')), '00000000-0000-4000-8000-000000000000');
    for (const bad of [tampered, erasedToken, 'short', subscriber.id]) {
      const read = await call('GET', `public/v1/preferences/${bad}`);
      expect(read.statusCode, bad).toBe(404);
      expect(read.json().payload.message).toBe(PREFERENCE_CENTRE_MESSAGES.badLink);
      expect((await call('POST', `public/v1/preferences/${bad}/unsubscribe`)).statusCode).toBe(404);
      expect((await oneClick(bad, 'List-Unsubscribe=One-Click')).statusCode).toBe(404);
    }
    expect((await statusOf(customer, subscriber.id)).status).toBe('active');
  });
  it("puts every change on the subscriber's activity timeline, newest first, whichever path made it", async () => {
    const { customer, subscriber, lists, token } = await subscriberOnLists();
    accounts.advance(60_000);
    await call('PUT', `public/v1/preferences/${token}`, undefined, { list_ids: [lists.offers, lists.news, lists.old] });
    accounts.advance(60_000);
    expect((await oneClick(token, 'List-Unsubscribe=One-Click')).statusCode).toBe(200);
    accounts.advance(60_000);
    await call('PUT', `public/v1/preferences/${token}`, undefined, { list_ids: [lists.news] });

    const activity = (await call('GET', `audience/v1/subscribers/${subscriber.id}`, customer.cookie)).json().payload.activity as { kind: string; list_name: string | null; source: string | null; at: string }[];
    const start = accounts.now().getTime() - 180_000;
    const line = (event: (typeof activity)[number]) => `${(Date.parse(event.at) - start) / 60_000} ${event.kind}${event.list_name ? ` ${event.list_name}` : ''}${event.source ? ` (${event.source})` : ''}`;
    expect(activity.map(line)).toEqual([
      '3 rejoined_list News',
      '3 resubscribed',
      // One click leaves everything: the status and each list.
      '2 left_list News',
      '2 left_list Offers',
      '2 left_list Old',
      '2 unsubscribed',
      '1 rejoined_list Old',
      // Added by hand on three lists, then removed from Old by a bulk action, all at minute 0.
      '0 joined_list News',
      '0 joined_list Offers',
      '0 joined_list Old',
      '0 left_list Old',
      '0 subscribed (manual)',
    ]);
  });
});
