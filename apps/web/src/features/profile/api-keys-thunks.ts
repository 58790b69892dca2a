import { createAsyncThunk } from '@reduxjs/toolkit';
import { API_KEY_MESSAGES, type ApiKey, type ApiKeyCreate } from '@postlark/shared/api-keys';
import { payloadMessage, settle } from '../../lib/api-client';
import { deleteApiKey, getApiKeys, postApiKey } from './profile-api';
import { PROFILE_TEXTS } from './profile-content';
import { type SaveFailure, saveFailure } from './profile-thunks';

// Integrations, API keys. Like the other tabs, no slice: the tab awaits `.unwrap()`.

export const fetchApiKeys = createAsyncThunk<ApiKey[], void, { rejectValue: SaveFailure }>('profile/fetchApiKeys', async (_none, { rejectWithValue }) => {
  const result = await settle(getApiKeys, PROFILE_TEXTS.apiKeysFailed);
  if (!result.ok) return rejectWithValue(saveFailure(result));
  const keys = result.body?.payload?.api_keys;
  return Array.isArray(keys) ? keys : rejectWithValue({ message: PROFILE_TEXTS.apiKeysFailed, errors: {}, status: 0 });
});

export interface NewApiKey {
  body: ApiKeyCreate;
  /** Receives the whole key, which is shown once: it is handed over here rather than resolved, so it never travels in an action. */
  reveal(key: string): void;
}

/** Makes a key; resolves with the message to show and the key's listing (its prefix), never the key. */
export const createApiKey = createAsyncThunk<{ message: string; apiKey: ApiKey }, NewApiKey, { rejectValue: SaveFailure }>(
  'profile/createApiKey',
  async ({ body, reveal }, { rejectWithValue }) => {
    const result = await settle(() => postApiKey(body), PROFILE_TEXTS.saveFailed);
    if (!result.ok) return rejectWithValue(saveFailure(result));
    const payload = result.body?.payload;
    if (!payload || typeof payload.key !== 'string' || !payload.api_key) return rejectWithValue({ message: PROFILE_TEXTS.saveFailed, errors: {}, status: 0 });
    reveal(payload.key);
    return { message: payload.message || API_KEY_MESSAGES.created, apiKey: payload.api_key };
  },
);

/** Revokes a key at once; resolves with the message to show. */
export const revokeApiKey = createAsyncThunk<string, string, { rejectValue: SaveFailure }>('profile/revokeApiKey', async (id, { rejectWithValue }) => {
  const result = await settle(() => deleteApiKey(id), PROFILE_TEXTS.saveFailed);
  if (!result.ok) return rejectWithValue(saveFailure(result));
  return payloadMessage(result.body) ?? API_KEY_MESSAGES.revoked;
});
