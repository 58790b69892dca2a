import { createAsyncThunk } from '@reduxjs/toolkit';
import { webEnv } from '../../config/env';
import { requestJson, settle } from '../../lib/api-client';

// How many people the saved campaign would go to now, counted by the server with the rule its
// sender uses (suppressed, unsubscribed, bounced and complained people left out): the Send now
// dialog's last look. Without an answer the dialog simply names the audience.

export function getRecipientCount(id: string) {
  return requestJson<{ payload: { recipients: number } }>('GET', `${webEnv.apiBase}campaigns/v1/campaigns/${encodeURIComponent(id)}/recipients`);
}

export const fetchRecipientCount = createAsyncThunk<number | null, string>('campaigns/recipientCount', async (id) => {
  const result = await settle(() => getRecipientCount(id), '');
  const count = result.ok ? result.body?.payload?.recipients : undefined;
  return typeof count === 'number' ? count : null;
});
