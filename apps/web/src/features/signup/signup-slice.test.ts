import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignupRequest } from '@postlark/shared/account';
import { ACCOUNT_MESSAGES } from '@postlark/shared/account-messages';
import { resetSignupState, signupReducer, submitSignup } from './signup-slice';

const request: SignupRequest = {
  customer_details: {
    first_name: 'Ada',
    last_name: '',
    email: 'ada@example.com',
    gender: 'Female',
    password: 'Strong1!pass',
    dob: '1990-05-01',
    country: 'India',
    reached_by_option: '',
  },
};

describe('signup slice', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('posts the request and marks success on 201', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ payload: { message: 'Signup successfully' } }), { status: 201 }));
    const store = configureStore({ reducer: { signup: signupReducer } });
    await store.dispatch(submitSignup(request));
    expect(store.getState().signup).toEqual({ loading: false, success: true, error: null });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/authentication/v1/signup/');
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual(request);
    store.dispatch(resetSignupState());
    expect(store.getState().signup).toEqual({ loading: false, success: false, error: null });
  });

  it("stores the server's message, else 'signup failed'", async () => {
    const store = configureStore({ reducer: { signup: signupReducer } });
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ payload: { message: 'An account exists.' } }), { status: 409 }));
    await store.dispatch(submitSignup(request));
    expect(store.getState().signup.error).toBe('An account exists.');
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }));
    await store.dispatch(submitSignup(request));
    expect(store.getState().signup.error).toBe(ACCOUNT_MESSAGES.signupFailed);
  });
});
