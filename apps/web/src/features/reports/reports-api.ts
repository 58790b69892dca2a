import type { CampaignReport, CampaignReportSummary, ReportReaderAction, ReportReadersPage } from '@postlark/shared/campaign-reports';
import { webEnv } from '../../config/env';
import { requestJson } from '../../lib/api-client';

const campaignsUrl = (path: string) => `${webEnv.apiBase}campaigns/v1/${path}`;

/** Every campaign that started sending, newest first. */
export function getReports() {
  return requestJson<{ payload: { reports: CampaignReportSummary[] } }>('GET', campaignsUrl('reports'));
}

/** One campaign's report; 404 for an unknown campaign, 409 for one not sent yet. */
export function getCampaignReport(id: string) {
  return requestJson<{ payload: { report: CampaignReport } }>('GET', campaignsUrl(`campaigns/${encodeURIComponent(id)}/report`));
}

/** One page of who opened, clicked or unsubscribed from the campaign. */
export function getReportReaders(id: string, action: ReportReaderAction, page: number) {
  return requestJson<{ payload: ReportReadersPage }>('GET', campaignsUrl(`campaigns/${encodeURIComponent(id)}/report/readers?action=${action}&page=${page}`));
}
