import { createAsyncThunk } from '@reduxjs/toolkit';
import { WEBHOOK_MESSAGES, type WebhookAttempt, type WebhookEndpoint, type WebhookEndpointCreate, type WebhookEndpointUpdate } from '@postlark/shared/outgoing-webhooks';
import { type ApiAnswer, payloadMessage, settle } from '../../lib/api-client';
import {
  deleteWebhookEndpoint,
  getWebhookDeliveries,
  getWebhookEndpoints,
  patchWebhookEndpoint,
  postWebhookEndpoint,
  postWebhookSecret,
  postWebhookTest,
} from './profile-api';
import { PROFILE_TEXTS } from './profile-content';
import { type SaveFailure, saveFailure } from './profile-thunks';

// Integrations, Webhooks. Like the API keys, no slice: the card awaits `.unwrap()`. A signing
// secret is handed to `reveal`, never resolved, so it never travels in an action.

const broken = (message: string): SaveFailure => ({ message, errors: {}, status: 0 });

/** A thunk around one call: `pick` reads what it resolves with from the answer (undefined: a broken answer). */
function webhookThunk<Arg, Body, Result>(type: string, call: (arg: Arg) => Promise<ApiAnswer<Body>>, pick: (body: Body | null, arg: Arg) => Result | undefined, fallback: string) {
  return createAsyncThunk<Result, Arg, { rejectValue: SaveFailure }>(type, async (arg, { rejectWithValue }) => {
    const result = await settle(() => call(arg), fallback);
    if (!result.ok) return rejectWithValue(saveFailure(result));
    const picked = pick(result.body, arg);
    return picked === undefined ? rejectWithValue(broken(fallback)) : picked;
  });
}

export const fetchWebhookEndpoints = webhookThunk<void, { payload: { endpoints: WebhookEndpoint[] } }, WebhookEndpoint[]>(
  'profile/fetchWebhookEndpoints',
  () => getWebhookEndpoints(),
  (body) => (Array.isArray(body?.payload?.endpoints) ? body.payload.endpoints : undefined),
  WEBHOOK_MESSAGES.loadFailed,
);

export interface Revealing<T> {
  body: T;
  /** Receives the signing secret, shown once. */
  reveal(secret: string): void;
}

export const createWebhookEndpoint = webhookThunk<Revealing<WebhookEndpointCreate>, { payload: { message: string; endpoint: WebhookEndpoint; secret: string } }, WebhookEndpoint>(
  'profile/createWebhookEndpoint',
  ({ body }) => postWebhookEndpoint(body),
  (answer, { reveal }) => {
    if (typeof answer?.payload?.secret !== 'string' || !answer.payload.endpoint) return undefined;
    reveal(answer.payload.secret);
    return answer.payload.endpoint;
  },
  PROFILE_TEXTS.saveFailed,
);

export const updateWebhookEndpoint = webhookThunk<{ id: string; body: WebhookEndpointUpdate }, { payload: { message: string; endpoint: WebhookEndpoint } }, WebhookEndpoint>(
  'profile/updateWebhookEndpoint',
  ({ id, body }) => patchWebhookEndpoint(id, body),
  (answer) => answer?.payload?.endpoint,
  PROFILE_TEXTS.saveFailed,
);

export const removeWebhookEndpoint = webhookThunk(
  'profile/removeWebhookEndpoint',
  (id: string) => deleteWebhookEndpoint(id),
  (answer) => payloadMessage(answer) ?? WEBHOOK_MESSAGES.deleted,
  PROFILE_TEXTS.saveFailed,
);

export const rollWebhookSecret = webhookThunk<Revealing<string>, { payload: { message: string; secret: string } }, string>(
  'profile/rollWebhookSecret',
  ({ body: id }) => postWebhookSecret(id),
  (answer, { reveal }) => {
    if (typeof answer?.payload?.secret !== 'string') return undefined;
    reveal(answer.payload.secret);
    return answer.payload.message || WEBHOOK_MESSAGES.rolled;
  },
  PROFILE_TEXTS.saveFailed,
);

export const sendWebhookTest = webhookThunk(
  'profile/sendWebhookTest',
  (id: string) => postWebhookTest(id),
  (answer) => payloadMessage(answer) ?? WEBHOOK_MESSAGES.testQueued,
  PROFILE_TEXTS.saveFailed,
);

export const fetchWebhookDeliveries = webhookThunk<string, { payload: { attempts: WebhookAttempt[] } }, WebhookAttempt[]>(
  'profile/fetchWebhookDeliveries',
  (id) => getWebhookDeliveries(id),
  (answer) => (Array.isArray(answer?.payload?.attempts) ? answer.payload.attempts : undefined),
  WEBHOOK_MESSAGES.logFailed,
);
