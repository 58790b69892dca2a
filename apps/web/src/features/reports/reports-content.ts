import type { CampaignStatus } from '@postlark/shared/campaigns';

// The reports pages' own texts, where the shared REPORT_MESSAGES (the server's) have none.
// Those are never repeated here.

export const REPORTS_TEXTS = {
  reportsFailed: 'Could not load your reports.',
  reportFailed: 'Could not load this report.',
  loadingReports: 'Loading reports...',
  loadingReport: 'Loading report...',
  refreshFailed: 'Live figures paused: the last refresh failed. Trying again...',
  live: 'Live: these figures update every few seconds while the campaign sends.',
  unknownNote: 'A crash left these rows unsettled; they were not sent again.',
  skippedNote: 'Suppressed or unsubscribed by send time.',
  notTracked: 'Not tracked',
} as const;

/** While a campaign sends, its report is read again this often, so the figures move. */
export const REPORT_POLL_MS = 3000;

/** Whether a report's figures can still change by themselves: only while it sends. */
export function isLive(status: CampaignStatus): boolean {
  return status === 'sending';
}
