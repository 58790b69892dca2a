import { createAsyncThunk } from '@reduxjs/toolkit';
import type { HomeOverview } from '@postlark/shared/dashboard';
import { webEnv } from '../../config/env';
import { type CallRejection, readPayload, requestJson } from '../../lib/api-client';
import { HOME_TEXTS } from './home-content';

// Home's one read. Like the reports', its result lives in the page that asked: no slice.

export function getHomeOverview() {
  return requestJson<{ payload: HomeOverview }>('GET', `${webEnv.apiBase}home/v1/overview`);
}

export const fetchHomeOverview = createAsyncThunk<HomeOverview, void, { rejectValue: CallRejection }>('home/fetchOverview', async (_, { rejectWithValue }) => {
  const result = await readPayload(getHomeOverview, HOME_TEXTS.failed, (payload) => Array.isArray(payload.audience?.days) && typeof payload.steps === 'object');
  return 'error' in result ? rejectWithValue(result.error) : result.payload;
});
