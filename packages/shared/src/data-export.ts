import * as z from 'zod/mini';

// SPEC section 2, Manage my data: what a customer may export, and the rules around it, defined once
// for the tab and the API.

export const EXPORT_KINDS = [
  { id: 'emails', label: 'Emails' },
  { id: 'audiences', label: 'Audiences' },
  { id: 'reports', label: 'Reports' },
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number]['id'];
export const EXPORT_KIND_IDS: readonly ExportKind[] = EXPORT_KINDS.map((kind) => kind.id);

export const EXPORT_PERIODS = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
] as const;
export type ExportPeriod = (typeof EXPORT_PERIODS)[number]['value'];

// SPEC sections 3 and 4: audiences starts checked, the period is 30 days.
export const DEFAULT_EXPORT: DataExportRequest = { emails: false, audiences: true, reports: false, period: '30' };

export const DATA_EXPORT_RULES = {
  /** The tab's text: one export per month. */
  intervalDays: 30,
  /** The download link works this long after the export is ready. */
  linkHours: 24,
  /** The tab's text: an export can take up to 24 hours; one still unfinished after that has failed. */
  buildHours: 24,
} as const;

// The export's times as the tab and the email write them: a customer anywhere reads one clock.
const exportTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});
export const formatExportTime = (at: Date): string => exportTimeFormat.format(at);

export const DATA_EXPORT_MESSAGES = {
  started: 'Your export has started. We will email you a download link when it is ready.',
  periodInvalid: 'Choose a period: Last 7 days, Last 30 days or Last 90 days.',
  tooSoon: (nextAllowedAt: Date) =>
    `You can export your data once every ${DATA_EXPORT_RULES.intervalDays} days. Your next export is possible from ${formatExportTime(nextAllowedAt)}.`,
  notFound: 'This export does not exist.',
  notReady: 'This export is not ready yet. We will email you when it is.',
  linkExpired: `This download link has expired: downloads work for ${DATA_EXPORT_RULES.linkHours} hours after an export is ready.`,
} as const;

/**
 * Why a download link opened in a browser gave no Zip: the server sends the browser to the tab
 * with `?download=<problem>`, and the tab says why, rather than the browser showing bare JSON.
 */
export const DOWNLOAD_PROBLEMS = {
  missing: DATA_EXPORT_MESSAGES.notFound,
  'not-ready': DATA_EXPORT_MESSAGES.notReady,
  expired: DATA_EXPORT_MESSAGES.linkExpired,
} as const;
export type DownloadProblem = keyof typeof DOWNLOAD_PROBLEMS;

export function isDownloadProblem(value: string | null): value is DownloadProblem {
  return value !== null && Object.hasOwn(DOWNLOAD_PROBLEMS, value);
}

export const dataExportRequestSchema = z.strictObject({
  emails: z.boolean(),
  audiences: z.boolean(),
  reports: z.boolean(),
  period: z.enum(['7', '30', '90'], { error: DATA_EXPORT_MESSAGES.periodInvalid }),
});
export type DataExportRequest = z.output<typeof dataExportRequestSchema>;

/** Where an export stands, as the tab shows it. */
export type DataExportStatus = 'preparing' | 'ready' | 'expired' | 'failed';

export interface DataExportSummary {
  id: string;
  status: DataExportStatus;
  kinds: ExportKind[];
  period_days: number;
  requested_at: string;
  ready_at: string | null;
  /** When the download link stops working (ready exports only). */
  expires_at: string | null;
  size_bytes: number | null;
  /** The API path that downloads the ZIP, while it may be downloaded. */
  download_url: string | null;
}

export interface DataExportsPayload {
  exports: DataExportSummary[];
  /** When the customer may start another export; null when they may now. */
  next_allowed_at: string | null;
}
