import { createAsyncThunk } from '@reduxjs/toolkit';
import type { InsightsRefresh } from '@postlark/shared/insights';
import type { InsightsSummary } from '@postlark/shared/insights-dashboard';
import { type CallRejection, readPayload as read } from '../../lib/api-client';
import { getInsightsRefresh, getInsightsSummary, postInsightsRefresh } from './insights-api';
import { INSIGHTS_TEXTS } from './insights-content';

// The Insights page's calls. Like the reports', their results live in the page that asked: no
// slice, the page awaits `.unwrap()`.

export type InsightsFailure = CallRejection;
type Rejects = { rejectValue: InsightsFailure };

const isRefresh = (payload: InsightsRefresh) => typeof payload.id === 'string' && typeof payload.status === 'string';

export const fetchInsightsSummary = createAsyncThunk<InsightsSummary, void, Rejects>('insights/fetchSummary', async (_, { rejectWithValue }) => {
  const result = await read(getInsightsSummary, INSIGHTS_TEXTS.failed, (payload) => typeof payload.state === 'string' && Array.isArray(payload.months));
  return 'error' in result ? rejectWithValue(result.error) : result.payload;
});

export const startInsightsRefresh = createAsyncThunk<InsightsRefresh, void, Rejects>('insights/startRefresh', async (_, { rejectWithValue }) => {
  const result = await read(postInsightsRefresh, INSIGHTS_TEXTS.refreshFailed, isRefresh);
  return 'error' in result ? rejectWithValue(result.error) : result.payload;
});

export const fetchInsightsRefresh = createAsyncThunk<InsightsRefresh, string, Rejects>('insights/fetchRefresh', async (id, { rejectWithValue }) => {
  const result = await read(() => getInsightsRefresh(id), INSIGHTS_TEXTS.failed, isRefresh);
  return 'error' in result ? rejectWithValue(result.error) : result.payload;
});

/** What `.unwrap()` threw, as a message to show. */
export function insightsFailureMessage(reason: unknown, fallback: string): string {
  const value = reason as Partial<InsightsFailure> | null;
  return typeof value?.message === 'string' ? value.message : fallback;
}
