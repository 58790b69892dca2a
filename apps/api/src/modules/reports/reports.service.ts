import type { CampaignReport, CampaignReportCampaign, CampaignReportSummary, CampaignReportTotals, ReportReadersPage, ReportReadersQuery } from '@postlark/shared/campaign-reports';
import { REPORT_READERS_PAGE_SIZE } from '@postlark/shared/campaign-reports';
import { REPORT_MESSAGES } from '@postlark/shared/campaign-reports';
import type { MessageCounts } from '@postlark/shared/campaigns';
import { MESSAGE_STATUSES } from '@postlark/shared/campaigns';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import { type CampaignRow, findCampaign, listCampaigns, messageCounts } from '../campaigns/campaigns.repository';
import { testOf } from '../ab-tests/ab-tests.repository';
import { testReport } from '../ab-tests/ab-tests.service';
import { variantLinks } from '../ab-tests/ab-variants';
import { stoReport } from '../send-time/sto-report';
import { blockReport } from './block-report';
import { type DeliveryRow, partsOf } from '../integrations/deliveries.repository';
import { platformTestReport } from '../integrations/platform-ab-test';
import { renderForNoData } from '../campaigns/merge-tags';
import { campaignReaders, clicksPerLink, type EngagementCounts, engagementCounts, hourlyTimeline, receiverReports } from './reports.repository';

export interface ReportDeps {
  db: Db;
  now: () => Date;
}

// A report's parts are read in one snapshot, so they agree with each other while the campaign
// sends and hits are written (sent, opens and clicks as of the same moment).
const ONE_SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

// The first month of a campaign, hour by hour, is what its chart shows.
const TIMELINE_HOURS = 24 * 31;
const LINKS_SHOWN = 100;

const NO_MESSAGES = Object.fromEntries(MESSAGE_STATUSES.map((status) => [status, 0])) as MessageCounts;

function campaignPart(row: CampaignRow, parts: readonly DeliveryRow[] = []): CampaignReportCampaign {
  const reported = parts.map((part) => part.reportedAt?.getTime() ?? 0).filter((at) => at > 0);
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    reader_subject: renderForNoData(row.subject),
    status: row.status,
    tracking: row.tracking,
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    delivered_by: parts[0] ? { platform: parts[0].platform, reported_at: reported.length > 0 ? new Date(Math.max(...reported)).toISOString() : null } : null,
  };
}

/** A campaign a platform delivered: its parts' reports added up (platforms report unique opens and clicks only). */
function platformTotals(parts: readonly DeliveryRow[]): CampaignReportTotals {
  const sum = (pick: (report: NonNullable<DeliveryRow['report']>) => number) => parts.reduce((total, part) => total + (part.report ? pick(part.report) : 0), 0);
  const recipients = parts.reduce((total, part) => total + part.recipients, 0);
  const sent = sum((report) => report.sent);
  const uniqueOpens = sum((report) => report.uniqueOpens);
  const uniqueClicks = sum((report) => report.uniqueClicks);
  return {
    recipients,
    pending: Math.max(0, recipients - sent),
    sent,
    failed: 0,
    unknown: 0,
    skipped: 0,
    held: 0,
    unique_opens: uniqueOpens,
    human_opens: uniqueOpens,
    machine_opens: 0,
    unique_clicks: uniqueClicks,
    clicks: uniqueClicks,
    open_rate: rate(uniqueOpens, sent),
    click_rate: rate(uniqueClicks, sent),
    unsubscribes: sum((report) => report.unsubscribes),
    bounces: sum((report) => report.bounces),
    complaints: sum((report) => report.complaints ?? 0),
  };
}

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

function totalsOf(messages: MessageCounts, engagement: EngagementCounts, tracking: boolean): CampaignReportTotals {
  const recipients = MESSAGE_STATUSES.reduce((sum, status) => sum + messages[status], 0);
  return {
    recipients,
    // Rows claimed and not yet settled are still on their way.
    pending: messages.pending + messages.sending,
    sent: messages.sent,
    failed: messages.failed,
    unknown: messages.unknown,
    skipped: messages.skipped,
    // Waiting for an A/B test's decision: counted in the recipients, not yet pending.
    held: messages.held,
    unique_opens: engagement.uniqueOpens,
    human_opens: engagement.humanOpens,
    machine_opens: engagement.machineOpens,
    unique_clicks: engagement.uniqueClicks,
    clicks: engagement.clicks,
    // Untracked, nobody's opens are known: no rate rather than a misleading 0%.
    open_rate: tracking ? rate(engagement.uniqueOpens, messages.sent) : null,
    click_rate: tracking ? rate(engagement.uniqueClicks, messages.sent) : null,
    unsubscribes: engagement.unsubscribes,
    bounces: engagement.bounces,
    complaints: engagement.complaints,
  };
}

