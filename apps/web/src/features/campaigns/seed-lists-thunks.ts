import { createAsyncThunk } from '@reduxjs/toolkit';
import { SEED_LIST_TEXTS, type SeedList, type SeedListCreate } from '@postlark/shared/seed-lists';
import { payloadMessage, settle } from '../../lib/api-client';
import type { CampaignFailure } from './campaigns-thunks';
import { deleteSeedList, getSeedLists, postSeedList } from './seed-lists-api';

// Like the senders' thunks, no slice: the card or dialog that asked keeps the answer.

type Rejects = { rejectValue: CampaignFailure };

export const fetchSeedLists = createAsyncThunk<SeedList[], void, Rejects>('seed-lists/fetch', async (_none, { rejectWithValue }) => {
  const result = await settle(getSeedLists, SEED_LIST_TEXTS.loadFailed);
  if (!result.ok) return rejectWithValue({ message: result.message, errors: result.errors, status: result.status });
  const lists = result.body?.payload?.seed_lists;
  return Array.isArray(lists) ? lists : rejectWithValue({ message: SEED_LIST_TEXTS.loadFailed, errors: {}, status: 0 });
});

/** Answers the server's message to show. */
export const createSeedList = createAsyncThunk<string, SeedListCreate, Rejects>('seed-lists/create', async (body, { rejectWithValue }) => {
  const result = await settle(() => postSeedList(body), SEED_LIST_TEXTS.changeFailed);
  if (!result.ok) return rejectWithValue({ message: result.message, errors: result.errors, status: result.status });
  return payloadMessage(result.body) ?? SEED_LIST_TEXTS.changeFailed;
});

/** Answers the server's message to show. */
export const removeSeedList = createAsyncThunk<string, string, Rejects>('seed-lists/remove', async (id, { rejectWithValue }) => {
  const result = await settle(() => deleteSeedList(id), SEED_LIST_TEXTS.changeFailed);
  if (!result.ok) return rejectWithValue({ message: result.message, errors: result.errors, status: result.status });
  return payloadMessage(result.body) ?? SEED_LIST_TEXTS.changeFailed;
});
