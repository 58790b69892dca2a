import type { CampaignReportSummary, CampaignReportTotals } from '@postlark/shared/campaign-reports';
import { HOME_AVERAGE_CAMPAIGNS, HOME_GROWTH_DAYS, HOME_LIST_SIZE, HOME_SHORT_GROWTH_DAYS, type HomeCampaignResults, type HomeOverview } from '@postlark/shared/dashboard';
import type { Db } from '../../db/client';
import { missingAddressFields } from '../campaigns/campaign-readiness';
import { pauseView } from '../deliverability/deliverability.service';
import { standingOfAccount } from '../deliverability/sending-standing.repository';
import { postalAddressParts } from '../campaigns/campaigns.repository';
import { allReports } from '../reports/reports.service';
import { audienceDays, growthOver, growthStart } from './audience-growth';
import { hasOrders } from '../insights/insights-summary.repository';
import { audienceChanges, connectedPlatforms, hasConfirmedSender, liveFlows, runningTests, scheduledCampaigns } from './dashboard.repository';

export interface DashboardDeps {
  db: Db;
  now: () => Date;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** A report's totals as Home shows them: the report's own figures, delivered being sent less bounced. */
function resultsOf(totals: CampaignReportTotals): HomeCampaignResults {
  return {
    sent: totals.sent,
    delivered: Math.max(0, totals.sent - totals.bounces),
    open_rate: totals.open_rate,
    click_rate: totals.click_rate,
    unsubscribes: totals.unsubscribes,
    bounces: totals.bounces,
  };
}

const mean = (values: readonly number[]) => (values.length > 0 ? values.reduce((sum, value) => sum + value, 0) / values.length : null);

/** Each campaign counts once; a rate's mean is over the campaigns that have one (tracked, something sent). */
function averageOf(results: readonly HomeCampaignResults[]): HomeCampaignResults {
  const rates = (pick: (result: HomeCampaignResults) => number | null) => mean(results.map(pick).filter((value): value is number => value !== null));
  return {
    sent: mean(results.map((result) => result.sent)) ?? 0,
    delivered: mean(results.map((result) => result.delivered)) ?? 0,
    open_rate: rates((result) => result.open_rate),
    click_rate: rates((result) => result.click_rate),
    unsubscribes: mean(results.map((result) => result.unsubscribes)) ?? 0,
    bounces: mean(results.map((result) => result.bounces)) ?? 0,
  };
}

function campaignsPart(reports: readonly CampaignReportSummary[]): Pick<HomeOverview, 'last_campaign' | 'average'> {
  // Newest first, as the Reports page lists them; only campaigns that finished sending.
  const sent = reports.filter((report) => report.campaign.status === 'sent');
  const last = sent[0];
  return {
    last_campaign: last
      ? {
          id: last.campaign.id,
          name: last.campaign.name,
          subject: last.campaign.reader_subject,
          started_at: last.campaign.started_at!,
          platform: last.campaign.delivered_by?.platform ?? null,
          results: resultsOf(last.totals),
        }
      : null,
    average: sent.length > 0 ? { campaigns: sent.length, results: averageOf(sent.map((report) => resultsOf(report.totals))) } : null,
  };
}

/** Home's one answer: the account at a glance. */
export async function homeOverview(deps: DashboardDeps, customerId: string): Promise<HomeOverview> {
  const now = deps.now();
  const start = growthStart(now, HOME_GROWTH_DAYS);
  const [changes, reports, scheduled, flows, tests, platforms, address, standing, senderConfirmed, orders] = await Promise.all([
    audienceChanges(deps.db, customerId, start),
    allReports(deps, customerId, HOME_AVERAGE_CAMPAIGNS),
    scheduledCampaigns(deps.db, customerId, HOME_LIST_SIZE),
    liveFlows(deps.db, customerId, HOME_LIST_SIZE),
    runningTests(deps.db, customerId, HOME_LIST_SIZE),
    connectedPlatforms(deps.db, customerId),
    postalAddressParts(deps.db, customerId),
    standingOfAccount(deps.db, customerId),
    hasConfirmedSender(deps.db, customerId),
    hasOrders(deps.db, customerId),
  ]);
  const paused = pauseView(standing);
  const days = audienceDays(changes, start, HOME_GROWTH_DAYS);
  const campaigns = campaignsPart(reports);
  const missing = address ? missingAddressFields(address) : [];
  const campaignSent = campaigns.last_campaign !== null;
  return {
    as_of: now.toISOString(),
    audience: { size: days.at(-1)?.size ?? 0, growth_30d: growthOver(days, HOME_SHORT_GROWTH_DAYS), growth_90d: growthOver(days, HOME_GROWTH_DAYS), days },
    ...campaigns,
    scheduled: { total: scheduled[0]?.total ?? 0, campaigns: scheduled.map((row) => ({ id: row.id, name: row.name, scheduled_at: iso(row.scheduledAt) })) },
    automations: { total: flows[0]?.total ?? 0, flows: flows.map(({ id, name, people }) => ({ id, name, people })) },
    ab_tests: {
      total: tests[0]?.total ?? 0,
      tests: tests.map((row) => ({ id: row.id, name: row.name, status: row.status, deadline_at: row.deadlineAt ? iso(row.deadlineAt) : null })),
    },
    steps: {
      platform: { done: platforms.length > 0, platforms },
      // A sent campaign shows the sending works, whichever way it went out.
      sending: { done: senderConfirmed || platforms.length > 0 || campaignSent, sender_confirmed: senderConfirmed },
      profile: { done: missing.length === 0, missing },
      campaign: { done: campaignSent },
    },
    has_orders: orders,
    sending_paused: paused && { at: paused.at, reason: paused.reason, next_steps: paused.next_steps },
  };
}
