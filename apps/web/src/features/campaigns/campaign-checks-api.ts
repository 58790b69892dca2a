import type { CampaignCheck } from '@postlark/shared/campaign-checks';
import { createAsyncThunk } from '@reduxjs/toolkit';
import { CAMPAIGN_CHECK_TEXTS } from '@postlark/shared/campaign-checks';
import { webEnv } from '../../config/env';
import { type CallFailure, requestJson, settle } from '../../lib/api-client';

// "Check before sending": the saved campaign's checks, run on the server (it asks every link's
// site and the spam filter), so the call takes seconds; its answer lives in the editor that asked.

export function postCampaignChecks(id: string) {
  return requestJson<{ payload: { checks: CampaignCheck[] } }>('POST', `${webEnv.apiBase}campaigns/v1/campaigns/${encodeURIComponent(id)}/checks`);
}

export type ChecksFailure = Pick<CallFailure, 'message' | 'status'>;

export const runCampaignChecks = createAsyncThunk<CampaignCheck[], string, { rejectValue: ChecksFailure }>('campaigns/checks', async (id, { rejectWithValue }) => {
  const result = await settle(() => postCampaignChecks(id), CAMPAIGN_CHECK_TEXTS.failed);
  if (!result.ok) return rejectWithValue({ message: result.status === 429 ? CAMPAIGN_CHECK_TEXTS.tooOften : result.message, status: result.status });
  const checks = result.body?.payload?.checks;
  return Array.isArray(checks) ? checks : rejectWithValue({ message: CAMPAIGN_CHECK_TEXTS.failed, status: 0 });
});
