import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@postlark/shared/account-messages';
import { emailReducer, resetEmailState, sendVerificationEmail, verifyEmailToken } from './email-slice';

const makeStore = () => configureStore({ reducer: { email: emailReducer } });
const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('email slice', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('window', { location: { origin: 'https://postlark.test' } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('sends the sign-up mail with a link back to /signup and stores the message', async () => {
    fetchMock.mockResolvedValue(answer(200, { payload: { message: 'Email sent successfully !' } }));
    const store = makeStore();
    const pending = store.dispatch(sendVerificationEmail({ email: 'ada@example.com', page: 'sign-up' }));
    expect(store.getState().email).toMatchObject({ loading: true, error: null });
    await pending;
    expect(store.getState().email).toEqual({ loading: false, success: true, error: null, message: 'Email sent successfully !' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/authentication/v1/email-send/');
    expect(JSON.parse(String(init?.body))).toEqual({
      email_receiver: 'ada@example.com',
      direct_url: 'https://postlark.test/signup',
      page: 'sign-up',
    });
    store.dispatch(resetEmailState());
    expect(store.getState().email).toEqual({ loading: false, success: false, error: null, message: null });
  });

  it("keeps the server's message on failure", async () => {
    fetchMock.mockResolvedValue(answer(400, { payload: { message: 'Nope' } }));
    const store = makeStore();
    await store.dispatch(sendVerificationEmail({ email: 'ada@example.com', page: 'sign-up' }));
    expect(store.getState().email).toMatchObject({ loading: false, success: false, error: 'Nope' });
  });

  it.each([
    ['sign-up', ACCOUNT_MESSAGES.somethingWentWrong],
    ['forget-password', ACCOUNT_MESSAGES.resetEmailFailed],
  ] as const)('falls back to the spec text for %s when the answer has no message', async (page, fallback) => {
    fetchMock.mockResolvedValue(new Response('bad gateway', { status: 502 }));
    const store = makeStore();
    const result = await store.dispatch(sendVerificationEmail({ email: 'ada@example.com', page }));
    expect(result.payload).toBe(fallback);
    expect(store.getState().email.error).toBe(fallback);
  });

  it('verifies a sign-up token without a password, and falls back to "verification failed"', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('network down'));
    const store = makeStore();
    await store.dispatch(verifyEmailToken({ email: 'ada@example.com', token: 't' }));
    expect(store.getState().email.error).toBe(ACCOUNT_MESSAGES.verificationFailed);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ email_receiver: 'ada@example.com', token: 't', password: null });
  });

  it('resets a password with the token, falling back to "Reset failed"', async () => {
    fetchMock.mockResolvedValue(answer(500, {}));
    const store = makeStore();
    await store.dispatch(verifyEmailToken({ email: 'ada@example.com', token: 't', password: 'Strong1!pass' }));
    expect(store.getState().email.error).toBe(ACCOUNT_MESSAGES.resetFailed);
  });
});
