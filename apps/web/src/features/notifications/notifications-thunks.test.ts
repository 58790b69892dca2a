import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_TEXTS } from './notifications-content';
import { dismissAllNotifications, dismissNotification, fetchNotifications, markNotificationsRead } from './notifications-thunks';

const makeStore = () => configureStore({ reducer: { none: (state: null = null) => state } });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const entry = { id: 'n/1', kind: 'password-changed', title: 'Your password was changed', body: '...', link: null, created_at: '2026-01-01T00:00:00.000Z', read: false };

describe('notification thunks', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('lists, marks read, dismisses one and all', async () => {
    const store = makeStore();
    fetchMock.mockResolvedValueOnce(json(200, { payload: { notifications: [entry], unread: 1 } }));
    expect(await store.dispatch(fetchNotifications()).unwrap()).toEqual({ notifications: [entry], unread: 1 });
    fetchMock.mockImplementation(async () => json(200, { payload: { message: 'ok' } }));
    await store.dispatch(markNotificationsRead());
    await store.dispatch(dismissNotification('n/1'));
    await store.dispatch(dismissAllNotifications());
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual([
      'GET /api/home/v1/notifications',
      'POST /api/home/v1/notifications/read',
      'DELETE /api/home/v1/notifications/n%2F1',
      'DELETE /api/home/v1/notifications',
    ]);
  });

  it("rejects with the server's message, else our own", async () => {
    const store = makeStore();
    fetchMock.mockResolvedValueOnce(json(404, { payload: { message: 'Not found.' } }));
    expect((await store.dispatch(dismissNotification('x'))).payload).toBe('Not found.');
    fetchMock.mockResolvedValueOnce(json(200, { payload: {} }));
    expect((await store.dispatch(fetchNotifications())).payload).toBe(NOTIFICATION_TEXTS.loadFailed);
  });
});
