import { createAsyncThunk } from '@reduxjs/toolkit';
import type { CampaignReport, CampaignReportSummary, ReportReaderAction, ReportReadersPage } from '@postlark/shared/campaign-reports';
import { type CallRejection, readPayload as read } from '../../lib/api-client';
import { getCampaignReport, getReportReaders, getReports } from './reports-api';
import { REPORTS_TEXTS } from './reports-content';

// The reports' calls. Like the audience's, their results live in the page that asked, so these
// thunks have no slice: the page awaits `.unwrap()`.

export type ReportFailure = CallRejection;
type Rejects = { rejectValue: ReportFailure };

export const fetchReports = createAsyncThunk<CampaignReportSummary[], void, Rejects>('reports/fetchReports', async (_, { rejectWithValue }) => {
  const result = await read(getReports, REPORTS_TEXTS.reportsFailed, (payload) => Array.isArray(payload.reports));
  return 'error' in result ? rejectWithValue(result.error) : result.payload.reports;
});

export const fetchCampaignReport = createAsyncThunk<CampaignReport, string, Rejects>('reports/fetchCampaignReport', async (id, { rejectWithValue }) => {
  const result = await read(
    () => getCampaignReport(id),
    REPORTS_TEXTS.reportFailed,
    (payload) => Boolean(payload.report?.campaign && payload.report.totals && Array.isArray(payload.report.links) && Array.isArray(payload.report.timeline)),
  );
  return 'error' in result ? rejectWithValue(result.error) : result.payload.report;
});

export const fetchReportReaders = createAsyncThunk<ReportReadersPage, { id: string; action: ReportReaderAction; page: number }, Rejects>(
  'reports/fetchReportReaders',
  async ({ id, action, page }, { rejectWithValue }) => {
    const result = await read(() => getReportReaders(id, action, page), REPORTS_TEXTS.readersFailed, (payload) => Array.isArray(payload.readers));
    return 'error' in result ? rejectWithValue(result.error) : result.payload;
  },
);

/** What `.unwrap()` threw, as a failure to show: a rejection's value, or the fallback. */
export function asReportFailure(reason: unknown, fallback: string): ReportFailure {
  const value = reason as Partial<ReportFailure> | null;
  return typeof value?.message === 'string' && typeof value.status === 'number'
    ? { message: value.message, errors: value.errors ?? {}, status: value.status }
    : { message: fallback, errors: {}, status: 0 };
}
