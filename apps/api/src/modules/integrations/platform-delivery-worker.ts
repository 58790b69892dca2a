import { AB_VARIANT_LABELS, type AbTestSettings } from '@postlark/shared/ab-tests';
import { campaignPath } from '@postlark/shared/routes';
import { DELIVERY_MESSAGES, PLATFORM_NAMES } from '@postlark/shared/integrations';
import type { RemoteReportFigures } from '../../db/schema/connections';
import { notify } from '../notifications/notify';
import { audienceCondition } from '../campaigns/campaign-audience';
import { campaignById, type CampaignRow } from '../campaigns/campaigns.repository';
import { startTestIn, testOf } from '../ab-tests/ab-tests.repository';
import { variantFields } from '../ab-tests/ab-variants';
import { connectionById, type ConnectionRow, type LinkWithList, linksOf, markBroken } from './connections.repository';
import { clientOfConnection } from './connections.service';
import { campaignsAwaitingDelivery, claimPart, leaseParts, type DeliveryRow, dueReports, holdCampaign, markCampaignSent, partsOf, recipientsOnPlatform, saveReport, updatePart } from './deliveries.repository';
import { splitForTest } from './platform-ab-test';
import { audienceLinkOf, platformTemplates } from './platform-delivery';
import { type PlatformClient, PlatformError, type RemoteCampaignReport } from './platform-client';
import type { SyncDeps } from './sync-engine';

// Hands campaigns that name a connection to their platform, and reads their reports back while
// they are young. Each part (the campaign, or one A/B variant, or the test's rest) is claimed with
// a lease; the platform's campaign id is saved the moment it exists, so a worker that takes a part
// over never makes a second campaign there, and checks whether the first was already sent.

const PART_LEASE_MS = 10 * 60_000;
/** Tags go on the platform in batches (Brevo takes 150 addresses a call; the client splits further). */
const TAG_BATCH = 500;

/** How long until a part's report is read again: often while it is young, then rarely, then never. */
export function nextReportDelayMs(ageMs: number): number | null {
  const hour = 3_600_000;
  if (ageMs < 2 * hour) return 5 * 60_000;
  if (ageMs < 48 * hour) return hour;
  if (ageMs < 14 * 24 * hour) return 12 * hour;
  return null;
}

/** The tag a campaign's recipients (or one of its A/B parts) carry on the platform. */
export function deliveryTag(campaignId: string, part: string | null): string {
  return `postlark-${campaignId.replaceAll('-', '').slice(-10)}${part ? `-${part}` : ''}`;
}

function figuresOf(report: RemoteCampaignReport): RemoteReportFigures {
  return { ...report, sentAt: report.sentAt?.toISOString() ?? null };
}

async function holdWith(deps: SyncDeps, campaign: CampaignRow, reason: string): Promise<void> {
  if (await holdCampaign(deps.db, campaign.id, reason, deps.now())) await notify(deps.db, campaign.customerId, 'campaign-held', deps.now(), campaignPath(campaign.id));
}

async function tagAll(client: PlatformClient, audienceId: string, tag: string, emails: readonly string[]): Promise<void> {
  for (let start = 0; start < emails.length; start += TAG_BATCH) await client.campaigns?.tag(audienceId, tag, emails.slice(start, start + TAG_BATCH));
}

interface DeliveryContext {
  campaign: CampaignRow;
  connection: ConnectionRow;
  link: LinkWithList;
  client: PlatformClient;
}

/**
 * Makes, tags and sends one part on the platform; answers whether it is sent (now or before).
 * `emails` null: its people are tagged already (an A/B test's rest) or it goes to the whole audience.
 */
