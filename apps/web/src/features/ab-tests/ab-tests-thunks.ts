import { createAsyncThunk } from '@reduxjs/toolkit';
import type { AbStatus, AbTestSummary } from '@postlark/shared/ab-tests';
import type { EmailPlatformId } from '@postlark/shared/integrations';
import { type CallRejection, readPayload } from '../../lib/api-client';
import { getAbTests } from './ab-tests-api';
import { AB_TEXTS } from './ab-tests-content';

// The A/B tests page's call; like the reports', its result lives in the page that asked.

type TestsFilter = { status: AbStatus | null; platform: EmailPlatformId | null };

export const fetchAbTests = createAsyncThunk<AbTestSummary[], TestsFilter, { rejectValue: CallRejection }>('abTests/fetchAll', async ({ status, platform }, { rejectWithValue }) => {
  const result = await readPayload(() => getAbTests(status, platform), AB_TEXTS.testsFailed, (payload) => Array.isArray(payload.tests));
  return 'error' in result ? rejectWithValue(result.error) : result.payload.tests;
});
