import * as z from 'zod/mini';
import type { CampaignReportBlock } from './content-blocks';
import type { AbTestReport } from './ab-tests';
import type { CampaignStatus } from './campaigns';
import type { StoReport } from './send-time-optimisation';
import type { PlatformId } from './integrations';

// Reports (issue 6): what happened to a campaign once it went out. Opens from mail privacy
// proxies and scanners are counted apart as machine opens and never in the open rate.

/**
 * Rates are fractions (0.25 is 25%) of the messages sent; null while nothing was sent, or when
 * the campaign was not tracked. `pending` includes messages being handed to the relay right now.
 */
export interface CampaignReportTotals {
  recipients: number;
  pending: number;
  sent: number;
  failed: number;
  unknown: number;
  skipped: number;
  /** Waiting for an A/B test's decision: they get the winner (or A) once it is decided. */
  held: number;
  /** Subscribers who opened at least once, by a human reader. */
  unique_opens: number;
  /** Every open by a human reader, repeats included. */
  human_opens: number;
  /** Opens by privacy proxies and scanners: recorded, kept out of the open rate. */
  machine_opens: number;
  /** Subscribers who clicked at least one link. */
  unique_clicks: number;
  clicks: number;
  open_rate: number | null;
  click_rate: number | null;
  unsubscribes: number;
  bounces: number;
  complaints: number;
}

export interface CampaignReportLink {
  url: string;
  clicks: number;
  unique_clicks: number;
}

/**
 * One hour of the campaign's life (UTC, ISO time of the hour's start): messages sent, human opens
 * and human clicks, repeats included (machine opens and scanner clicks are left out, as in the
 * links table). The first 31 days at most.
 */
export interface CampaignReportPoint {
  at: string;
  sent: number;
  opens: number;
  clicks: number;
}

export interface CampaignReportCampaign {
  id: string;
  name: string;
  subject: string;
  /** The subject as a reader with no data reads it (each merge tag's default): what lists and reports show. */
  reader_subject: string;
  status: CampaignStatus;
  tracking: boolean;
  started_at: string | null;
  finished_at: string | null;
  /** Delivered through a connected platform (issue 22): its figures are that platform's report, read back; null: our own sending. */
  delivered_by: { platform: PlatformId; reported_at: string | null } | null;
}

/** What the receivers' mail servers said about the campaign's messages (issue 32): reports through the inbound receiver or a relay's webhook. */
export interface CampaignReceiverReports {
  /** Reports of the last 30 days by what they say: dead addresses, soft bounces, refusals of the sender, complaints. */
  counts: { dead: number; soft: number; sender: number; complaint: number };
  /** The latest 20 of those, newest first, in the receivers' own words. */
  latest: { email: string; outcome: 'dead' | 'soft' | 'sender' | 'complaint'; status: string | null; diagnostic: string; received_at: string }[];
}

export interface CampaignReport {
  campaign: CampaignReportCampaign;
  totals: CampaignReportTotals;
  /** Most clicked first, human clicks only; the 100 most clicked addresses. */
  links: CampaignReportLink[];
  /** Oldest first, hours with nothing left out. */
  timeline: CampaignReportPoint[];
  /** The A/B test's variants, figures and decision; null without a test. */
  ab_test: AbTestReport | null;
  /** Sent at each person's best time (issue 21): the groups' rates and the lift over the holdout; null without it. */
  send_time_optimisation: StoReport | null;
  /** Content blocks (issue 21): a recommendations block's product clicks and the orders that followed; empty without one. */
  blocks: CampaignReportBlock[];
  receivers: CampaignReceiverReports;
}

/** A row of the Reports page: every campaign that started sending, newest first. */
export interface CampaignReportSummary {
  campaign: CampaignReportCampaign;
  totals: CampaignReportTotals;
}

export const REPORT_MESSAGES = {
  notFound: 'This campaign does not exist.',
  notStarted: 'This campaign has not been sent yet, so there is nothing to report.',
  trackingOff: 'Opens and clicks were not tracked for this campaign.',
  machineOpensNote: 'Opens by mail privacy proxies and security scanners are counted apart and left out of the open rate.',
  empty: 'No campaign has been sent yet. Reports appear here once one goes out.',
  platformFigures: (name: string) => `Figures from ${name}'s own report, read back from it: ${name} counts opens its own way, privacy proxies included.`,
} as const;

/**
 * Who did what with a campaign (issue 38, point 19): the people who opened it (human opens only,
 * as the figures count them), clicked a link, or unsubscribed from it (the last campaign they were
 * sent before they left, as the Unsubscribes figure counts them). A page at a time.
 */
export const REPORT_READER_ACTIONS = ['opened', 'clicked', 'unsubscribed'] as const;
export type ReportReaderAction = (typeof REPORT_READER_ACTIONS)[number];
export const REPORT_READERS_PAGE_SIZE = 25;
/** Paging stops here: past it, the segment of these people is the way to see them all. */
export const REPORT_READERS_MAX_PAGE = 400;

export const REPORT_READER_MESSAGES = {
  actionInvalid: 'Choose opened, clicked or unsubscribed.',
  pageInvalid: `Choose a page from 1 to ${REPORT_READERS_MAX_PAGE}.`,
} as const;

export const reportReadersQuerySchema = z.strictObject({
  action: z.enum(REPORT_READER_ACTIONS, { error: REPORT_READER_MESSAGES.actionInvalid }),
  page: z._default(
    z.coerce.number({ error: REPORT_READER_MESSAGES.pageInvalid }).check(z.int(REPORT_READER_MESSAGES.pageInvalid), z.minimum(1, REPORT_READER_MESSAGES.pageInvalid), z.maximum(REPORT_READERS_MAX_PAGE, REPORT_READER_MESSAGES.pageInvalid)),
    1,
  ),
});
export type ReportReadersQuery = z.output<typeof reportReadersQuerySchema>;

export interface ReportReader {
  subscriber_id: string;
  email: string;
  first_name: string;
  last_name: string;
  /** When they first did it. */
  at: string;
}

export interface ReportReadersPage {
  action: ReportReaderAction;
  readers: ReportReader[];
  /** Everyone who did it, on every page. */
  total: number;
  page: number;
  page_size: number;
}