/** Every started campaign's report, newest first; with `latestSent`, only the newest that many that finished sending. */
export async function allReports(deps: ReportDeps, customerId: string, latestSent?: number): Promise<CampaignReportSummary[]> {
  const started = (await listCampaigns(deps.db, customerId)).filter((row) => row.startedAt);
  const rows =
    latestSent === undefined
      ? started
      : started
          .filter((row) => row.status === 'sent')
          .sort((a, b) => b.startedAt!.getTime() - a.startedAt!.getTime())
          .slice(0, latestSent);
  const ids = rows.map((row) => row.id);
  const [messages, engagement, parts] = await deps.db.transaction(
    async (tx) => [await messageCounts(tx, ids), await engagementCounts(tx, ids), await partsOf(tx, rows.filter((row) => row.deliveryConnectionId).map((row) => row.id))] as const,
    ONE_SNAPSHOT,
  );
  return rows
    .sort((a, b) => b.startedAt!.getTime() - a.startedAt!.getTime())
    .map((row) => {
      const own = parts.filter((part) => part.campaignId === row.id);
      if (row.deliveryConnectionId) return { campaign: campaignPart(row, own), totals: platformTotals(own) };
      return { campaign: campaignPart(row), totals: totalsOf(messages.get(row.id) ?? NO_MESSAGES, engagement.get(row.id)!, row.tracking) };
    });
}

export async function campaignReport(deps: ReportDeps, customerId: string, id: string): Promise<CampaignReport> {
  const row = isUuid(id) ? await findCampaign(deps.db, customerId, id) : undefined;
  if (!row) throw new HttpError(404, REPORT_MESSAGES.notFound);
  if (!row.startedAt) throw new HttpError(409, REPORT_MESSAGES.notStarted);
  if (row.deliveryConnectionId) {
    const parts = await partsOf(deps.db, [row.id]);
    const test = await testOf(deps.db, row.id);
    return { campaign: campaignPart(row, parts), totals: platformTotals(parts), links: [], timeline: [], ab_test: test ? await platformTestReport(deps.db, row, test, parts, deps.now()) : null, send_time_optimisation: null, blocks: [], receivers: await receiverReports(deps.db, row.id) };
  }
  const [messages, engagement, links, timeline, abTest, sto, blocks, receivers] = await deps.db.transaction(async (tx) => {
    const test = await testOf(tx, row.id);
    return [
      await messageCounts(tx, [row.id]),
      await engagementCounts(tx, [row.id]),
      // A content test's links are numbered across its contents (ab-variants.ts).
      await clicksPerLink(tx, row.id, variantLinks(row, test?.settings ?? null), LINKS_SHOWN),
      await hourlyTimeline(tx, row.id, TIMELINE_HOURS),
      test ? await testReport(tx, row, test, deps.now()) : null,
      await stoReport(tx, row, deps.now()),
      await blockReport(tx, row),
      await receiverReports(tx, row.id),
    ] as const;
  }, ONE_SNAPSHOT);
  return { campaign: campaignPart(row), totals: totalsOf(messages.get(row.id) ?? NO_MESSAGES, engagement.get(row.id)!, row.tracking), links, timeline, ab_test: abTest, send_time_optimisation: sto, blocks, receivers };
}

/** One page of who opened, clicked or unsubscribed from one of the customer's campaigns. */
export async function reportReaders(deps: ReportDeps, customerId: string, id: string, query: ReportReadersQuery): Promise<ReportReadersPage> {
  const row = isUuid(id) ? await findCampaign(deps.db, customerId, id) : undefined;
  if (!row) throw new HttpError(404, REPORT_MESSAGES.notFound);
  const { readers, total } = await campaignReaders(deps.db, row.id, query.action, REPORT_READERS_PAGE_SIZE, (query.page - 1) * REPORT_READERS_PAGE_SIZE);
  return { action: query.action, readers, total, page: query.page, page_size: REPORT_READERS_PAGE_SIZE };
}
