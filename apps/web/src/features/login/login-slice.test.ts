import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@postlark/shared/account-messages';
import { clearLoginError, fetchProfile, login, loginReducer, resetLoginState } from './login-slice';

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
});
