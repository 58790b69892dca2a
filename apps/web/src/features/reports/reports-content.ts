import type { CampaignStatus } from '@postlark/shared/campaigns';

// The reports pages' own texts, where the shared REPORT_MESSAGES (the server's) have none.
// Those are never repeated here.

/** What a receiver's report means, in the words the campaign report uses. */
export const RECEIVER_OUTCOME_LABELS = {
  dead: 'Address does not exist',
  soft: 'Temporary problem',
  sender: 'Refused the sender',
  complaint: 'Marked as spam',
} as const;

export const REPORTS_TEXTS = {
  receiversLead: 'Reports the readers’ mail servers sent back in the last 30 days. A dead address is suppressed at once; temporary problems only when they repeat; a refusal of the sender is never the reader’s fault, so it counts toward your sending health instead.',
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
