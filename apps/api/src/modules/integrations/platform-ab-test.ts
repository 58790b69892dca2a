import { createHash } from 'node:crypto';
import { AB_LIMITS, AB_MESSAGES, AB_VARIANT_LABELS, type AbTestReport } from '@postlark/shared/ab-tests';
import type { Db } from '../../db/client';
import { type AbTestRow, cancelTest, claimDueLook, testGroupSize, type VariantTally } from '../ab-tests/ab-tests.repository';
import { weighTallies } from '../ab-tests/ab-test-engine';
import { stateOf } from '../ab-tests/ab-tests.service';
import { variantValue } from '../ab-tests/ab-variants';
import { rateInterval } from '../ab-tests/sequential-test';
import { campaignById, type CampaignRow } from '../campaigns/campaigns.repository';
import { connectionById } from './connections.repository';
import { clientOfConnection } from './connections.service';
import { type DeliveryRow, partsOf, saveReport } from './deliveries.repository';
import { reportFiguresOf } from './platform-client';
import type { SyncDeps } from './sync-deps';

// An A/B test through a platform (decision 011): each variant goes as its own campaign to a random,
// tagged split of the audience there; the test's decision rule (decision 009, weighTallies) reads
// the platform's reports of those campaigns; the winner (or A) goes to the tagged rest the same way.
// Parts: 1..4 are the variants A..D, 0 the rest.

/**
 * The split: the recipients in an order fixed by the campaign (a hash of the campaign and the
 * address), so a worker that takes the start over after a crash deals the same people to the same
 * variants; the test group dealt to the variants in turn, the rest after it.
 */
export function splitForTest(campaignId: string, emails: readonly string[], sharePercent: number, arms: number): { groups: string[][]; rest: string[] } {
  // Each address's key made once (not in the comparator: a sort calls it about 17 times an address at 100,000).
  const keyed = emails.map((email) => ({ email, key: createHash('sha256').update(`${campaignId}\n${email}`).digest('hex') }));
  const shuffled = keyed.sort((a, b) => (a.key < b.key ? -1 : 1)).map((entry) => entry.email);
  const size = testGroupSize(shuffled.length, sharePercent, arms);
  const groups: string[][] = Array.from({ length: arms }, () => []);
  shuffled.slice(0, size).forEach((email, index) => groups[index % arms]!.push(email));
  return { groups, rest: shuffled.slice(size) };
}

/** A variant's figures as the platform reported them (platforms count unique opens and clicks only). */
export function platformTallies(parts: readonly DeliveryRow[], arms: number): VariantTally[] {
  return Array.from({ length: arms }, (_unused, variant) => {
    const part = parts.find((candidate) => candidate.part === variant + 1);
    const report = part?.report;
    return {
      variant,
      recipients: part?.recipients ?? 0,
      sent: report?.sent ?? 0,
      humanOpens: report?.uniqueOpens ?? 0,
      uniqueOpens: report?.uniqueOpens ?? 0,
      machineOpens: 0,
      clicks: report?.uniqueClicks ?? 0,
      uniqueClicks: report?.uniqueClicks ?? 0,
      buyers: 0,
      revenue: 0,
      revenueSquares: 0,
    };
  });
}

/** Reads each variant's report afresh, so a look (the last one above all) weighs what the platform says now. */
async function freshParts(deps: SyncDeps, campaign: CampaignRow): Promise<DeliveryRow[]> {
  const parts = await partsOf(deps.db, [campaign.id]);
  const connection = campaign.deliveryConnectionId ? await connectionById(deps.db, campaign.deliveryConnectionId) : undefined;
  if (!connection || connection.status !== 'connected') return parts;
  const client = await clientOfConnection(deps, connection);
  const now = deps.now();
  for (const part of parts) {
    if (part.part === 0 || !part.remoteCampaignId || !client.campaigns) continue;
    try {
      const report = await client.campaigns.report(part.remoteCampaignId);
      await saveReport(deps.db, part, reportFiguresOf(report), now, part.nextReportAt);
      part.report = reportFiguresOf(report);
    } catch (error) {
      // The report last read stands in (a budget used up, a moment's outage); a revoked key breaks the connection elsewhere.
      deps.log.warn({ campaignId: campaign.id, part: part.part, reason: error instanceof Error ? error.message : String(error) }, 'a variant report could not be read; the last one is used');
    }
  }
  return parts;
}

async function lookAtPlatformTest(deps: SyncDeps, test: AbTestRow): Promise<void> {
  const now = deps.now();
  const campaign = await campaignById(deps.db, test.campaignId);
  if (!campaign || campaign.status === 'cancelled') {
    await cancelTest(deps.db, test.campaignId, AB_MESSAGES.reasonCancelled, now);
    return;
  }
  const parts = await freshParts(deps, campaign);
  // A variant whose report was never read has no figures to weigh yet: the test waits for them.
  if (parts.some((part) => part.part > 0 && part.report === null)) return;
  await weighTallies(deps.db, test, campaign.kind, platformTallies(parts, test.settings.variants.length), now);
}

/** One pass over the platform-delivered tests due a look; answers how many were looked at. */
export async function lookAtPlatformTests(deps: SyncDeps, lookEveryMs: number): Promise<number> {
  let looked = 0;
  while (looked < AB_LIMITS.maxVariants * 5) {
    const test = await claimDueLook(deps.db, deps.now(), lookEveryMs, 'platform');
    if (!test) break;
    looked += 1;
    try {
      await lookAtPlatformTest(deps, test);
    } catch (error) {
      // The test stays testing: its next look tries again.
      deps.log.warn({ campaignId: test.campaignId, reason: error instanceof Error ? error.message : String(error) }, 'a platform A/B test could not be looked at');
    }
  }
  return looked;
}

/** The report's A/B section for a test a platform delivered: its variants' figures from the platform's reports. */
export async function platformTestReport(_db: Db, row: CampaignRow, test: AbTestRow, parts: readonly DeliveryRow[], _now: Date): Promise<AbTestReport> {
  const counted = platformTallies(parts, test.settings.variants.length);
  return {
    ...stateOf(test),
    settings: test.settings,
    variants: counted.map((tally, index) => ({
      label: AB_VARIANT_LABELS[index]!,
      value: variantValue(row, test.settings, index),
      recipients: tally.recipients,
      sent: tally.sent,
      human_opens: tally.humanOpens,
      unique_opens: tally.uniqueOpens,
      machine_opens: 0,
      clicks: tally.clicks,
      unique_clicks: tally.uniqueClicks,
      revenue: 0,
      currency: null,
      open_rate: rateInterval(tally.uniqueOpens, tally.sent),
      click_rate: rateInterval(tally.uniqueClicks, tally.sent),
      revenue_per_recipient: null,
    })),
    machine_open_share: null,
    machine_open_warning: false,
    looks: test.looks,
  };
}
