import { createAsyncThunk } from '@reduxjs/toolkit';
import { DATA_EXPORT_MESSAGES, type DataExportRequest, type DataExportsPayload } from '@postlark/shared/data-export';
import { settle } from '../../lib/api-client';
import { getExports, postExport } from './profile-api';
import { PROFILE_TEXTS } from './profile-content';
import { type SaveFailure, saveFailure } from './profile-thunks';

// Manage my data. Like the other tabs' saves, the results live in the tab that asked, so these
// thunks have no slice: the tab awaits `.unwrap()`.

/** The customer's exports, newest first, and when the next may start. */
export const fetchExports = createAsyncThunk<DataExportsPayload, string, { rejectValue: SaveFailure }>(
  'profile/fetchExports',
  async (customerId, { rejectWithValue }) => {
    const result = await settle(() => getExports(customerId), PROFILE_TEXTS.exportsFailed);
    if (!result.ok) return rejectWithValue(saveFailure(result));
    const payload = result.body?.payload;
    if (!payload || !Array.isArray(payload.exports)) return rejectWithValue({ message: PROFILE_TEXTS.exportsFailed, errors: {}, status: 0 });
    return payload;
  },
);

/** Starts an export; resolves with the message to show. A second within 30 days rejects with the date of the next. */
export const startExport = createAsyncThunk<string, { customerId: string; body: DataExportRequest }, { rejectValue: SaveFailure }>(
  'profile/startExport',
  async ({ customerId, body }, { rejectWithValue }) => {
    const result = await settle(() => postExport(customerId, body), PROFILE_TEXTS.saveFailed);
    if (!result.ok) return rejectWithValue(saveFailure(result));
    return result.body?.payload?.message ?? DATA_EXPORT_MESSAGES.started;
  },
);
