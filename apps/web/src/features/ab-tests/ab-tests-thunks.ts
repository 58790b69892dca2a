import { createAsyncThunk } from '@reduxjs/toolkit';
import type { AbStatus, AbTestSummary } from '@postlark/shared/ab-tests';
import { type CallRejection, readPayload } from '../../lib/api-client';
import { getAbTests } from './ab-tests-api';
import { AB_TEXTS } from './ab-tests-content';

// The A/B tests page's call; like the reports', its result lives in the page that asked.

export const fetchAbTests = createAsyncThunk<AbTestSummary[], AbStatus | null, { rejectValue: CallRejection }>('abTests/fetchAll', async (status, { rejectWithValue }) => {
  const result = await readPayload(() => getAbTests(status), AB_TEXTS.testsFailed, (payload) => Array.isArray(payload.tests));
  return 'error' in result ? rejectWithValue(result.error) : result.payload.tests;
});
