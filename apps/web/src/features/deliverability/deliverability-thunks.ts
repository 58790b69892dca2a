import { createAsyncThunk } from '@reduxjs/toolkit';
import type { DeliverabilityOverview } from '@postlark/shared/deliverability';
import { type CallRejection, readPayload } from '../../lib/api-client';
import { getDeliverabilityOverview, postResumeSending } from './deliverability-api';
import { DELIVERABILITY_PAGE_TEXTS } from './deliverability-content';

// The Deliverability page's calls. Like the reports', their results live in the page that asked:
// no slice, the page awaits `.unwrap()`.

type Rejects = { rejectValue: CallRejection };

export const fetchDeliverabilityOverview = createAsyncThunk<DeliverabilityOverview, void, Rejects>('deliverability/fetchOverview', async (_, { rejectWithValue }) => {
  const result = await readPayload(getDeliverabilityOverview, DELIVERABILITY_PAGE_TEXTS.failed, (payload) => Array.isArray(payload.dates) && Array.isArray(payload.counts) && typeof payload.sending === 'object');
  return 'error' in result ? rejectWithValue(result.error) : result.payload;
});

/** Resolves with the server's sentence (DELIVERABILITY_TEXTS.resumed); rejects with its refusal (notPaused, resumeBySupport). */
export const resumeSending = createAsyncThunk<string, void, Rejects>('deliverability/resume', async (_, { rejectWithValue }) => {
  const result = await readPayload(postResumeSending, DELIVERABILITY_PAGE_TEXTS.resumeFailed, (payload) => typeof payload.message === 'string');
  return 'error' in result ? rejectWithValue(result.error) : result.payload.message;
});

/** What `.unwrap()` threw, as a message to show. */
export function deliverabilityFailureMessage(reason: unknown, fallback: string): string {
  const value = reason as Partial<CallRejection> | null;
  return typeof value?.message === 'string' ? value.message : fallback;
}
