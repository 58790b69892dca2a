import { UNCONFIRMED_DELIVERY_LABEL } from '@postlark/shared/campaigns';
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
  // Shown only when there are such messages: a send cut off between handing a message over and
  // hearing back. Said as what it means for the customer, not how the sender works.
  unknownLabel: UNCONFIRMED_DELIVERY_LABEL,
  unknownNote: 'Sending was interrupted before we heard back. We did not send again, so nobody got it twice, but some may not have it.',
  skippedNote: 'Suppressed or unsubscribed by send time.',
  notTracked: 'Not tracked',
  readersTitle: 'Who opened, clicked or unsubscribed',
  readersFailed: 'Could not load who did this.',
  readersLoading: 'Loading...',
  makeSegment: 'Make a segment of these',
  makingSegment: 'Making the segment...',
} as const;

/** The readers list's tabs, the empty note of each, and the name a segment of them gets. */
export const READER_ACTION_TEXTS = {
  opened: { tab: 'Opened', empty: 'Nobody has opened it yet (opens by privacy proxies and scanners are not counted).', segment: (name: string) => `Opened “${name}”` },
  clicked: { tab: 'Clicked', empty: 'Nobody has clicked a link yet.', segment: (name: string) => `Clicked “${name}”` },
  unsubscribed: { tab: 'Unsubscribed', empty: 'Nobody has unsubscribed after it.', segment: (name: string) => `Unsubscribed after “${name}”` },
} as const;

/** While a campaign sends, its report is read again this often, so the figures move. */
export const REPORT_POLL_MS = 3000;

/** Whether a report's figures can still change by themselves: only while it sends. */
export function isLive(status: CampaignStatus): boolean {
  return status === 'sending';
}
