import { createAsyncThunk } from '@reduxjs/toolkit';
import {
  AUDIENCE_MESSAGES,
  type AudienceList,
  type BulkActionRequest,
  type ListCreate,
  type ListUpdate,
  type Subscriber,
  type SubscriberCreate,
  type SubscribersPage,
  type SubscriberUpdate,
} from '@postlark/shared/audience';
import { type ApiAnswer, type CallFailure, payloadMessage, settle } from '../../lib/api-client';
import type { PersonEventsPage } from '@postlark/shared/events';
import type { Segment } from '@postlark/shared/segments';
import {
  deleteList,
  deleteSubscriber,
  getLists,
  getSegment,
  getSegments,
  getSubscriber,
  getSubscriberEvents,
  getSubscribers,
  patchList,
  patchSubscriber,
  postBulkAction,
  postList,
  postSubscriber,
} from './audience-api';
import { AUDIENCE_TEXTS } from './audience-content';

// The audience pages' calls. Like the profile's, their results live in the page that asked (the
// table, the subscriber, the lists), so these thunks have no slice: the page awaits `.unwrap()`.

export type AudienceFailure = Omit<CallFailure, 'ok'>;
/** A save's outcome: the server's message to show, and the item as it is now stored. */
export interface SavedItem<Item> {
  message: string;
  item: Item;
}

type Rejects = { rejectValue: AudienceFailure };

export const failure = ({ message, errors, status }: CallFailure): AudienceFailure => ({ message, errors, status });
const malformed = (message: string): AudienceFailure => ({ message, errors: {}, status: 0 });

/** A read: the payload when the call succeeded and `valid` accepts it. */
export async function read<Payload>(
  call: () => Promise<ApiAnswer<{ payload: Payload }>>,
  fallback: string,
  valid: (payload: Payload) => boolean,
): Promise<{ payload: Payload } | { error: AudienceFailure }> {
  const result = await settle(call, fallback);
  if (!result.ok) return { error: failure(result) };
  const payload = result.body?.payload;
  return payload && valid(payload) ? { payload } : { error: malformed(fallback) };
}

/** A save: the server's message (or `success`) and the stored item under `key`. */
export async function save<Key extends string, Item>(
  call: () => Promise<ApiAnswer<{ payload: { message: string } & Record<Key, Item> }>>,
  key: Key,
  success: string,
): Promise<{ saved: SavedItem<Item> } | { error: AudienceFailure }> {
  const result = await settle(call, AUDIENCE_TEXTS.saveFailed);
  if (!result.ok) return { error: failure(result) };
  const item = result.body?.payload?.[key];
  if (!item) return { error: malformed(AUDIENCE_TEXTS.saveFailed) };
  return { saved: { message: payloadMessage(result.body) ?? success, item } };
}

/** A delete: the server's message, or `success`. */
export async function remove(call: () => Promise<ApiAnswer<unknown>>, success: string): Promise<{ message: string } | { error: AudienceFailure }> {
  const result = await settle(call, AUDIENCE_TEXTS.saveFailed);
  return result.ok ? { message: payloadMessage(result.body) ?? success } : { error: failure(result) };
}

/** One page of the table; the argument is the API query (subscriber-query.ts's apiQuery). */
export const fetchSubscribers = createAsyncThunk<SubscribersPage, string, Rejects>('audience/fetchSubscribers', async (query, { rejectWithValue }) => {
  const result = await read(() => getSubscribers(query), AUDIENCE_TEXTS.subscribersFailed, (page) => Array.isArray(page.subscribers));
  return 'error' in result ? rejectWithValue(result.error) : result.payload;
});

export const fetchSubscriber = createAsyncThunk<Subscriber, string, Rejects>('audience/fetchSubscriber', async (id, { rejectWithValue }) => {
  const result = await read(() => getSubscriber(id), AUDIENCE_TEXTS.subscriberFailed, (subscriber) => Array.isArray(subscriber.lists));
  return 'error' in result ? rejectWithValue(result.error) : result.payload;
});

/** A page of what the person did (their events and our campaigns' deliveries, opens and clicks). */
export const fetchSubscriberEvents = createAsyncThunk<PersonEventsPage, { id: string; after: string | null }, Rejects>('audience/fetchSubscriberEvents', async ({ id, after }, { rejectWithValue }) => {
  const result = await read(() => getSubscriberEvents(id, after), AUDIENCE_TEXTS.eventsFailed, (page) => Array.isArray(page.events));
  return 'error' in result ? rejectWithValue(result.error) : result.payload;
});

