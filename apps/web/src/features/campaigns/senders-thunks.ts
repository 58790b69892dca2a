import { createAsyncThunk } from '@reduxjs/toolkit';
import type { SenderOverview } from '@postlark/shared/senders';
import { payloadMessage, settle } from '../../lib/api-client';
import type { CampaignFailure } from './campaigns-thunks';
import { SENDER_TEXTS } from './campaigns-content';
import { type DomainCheck, getSenders, postDomainCheck, postSenderChange, type SenderChange } from './senders-api';

// Like the campaigns' thunks, no slice: the page that asked keeps the answer.

type Rejects = { rejectValue: CampaignFailure };

export const fetchSenders = createAsyncThunk<SenderOverview, void, Rejects>('senders/fetch', async (_none, { rejectWithValue }) => {
  const result = await settle(getSenders, SENDER_TEXTS.loadFailed);
  if (!result.ok) return rejectWithValue({ message: result.message, errors: result.errors, status: result.status });
  const overview = result.body?.payload;
  return overview && Array.isArray(overview.senders) ? overview : rejectWithValue({ message: SENDER_TEXTS.loadFailed, errors: {}, status: 0 });
});

/** One change; answers the server's message to show. */
export const changeSenders = createAsyncThunk<string, SenderChange, Rejects>('senders/change', async (change, { rejectWithValue }) => {
  const result = await settle(() => postSenderChange(change), SENDER_TEXTS.changeFailed);
  if (!result.ok) return rejectWithValue({ message: result.message, errors: result.errors, status: result.status });
  return payloadMessage(result.body) ?? SENDER_TEXTS.changeFailed;
});

/** "Check now" on a domain: its records' new states and what they mean. */
export const checkSenderDomain = createAsyncThunk<DomainCheck, string, Rejects>('senders/check-domain', async (id, { rejectWithValue }) => {
  const result = await settle(() => postDomainCheck(id), SENDER_TEXTS.changeFailed);
  if (!result.ok) return rejectWithValue({ message: result.message, errors: result.errors, status: result.status });
  const answer = result.body?.payload;
  return answer?.domain && typeof answer.message === 'string' ? answer : rejectWithValue({ message: SENDER_TEXTS.changeFailed, errors: {}, status: 0 });
});
