import {
  AB_LIMITS,
  AB_MESSAGES,
  AB_VARIANT_FIELDS,
  AB_VARIANT_LABELS,
  type AbStatus,
  type AbTestReport,
  type AbTestSettings,
  type AbTestState,
  type AbTestSummary,
  type AbVariantResult,
} from '@postlark/shared/ab-tests';
import { campaignPath, flowPath, reportPath } from '@postlark/shared/routes';
import type { PlatformId } from '@postlark/shared/integrations';
import type { Db } from '../../db/client';
import type { CampaignRow } from '../campaigns/campaigns.repository';
import { checkTemplate } from '../campaigns/merge-tags';
import { cutoffsAt } from './ab-test-engine';
import { type AbTestRow, hasOrders, listTests, orderCurrency, tallies } from './ab-tests.repository';
import { variantFields, variantValue } from './ab-variants';
import { meanInterval, rateInterval } from './sequential-test';

// What the campaign pages, the A/B tests page and the report read of a test.

const iso = (date: Date | null) => date?.toISOString() ?? null;

function reasonOf(test: AbTestRow): string {
  if (test.reason) return test.reason;
  return test.status === 'testing' ? AB_MESSAGES.reasonTesting : AB_MESSAGES.reasonDraft;
}

export function stateOf(test: AbTestRow): AbTestState {
  return {
    status: test.status,
    started_at: iso(test.startedAt),
    deadline_at: iso(test.deadlineAt),
    decided_at: iso(test.decidedAt),
    winner: test.winner,
    reason: reasonOf(test),
    lift: test.lift,
    rest_send_at: iso(test.restSendAt),
  };
}

/**
 * What a test needs before its campaign may go out, by field ('ab_test'): every variant complete
 * and different, its merge tags valid, a metric that can be measured. Empty without a test.
 */
export async function testReadiness(db: Db, row: CampaignRow, settings: AbTestSettings | null): Promise<Record<string, string>> {
  if (!settings) return {};
  const problem = (message: string) => ({ ab_test: message });
  if (settings.metric !== 'revenue' && !row.tracking) return problem(AB_MESSAGES.clickNeedsTracking);
  if (settings.metric === 'revenue' && !(await hasOrders(db, row.customerId))) return problem(AB_MESSAGES.metricNeedsEvents);
  const seen: string[] = [];
  for (const [index, variant] of settings.variants.entries()) {
    const label = AB_VARIANT_LABELS[index]!;
    const fields = variantFields(row, variant);
    const tested = AB_VARIANT_FIELDS[settings.dimension].map((field) => String((variant as Record<string, unknown>)[field] ?? ''));
    if (index > 0 && settings.dimension !== 'send_time' && !(tested[0] ?? '').trim()) return problem(AB_MESSAGES.variantEmpty(label, settings.dimension));
    const templates = [fields.subject, fields.preheader, fields.contentHtml, fields.contentText ?? ''];
    if (index > 0 && templates.some((source) => checkTemplate(source).length > 0)) return problem(AB_MESSAGES.variantMergeTags(label));
    const key = settings.dimension === 'send_time' ? String(variant.send_delay_minutes ?? 0) : JSON.stringify([fields.subject, fields.preheader, fields.fromName, fields.contentHtml, fields.contentText]);
    if (seen.includes(key)) return problem(AB_MESSAGES.variantSame(label));
    seen.push(key);
  }
  return {};
}

/** The figures of each variant over the test group, with 95% intervals. */
async function variantResults(db: Db, row: CampaignRow, test: AbTestRow, now: Date): Promise<{ variants: AbVariantResult[]; currency: string | null }> {
  const { settings } = test;
  const currency = await orderCurrency(db, test.customerId);
  const cutoffs = test.startedAt ? cutoffsAt(test, settings, now) : settings.variants.map(() => now);
  const counted = await tallies(db, test, settings.variants.length, cutoffs, currency);
  const variants = counted.map((tally, index) => ({
    label: AB_VARIANT_LABELS[index]!,
    value: variantValue(row, settings, index),
    recipients: tally.recipients,
    sent: tally.sent,
    human_opens: tally.humanOpens,
    unique_opens: tally.uniqueOpens,
    machine_opens: tally.machineOpens,
    clicks: tally.clicks,
    unique_clicks: tally.uniqueClicks,
    revenue: tally.revenue,
    currency,
    // Untracked, nobody's opens are known: no rate rather than a misleading 0%.
    open_rate: row.tracking ? rateInterval(tally.uniqueOpens, tally.sent) : null,
    click_rate: row.tracking ? rateInterval(tally.uniqueClicks, tally.sent) : null,
    revenue_per_recipient: currency ? meanInterval(tally.revenue, tally.revenueSquares, tally.sent) : null,
  }));
  return { variants, currency };
}

/** The report's A/B section: settings, each variant's figures, the decision and why, the looks. */
export async function testReport(db: Db, row: CampaignRow, test: AbTestRow, now: Date): Promise<AbTestReport> {
  const { variants, currency } = await variantResults(db, row, test, now);
  const machine = variants.reduce((sum, variant) => sum + variant.machine_opens, 0);
  const all = machine + variants.reduce((sum, variant) => sum + variant.human_opens, 0);
  const share = all > 0 ? machine / all : null;
  const state = stateOf(test);
  // Revenue in one currency: the reason says which, so nobody reads it as the whole.
  const reason = test.settings.metric === 'revenue' && currency ? `${state.reason} ${AB_MESSAGES.revenueCurrency(currency)}` : state.reason;
  return {
    ...state,
    reason,
    settings: test.settings,
    variants,
    machine_open_share: share,
    machine_open_warning: share !== null && share > AB_LIMITS.machineOpenWarningShare && test.settings.metric === 'open_rate',
    looks: test.looks,
  };
}

/** The A/B tests page: the customer's own tests, newest first. */
export async function testSummaries(db: Db, customerId: string, status: AbStatus | undefined, platform?: PlatformId): Promise<AbTestSummary[]> {
  const rows = await listTests(db, customerId, status, platform);
  return rows.map((row) => ({
    // The test's own row (an automation step's hidden campaign): step ids repeat across flows.
    id: row.campaignId,
    kind: row.kind,
    name: row.name,
    flow_id: row.flowId,
    // A started campaign's test is read in its report; a draft's is edited with the campaign.
    link: row.kind === 'automation' && row.flowId ? flowPath(row.flowId) : row.startedAt ? reportPath(row.campaignId) : campaignPath(row.campaignId),
    dimension: row.settings.dimension,
    metric: row.settings.metric,
    variants: row.settings.variants.length,
    status: row.status,
    started_at: iso(row.startedAt),
    decided_at: iso(row.decidedAt),
    winner_label: row.winner === null ? null : (AB_VARIANT_LABELS[row.winner] ?? null),
    lift: row.lift,
    platform: null,
  }));
}