export const addSubscriber = createAsyncThunk<SavedItem<Subscriber>, SubscriberCreate, Rejects>('audience/addSubscriber', async (body, { rejectWithValue }) => {
  const result = await save(() => postSubscriber(body), 'subscriber', AUDIENCE_MESSAGES.subscriberAdded);
  return 'error' in result ? rejectWithValue(result.error) : result.saved;
});

export const saveSubscriber = createAsyncThunk<SavedItem<Subscriber>, { id: string; body: SubscriberUpdate }, Rejects>(
  'audience/saveSubscriber',
  async ({ id, body }, { rejectWithValue }) => {
    const result = await save(() => patchSubscriber(id, body), 'subscriber', AUDIENCE_MESSAGES.subscriberSaved);
    return 'error' in result ? rejectWithValue(result.error) : result.saved;
  },
);

/** Resolves with the message to show. */
export const eraseSubscriber = createAsyncThunk<string, string, Rejects>('audience/eraseSubscriber', async (id, { rejectWithValue }) => {
  const result = await remove(() => deleteSubscriber(id), AUDIENCE_MESSAGES.subscriberDeleted);
  return 'error' in result ? rejectWithValue(result.error) : result.message;
});

export const fetchLists = createAsyncThunk<AudienceList[], void, Rejects>('audience/fetchLists', async (_none, { rejectWithValue }) => {
  const result = await read(getLists, AUDIENCE_TEXTS.listsFailed, (payload) => Array.isArray(payload.lists));
  return 'error' in result ? rejectWithValue(result.error) : result.payload.lists;
});

export const addList = createAsyncThunk<SavedItem<AudienceList>, ListCreate, Rejects>('audience/addList', async (body, { rejectWithValue }) => {
  const result = await save(() => postList(body), 'list', AUDIENCE_MESSAGES.listCreated);
  return 'error' in result ? rejectWithValue(result.error) : result.saved;
});

export const saveList = createAsyncThunk<SavedItem<AudienceList>, { id: string; body: ListUpdate }, Rejects>('audience/saveList', async ({ id, body }, { rejectWithValue }) => {
  const result = await save(() => patchList(id, body), 'list', AUDIENCE_MESSAGES.listSaved);
  return 'error' in result ? rejectWithValue(result.error) : result.saved;
});

export const removeList = createAsyncThunk<string, string, Rejects>('audience/removeList', async (id, { rejectWithValue }) => {
  const result = await remove(() => deleteList(id), AUDIENCE_MESSAGES.listDeleted);
  return 'error' in result ? rejectWithValue(result.error) : result.message;
});

/** Resolves with the message to show (how many subscribers changed). */
export const applyBulkAction = createAsyncThunk<string, BulkActionRequest, Rejects>('audience/applyBulkAction', async (body, { rejectWithValue }) => {
  const result = await settle(() => postBulkAction(body), AUDIENCE_TEXTS.saveFailed);
  if (!result.ok) return rejectWithValue(failure(result));
  const affected = result.body?.payload?.affected;
  return payloadMessage(result.body) ?? AUDIENCE_MESSAGES.bulkDone(typeof affected === 'number' ? affected : 0);
});

export const fetchSegments = createAsyncThunk<Segment[], void, Rejects>('audience/fetchSegments', async (_none, { rejectWithValue }) => {
  const result = await read(getSegments, AUDIENCE_TEXTS.segmentsFailed, (payload) => Array.isArray(payload.segments));
  return 'error' in result ? rejectWithValue(result.error) : result.payload.segments;
});

export const fetchSegment = createAsyncThunk<Segment, string, Rejects>('audience/fetchSegment', async (id, { rejectWithValue }) => {
  const result = await read(() => getSegment(id), AUDIENCE_TEXTS.segmentsFailed, (payload) => typeof payload?.name === 'string');
  return 'error' in result ? rejectWithValue(result.error) : result.payload;
});

/** What a thunk rejected with, as a failure to show, whatever it was. */
export function asAudienceFailure(reason: unknown, fallback: string): AudienceFailure {
  const candidate = reason as Partial<AudienceFailure> | null;
  return typeof candidate?.message === 'string'
    ? { message: candidate.message, errors: candidate.errors ?? {}, status: candidate.status ?? 0 }
    : { message: fallback, errors: {}, status: 0 };
}