async function sendPart(deps: SyncDeps, context: DeliveryContext, part: number, fields: Pick<CampaignRow, 'subject' | 'preheader' | 'contentHtml' | 'fromName'>, tag: string | null, emails: readonly string[] | null): Promise<boolean> {
  const { campaign, connection, link, client } = context;
  const campaigns = client.campaigns;
  if (!campaigns) throw new PlatformError('plan_limit', DELIVERY_MESSAGES.cannotSend(PLATFORM_NAMES[connection.platform]));
  const now = deps.now();
  const claimed = await claimPart(deps.db, { campaignId: campaign.id, part, connectionId: connection.id, platform: connection.platform, remoteAudienceId: link.remoteAudienceId, createdAt: now, leaseUntil: new Date(now.getTime() + PART_LEASE_MS) }, now);
  if (!claimed) return (await partsOf(deps.db, [campaign.id])).some((row) => row.part === part && row.status === 'sent');
  let remoteId = claimed.remoteCampaignId;
  if (remoteId) {
    // Taken over from a worker that stopped: it may have sent it already.
    const report = await campaigns.report(remoteId);
    if (report.status === 'sending' || report.status === 'sent') {
      await partSent(deps, campaign.id, part, report);
      return true;
    }
  } else {
    if (tag && emails) await tagAll(client, link.remoteAudienceId, tag, emails);
    const templates = platformTemplates({ ...campaign, ...fields }, connection, link.fieldMap);
    const created = await campaigns.create(link.remoteAudienceId, {
      title: part === 0 ? campaign.name : `${campaign.name} (${AB_VARIANT_LABELS[part - 1]})`,
      subject: templates.subject,
      preheader: templates.preheader,
      fromName: fields.fromName,
      fromEmail: campaign.fromEmail,
      replyTo: campaign.replyTo || campaign.fromEmail,
      html: templates.html,
      tag,
    });
    remoteId = created.id;
    await updatePart(deps.db, campaign.id, part, { remoteCampaignId: remoteId, tag, ...(emails && { recipients: emails.length }) });
  }
  await campaigns.send(remoteId, null);
  await partSent(deps, campaign.id, part, null);
  return true;
}

async function partSent(deps: SyncDeps, campaignId: string, part: number, report: RemoteCampaignReport | null): Promise<void> {
  const now = deps.now();
  await updatePart(deps.db, campaignId, part, { status: 'sent', leaseUntil: null, nextReportAt: new Date(now.getTime() + (nextReportDelayMs(0) ?? 0)), ...(report && { report: figuresOf(report), reportedAt: now }) });
}

/** Hands a campaign (or its A/B test's next step) to its platform. */
async function deliver(deps: SyncDeps, campaign: CampaignRow, connection: ConnectionRow): Promise<void> {
  const now = deps.now();
  const name = PLATFORM_NAMES[connection.platform];
  const { link } = audienceLinkOf(campaign, await linksOf(deps.db, connection.id));
  if (!link) {
    await holdWith(deps, campaign, DELIVERY_MESSAGES.audienceNotSynced(name));
    return;
  }
  const context: DeliveryContext = { campaign, connection, link, client: await clientOfConnection(deps, connection) };
  const test = await testOf(deps.db, campaign.id);
  const wholeList = campaign.audience.segment_ids.length === 0 && campaign.audience.list_ids.length === 1 && campaign.audience.list_ids[0] === link.listId;
  const recipients = async () => recipientsOnPlatform(deps.db, link.id, await audienceCondition(deps.db, campaign, now));

  if (!test || test.status === 'cancelled') {
    // The whole synced list goes as the platform's audience; anything narrower as a tag.
    const emails = wholeList ? null : await recipients();
    if (emails?.length === 0 || (emails === null && (await recipients()).length === 0)) {
      await holdWith(deps, campaign, DELIVERY_MESSAGES.nobodyThere(name));
      return;
    }
    if (await sendPart(deps, context, 0, campaign, emails ? deliveryTag(campaign.id, null) : null, emails)) await markCampaignSent(deps.db, campaign.id, deps.now());
    return;
  }
  if (test.status === 'draft') {
    const { settings } = test;
    const { groups, rest } = splitForTest(campaign.id, await recipients(), settings.test_share, settings.variants.length);
    if (groups.some((group) => group.length === 0)) {
      await holdWith(deps, campaign, DELIVERY_MESSAGES.nobodyThere(name));
      return;
    }
    // The rest is tagged first, so the decision only has to make and send its campaign.
    if (rest.length > 0) await tagAll(context.client, link.remoteAudienceId, deliveryTag(campaign.id, 'rest'), rest);
    for (const [index, group] of groups.entries()) {
      const fields = variantFields(campaign, settings.variants[index]);
      if (!(await sendPart(deps, context, index + 1, fields, deliveryTag(campaign.id, AB_VARIANT_LABELS[index]!.toLowerCase()), group))) return;
    }
    await startTestIn(deps.db, campaign.id, deps.now(), deps.settings.abLookEveryMs);
    return;
  }
  if (test.status === 'testing') return;
  // Decided: the winner (or A) to the rest, unless everyone was in the test.
  const parts = await partsOf(deps.db, [campaign.id]);
  const restSize = await restCount(deps, campaign, test.settings, parts);
  if (restSize > 0) {
    const fields = variantFields(campaign, test.settings.variants[test.winner ?? 0]);
    if (!(await sendPart(deps, context, 0, fields, deliveryTag(campaign.id, 'rest'), null))) return;
    await updatePart(deps.db, campaign.id, 0, { recipients: restSize });
  }
  await markCampaignSent(deps.db, campaign.id, deps.now());
}

