import type { InsightsRefresh } from '@postlark/shared/insights';
import type { InsightsSummary } from '@postlark/shared/insights-dashboard';
import { webEnv } from '../../config/env';
import { requestJson } from '../../lib/api-client';

const insightsUrl = (path: string) => `${webEnv.apiBase}insights/v1/${path}`;

/** The account's purchase insights as of its last refresh. */
export function getInsightsSummary() {
  return requestJson<{ payload: InsightsSummary }>('GET', insightsUrl('summary'));
}

/** "Refresh now": queues a refresh as of now (or answers with the one already pending). */
export function postInsightsRefresh() {
  return requestJson<{ payload: InsightsRefresh }>('POST', insightsUrl('refreshes'), {});
}

export function getInsightsRefresh(id: string) {
  return requestJson<{ payload: InsightsRefresh }>('GET', insightsUrl(`refreshes/${encodeURIComponent(id)}`));
}
