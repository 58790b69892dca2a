import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@postlark/shared/account-messages';
import { clearLoginError, endSession, fetchProfile, login, loginReducer, resetLoginState, restoreSession, SESSION_MESSAGES } from './login-slice';

const makeStore = () => configureStore({ reducer: { login: loginReducer } });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const credentials = { access_token: 'token', token_type: 'Bearer' as const, expires_at: '2030-01-01T00:00:00.000Z' };

describe('login slice', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('signs in with login_mode manual and keeps the customer id, credentials and message', async () => {
    fetchMock.mockResolvedValue(json(200, { payload: { customer_id: 'c1', credentials, message: 'Login successful' } }));
    const store = makeStore();
    const pending = store.dispatch(login({ email: 'ada@example.com', password: 'Strong1!pass' }));
    expect(store.getState().login.loading).toBe(true);
    await pending;
    expect(store.getState().login).toMatchObject({ loading: false, success: true, error: null, customerId: 'c1', credentials, message: 'Login successful' });
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      customer_details: { email: 'ada@example.com', password: 'Strong1!pass', login_mode: 'manual' },
    });
    expect(fetchMock.mock.calls[0]![1]?.credentials).toBe('include');
  });

  it("shows the server's message on 401 and 429, else 'Login failed'; clearing the error keeps the rest", async () => {
    const store = makeStore();
    fetchMock.mockResolvedValueOnce(json(429, { payload: { message: 'Too many sign-in attempts.' } }));
    await store.dispatch(login({ email: 'ada@example.com', password: 'x' }));
    expect(store.getState().login.error).toBe('Too many sign-in attempts.');
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await store.dispatch(login({ email: 'ada@example.com', password: 'x' }));
    expect(store.getState().login.error).toBe(ACCOUNT_MESSAGES.loginFailed);
    store.dispatch(clearLoginError());
    expect(store.getState().login.error).toBeNull();
  });

  it('fetches the profile for the customer id, with the spec fallback on failure', async () => {
    const store = makeStore();
    const profile = { email: 'ada@example.com', additional_info: { first_name: 'Ada' } };
    fetchMock.mockResolvedValueOnce(json(200, { payload: profile }));
    await store.dispatch(fetchProfile('c/1'));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/home/v1/user/c%2F1');
    expect(store.getState().login.profile).toEqual(profile);
    fetchMock.mockResolvedValueOnce(json(404, {}));
    await store.dispatch(fetchProfile('c1'));
    expect(store.getState().login.error).toBe(ACCOUNT_MESSAGES.profileFailed);
    store.dispatch(resetLoginState());
    expect(store.getState().login.profile).toBeNull();
  });

  it('restores the customer id from the session cookie without touching the sign-in flags', async () => {
    const store = makeStore();
    fetchMock.mockResolvedValueOnce(json(200, { payload: { customer_id: 'c9', email: 'ada@example.com', first_name: 'Ada' } }));
    await store.dispatch(restoreSession());
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/authentication/v1/session');
    expect(store.getState().login).toMatchObject({ customerId: 'c9', loading: false, success: false, error: null });
  });

  it('tells a signed-out visitor (401) from a failed check', async () => {
    const store = makeStore();
    fetchMock.mockResolvedValueOnce(json(401, { payload: { message: 'Please sign in.' } }));
    const signedOut = await store.dispatch(restoreSession());
    expect(signedOut.payload).toEqual({ status: 401, message: 'Please sign in.' });
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    const failed = await store.dispatch(restoreSession());
    expect(failed.payload).toEqual({ status: 0, message: SESSION_MESSAGES.checkFailed });
    expect(store.getState().login.customerId).toBeNull();
  });

  it('ends the session with DELETE; an already ended one (401) counts as signed out', async () => {
    const store = makeStore();
    fetchMock.mockResolvedValueOnce(json(200, { payload: { message: 'Signed out.' } }));
    expect(endSession.fulfilled.match(await store.dispatch(endSession()))).toBe(true);
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('DELETE');
    fetchMock.mockResolvedValueOnce(json(401, {}));
    expect(endSession.fulfilled.match(await store.dispatch(endSession()))).toBe(true);
    fetchMock.mockResolvedValueOnce(json(500, {}));
    const failed = await store.dispatch(endSession());
    expect(failed.payload).toBe(SESSION_MESSAGES.signOutFailed);
  });
});
