import type { MessageCounts } from '@postlark/shared/campaigns';

export interface SendingProgress {
  /** Everyone the campaign was to reach when sending started. */
  total: number;
  /** Those whose turn has come and gone: sent, failed, unknown or skipped. */
  done: number;
  sent: number;
  failed: number;
  unknown: number;
  skipped: number;
  /** Whole percent done, 0–100; a campaign with nobody to reach is complete. */
  percent: number;
}

export function sendingProgress(counts: MessageCounts): SendingProgress {
  // Held rows wait for an A/B test's decision: still to come, so part of the total.
  const total = counts.pending + counts.sending + counts.sent + counts.failed + counts.unknown + counts.skipped + counts.held;
  const done = counts.sent + counts.failed + counts.unknown + counts.skipped;
  // Floor, so 100% is only shown once the last message is through.
  const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
  return { total, done, sent: counts.sent, failed: counts.failed, unknown: counts.unknown, skipped: counts.skipped, percent };
}
