import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MARKETING_PREFERENCES, PROFILE_MESSAGES } from '@postlark/shared/profile';
import { changePassword, fetchPreferences, savePreferences, updateBasicInfo, updateContactInfo } from './profile-thunks';
import { PROFILE_TEXTS } from './profile-content';

const makeStore = () => configureStore({ reducer: { none: (state: null = null) => state } });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const contact = { street_address: '1 Main Road', city: 'Pune', state: '', company: '', postal_code: '411001', country: 'India', phone: '', vat_id: '' };

describe('profile thunks', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('sends each save to its route and method, with the session cookie', async () => {
    const store = makeStore();
    fetchMock.mockImplementation(async () => json(200, { payload: { message: 'Saved.' } }));
    await store.dispatch(updateBasicInfo({ customerId: 'c/1', body: { first_name: 'Ada', last_name: '' } }));
    await store.dispatch(changePassword({ customerId: 'c1', body: { current_password: 'a', new_password: 'B', confirm_password: 'B' } }));
    await store.dispatch(updateContactInfo({ customerId: 'c1', body: contact }));
    await store.dispatch(savePreferences({ customerId: 'c1', body: DEFAULT_MARKETING_PREFERENCES }));
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual([
      'PATCH /api/home/v1/user/c%2F1',
      'PUT /api/home/v1/user/c1/password',
      'PUT /api/home/v1/user/c1/contact',
      'PUT /api/home/v1/user/c1/preferences',
    ]);
    expect(fetchMock.mock.calls.every(([, init]) => init?.credentials === 'include')).toBe(true);
    expect(JSON.parse(String(fetchMock.mock.calls[2]![1]?.body))).toEqual(contact);
  });

  it("resolves with the server's message, else the spec's text", async () => {
    const store = makeStore();
    fetchMock.mockResolvedValueOnce(json(200, { payload: { message: 'Done!' } }));
    expect(await store.dispatch(updateContactInfo({ customerId: 'c1', body: contact })).unwrap()).toBe('Done!');
    fetchMock.mockResolvedValueOnce(json(200, {}));
    expect(await store.dispatch(updateContactInfo({ customerId: 'c1', body: contact })).unwrap()).toBe(PROFILE_MESSAGES.contactSaved);
  });

  it("rejects with the server's message, its field errors and the status", async () => {
    const store = makeStore();
    fetchMock.mockResolvedValueOnce(
      json(400, { payload: { message: 'Check the form.', errors: { current_password: PROFILE_MESSAGES.currentPasswordWrong } } }),
    );
    const wrong = await store.dispatch(changePassword({ customerId: 'c1', body: { current_password: 'x', new_password: 'B', confirm_password: 'B' } }));
    expect(wrong.payload).toEqual({ message: 'Check the form.', errors: { current_password: PROFILE_MESSAGES.currentPasswordWrong }, status: 400 });
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    const offline = await store.dispatch(updateBasicInfo({ customerId: 'c1', body: { first_name: 'Ada', last_name: '' } }));
    expect(offline.payload).toEqual({ message: PROFILE_TEXTS.saveFailed, errors: {}, status: 0 });
  });

  it('reads the seven preferences and refuses an answer missing one', async () => {
    const store = makeStore();
    fetchMock.mockResolvedValueOnce(json(200, { payload: { ...DEFAULT_MARKETING_PREFERENCES, newsletters: true, extra: 1 } }));
    expect(await store.dispatch(fetchPreferences('c1')).unwrap()).toEqual({ ...DEFAULT_MARKETING_PREFERENCES, newsletters: true });
    const { optOut: _missing, ...partial } = DEFAULT_MARKETING_PREFERENCES;
    fetchMock.mockResolvedValueOnce(json(200, { payload: partial }));
    const refused = await store.dispatch(fetchPreferences('c1'));
    expect(refused.payload).toMatchObject({ message: PROFILE_TEXTS.preferencesFailed });
  });
});