/** How many the rest holds: the eligible recipients there beyond the test group. */
async function restCount(deps: SyncDeps, campaign: CampaignRow, settings: AbTestSettings, parts: readonly DeliveryRow[]): Promise<number> {
  if (settings.test_share >= 100) return 0;
  const tested = parts.filter((part) => part.part > 0).reduce((sum, part) => sum + part.recipients, 0);
  const [counted] = parts.filter((part) => part.part === 0);
  if (counted?.recipients) return counted.recipients;
  const { link } = audienceLinkOf(campaign, await linksOf(deps.db, campaign.deliveryConnectionId ?? ''));
  if (!link) return 0;
  const all = await recipientsOnPlatform(deps.db, link.id, await audienceCondition(deps.db, campaign, deps.now()));
  return Math.max(0, all.length - tested);
}

async function deliveryFailed(deps: SyncDeps, campaign: CampaignRow, connection: ConnectionRow, error: unknown): Promise<void> {
  const name = PLATFORM_NAMES[connection.platform];
  const now = deps.now();
  if (error instanceof PlatformError && (error.kind === 'rate_limited' || error.kind === 'transient')) {
    // Taken again once its lease runs out (or when the platform said).
    await leaseParts(deps.db, campaign.id, error.retryAt ?? new Date(now.getTime() + 60_000));
    return;
  }
  if (error instanceof PlatformError && error.kind === 'unauthorized') {
    if (await markBroken(deps.db, connection.id, error.message, now)) await notify(deps.db, connection.customerId, 'connection-broken', now, '/dashboard/profile?tab=integrations');
    await holdWith(deps, campaign, DELIVERY_MESSAGES.connectionBroken(name));
    return;
  }
  if (!(error instanceof PlatformError)) deps.log.error({ campaignId: campaign.id, reason: error instanceof Error ? error.message : String(error) }, 'platform delivery failed');
  await holdWith(deps, campaign, DELIVERY_MESSAGES.failed(name, error instanceof PlatformError ? error.message : 'an error on our side; try again'));
}

/** One pass over campaigns waiting for their platform; answers how many it worked on. */
export async function deliverDueCampaigns(deps: SyncDeps, limit = 5): Promise<number> {
  const ids = await campaignsAwaitingDelivery(deps.db, deps.now(), limit);
  for (const id of ids) {
    const campaign = await campaignById(deps.db, id);
    if (!campaign?.deliveryConnectionId) continue;
    const connection = await connectionById(deps.db, campaign.deliveryConnectionId);
    if (!connection || connection.customerId !== campaign.customerId) {
      await holdWith(deps, campaign, DELIVERY_MESSAGES.connectionGone);
      continue;
    }
    try {
      await deliver(deps, campaign, connection);
    } catch (error) {
      await deliveryFailed(deps, campaign, connection, error);
    }
  }
  return ids.length;
}

/** Reads back the reports that are due; answers how many. A report that cannot be read now is tried at its next time. */
export async function refreshDueReports(deps: SyncDeps, limit = 20): Promise<number> {
  const due = await dueReports(deps.db, deps.now(), limit);
  for (const part of due) {
    const connection = part.connectionId ? await connectionById(deps.db, part.connectionId) : undefined;
    const now = deps.now();
    const delay = nextReportDelayMs(now.getTime() - part.createdAt.getTime());
    const next = delay === null ? null : new Date(now.getTime() + delay);
    if (!connection || connection.status !== 'connected' || !part.remoteCampaignId) {
      await updatePart(deps.db, part.campaignId, part.part, { nextReportAt: next });
      continue;
    }
    try {
      const client = await clientOfConnection(deps, connection);
      const report = await client.campaigns?.report(part.remoteCampaignId);
      if (report) await saveReport(deps.db, part, figuresOf(report), now, next);
    } catch (error) {
      if (error instanceof PlatformError && error.kind === 'unauthorized' && (await markBroken(deps.db, connection.id, error.message, now))) {
        await notify(deps.db, connection.customerId, 'connection-broken', now, '/dashboard/profile?tab=integrations');
      }
      await updatePart(deps.db, part.campaignId, part.part, { nextReportAt: next });
    }
  }
  return due.length;
}
