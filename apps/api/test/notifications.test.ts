import { describe, expect, it } from 'vitest';
import { STRONG_PASSWORD } from './support/accounts';
import { useAccountsApp } from './support/accounts-app';

const accounts = useAccountsApp();

const call = accounts.call;

/** A signed-in customer with `count` password-changed notifications. */
async function customerWithNotifications(count: number) {
  const customer = await accounts.signedInCustomer();
  let password = STRONG_PASSWORD;
  for (let index = 0; index < count; index += 1) {
    const next = `Rotated$Pass${index}`;
    const response = await call('PUT', `home/v1/user/${customer.customerId}/password`, customer.cookie, {
      current_password: password,
      new_password: next,
      confirm_password: next,
    });
    expect(response.statusCode).toBe(200);
    password = next;
    accounts.advance(1000);
  }
  return customer;
}

describe('notifications', () => {
  it('lists them newest first with the unread count, and marks them read', async () => {
    const { cookie } = await customerWithNotifications(2);
    const listed = (await call('GET', 'home/v1/notifications', cookie)).json().payload;
    expect(listed.unread).toBe(2);
    expect(listed.notifications).toHaveLength(2);
    const [newest, oldest] = listed.notifications;
    expect(new Date(newest.created_at).getTime()).toBeGreaterThan(new Date(oldest.created_at).getTime());
    expect((await call('POST', 'home/v1/notifications/read', cookie)).statusCode).toBe(200);
    const read = (await call('GET', 'home/v1/notifications', cookie)).json().payload;
    expect(read.unread).toBe(0);
    expect(read.notifications.every((notification: { read: boolean }) => notification.read)).toBe(true);
  });

  it('dismisses one for good, then all', async () => {
    const { cookie } = await customerWithNotifications(3);
    const [first] = (await call('GET', 'home/v1/notifications', cookie)).json().payload.notifications;
    expect((await call('DELETE', `home/v1/notifications/${first.id}`, cookie)).statusCode).toBe(200);
    const after = (await call('GET', 'home/v1/notifications', cookie)).json().payload.notifications;
    expect(after.map((notification: { id: string }) => notification.id)).not.toContain(first.id);
    expect(after).toHaveLength(2);
    expect((await call('DELETE', 'home/v1/notifications', cookie)).statusCode).toBe(200);
    expect((await call('GET', 'home/v1/notifications', cookie)).json().payload).toEqual({ notifications: [], unread: 0 });
  });

  it("cannot dismiss another customer's notification: 404 like an unknown or malformed id", async () => {
    const owner = await customerWithNotifications(1);
    const stranger = await accounts.signedInCustomer();
    const [notification] = (await call('GET', 'home/v1/notifications', owner.cookie)).json().payload.notifications;
    for (const id of [notification.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect((await call('DELETE', `home/v1/notifications/${id}`, stranger.cookie)).statusCode).toBe(404);
    }
    expect((await call('GET', 'home/v1/notifications', owner.cookie)).json().payload.notifications).toHaveLength(1);
    expect((await call('GET', 'home/v1/notifications')).statusCode).toBe(401);
  });
});
