import { AB_VARIANT_LABELS } from '@postlark/shared/ab-tests';
import { campaignPath } from '@postlark/shared/routes';
import { DELIVERY_MESSAGES, PLATFORM_NAMES } from '@postlark/shared/integrations';
import { notify } from '../notifications/notify';
import { audienceCondition } from '../campaigns/campaign-audience';
import type { CampaignRow } from '../campaigns/campaigns.repository';
import { startTestIn, testOf } from '../ab-tests/ab-tests.repository';
import { variantFields } from '../ab-tests/ab-variants';
import type { ConnectionRow, LinkWithList } from './connections.repository';
import { breakConnection } from './connections.service';
import { type DeliveryRow, ensurePart, finishDelivery, frozenSplit, holdCampaign, partsOf, recipientsOnPlatform, releaseLock, renewLock, saveRemoteCampaign, saveTagged, updatePart } from './deliveries.repository';
import { splitForTest } from './platform-ab-test';
import { platformTemplates } from './platform-delivery';
import { expandSections } from '../sections/sections.service';
import { type PlatformClient, PlatformError, type RemoteCampaignReport, reportFiguresOf } from './platform-client';
import type { SyncDeps } from './sync-deps';

// Hands campaigns that name a connection to their platform, and reads their reports back while
// they are young. One worker at a time works on a campaign: it holds the campaign's delivery lock
// (part -1) with a lease it renews at every step, and a worker that finds its lease taken stops
// without writing. The platform's campaign id is saved the moment it exists, so a worker that takes
// over never makes a second campaign there, and asks the platform whether the first went out
// before it sends or gives up: a campaign already sent is never put back to a draft. A worker works
// on a campaign for a slice (tagging a large audience on a slow platform takes many), then hands it
// back; the next slice goes on from the tagging saved (platform-delivery-pass.ts takes them in turn).

export const LOCK_LEASE_MS = 10 * 60_000;

/** How long until a part's report is read again: often while it is young, then rarely, then never. */
export function nextReportDelayMs(ageMs: number): number | null {
  const hour = 3_600_000;
  if (ageMs < 2 * hour) return 5 * 60_000;
  if (ageMs < 48 * hour) return hour;
  if (ageMs < 14 * 24 * hour) return 12 * hour;
  return null;
}

/**
 * The tag a campaign's recipients (or one of its A/B parts) carry on the platform, for this sending:
 * a campaign put back to a draft and sent again tags its people afresh, so whoever carried the
 * first sending's tag is not sent the second by mistake.
 */
export function deliveryTag(campaign: Pick<CampaignRow, 'id' | 'startedAt'>, part: string | null): string {
  const sending = Math.floor((campaign.startedAt?.getTime() ?? 0) / 1000).toString(36);
  return `postlark-${campaign.id.replaceAll('-', '').slice(-8)}-${sending}${part ? `-${part}` : ''}`;
}

export async function holdWith(deps: SyncDeps, campaign: CampaignRow, reason: string): Promise<void> {
  if (await holdCampaign(deps.db, campaign.id, reason, deps.now())) await notify(deps.db, campaign.customerId, 'campaign-held', deps.now(), campaignPath(campaign.id));
}

/** Another worker took the campaign over (this one's lease ran out): stop, writing nothing more. */
class LostLock extends Error {}

/** The slice is over: the campaign goes back to the queue, due now, and the next slice goes on from what was saved. */
class SliceOver extends Error {}

export interface DeliveryContext {
  campaign: CampaignRow;
  connection: ConnectionRow;
  link: LinkWithList;
  client: PlatformClient;
  /** The lock's lease as this worker last set it: the token every renewal is conditional on. */
  lease: Date;
  /** This worker's slice on the campaign; a slice always does one batch before it may end. */
  slice: { over(): boolean; worked: boolean };
}

async function keepLock(deps: SyncDeps, context: DeliveryContext): Promise<void> {
  const renewed = await renewLock(deps.db, context.campaign.id, context.lease, new Date(deps.now().getTime() + LOCK_LEASE_MS));
  if (!renewed) throw new LostLock();
  context.lease = renewed;
}

/** Tags the part's recipients from where its tagging got, a batch at a time, saving how far after each. */
async function tagAll(deps: SyncDeps, context: DeliveryContext, row: DeliveryRow, tag: string, emails: readonly string[]): Promise<void> {
  const batch = deps.settings.tagBatch;
  for (let start = row.tagged; start < emails.length; start += batch) {
    if (context.slice.worked && context.slice.over()) throw new SliceOver();
    await keepLock(deps, context);
    const end = Math.min(emails.length, start + batch);
    await context.client.campaigns?.tag(context.link.remoteAudienceId, tag, emails.slice(start, end));
    await saveTagged(deps.db, context.campaign.id, row.part, end);
    context.slice.worked = true;
  }
}

/**
 * Makes, tags and sends one part on the platform; answers when it is sent (now or before).
 * `emails` null: its people are tagged already (an A/B test's rest) or it goes to the whole audience.
 */
async function sendPart(deps: SyncDeps, context: DeliveryContext, part: number, fields: Pick<CampaignRow, 'subject' | 'preheader' | 'contentHtml' | 'fromName'>, tag: string | null, emails: readonly string[] | null): Promise<void> {
  const { campaign, connection, link, client } = context;
  const campaigns = client.campaigns;
  if (!campaigns) throw new PlatformError('plan_limit', DELIVERY_MESSAGES.cannotSend(PLATFORM_NAMES[connection.platform]));
  const row = await ensurePart(deps.db, { campaignId: campaign.id, part, connectionId: connection.id, platform: connection.platform, remoteAudienceId: link.remoteAudienceId, createdAt: deps.now() });
  if (row.status === 'sent') return;
  let remoteId = row.remoteCampaignId;
  if (remoteId) {
    // Made by a worker that stopped: it may have sent it already.
    const report = await campaigns.report(remoteId);
    if (report.status === 'sending' || report.status === 'sent') {
      await partSent(deps, campaign.id, part, report);
      return;
    }
  } else {
    if (tag && emails) await tagAll(deps, context, row, tag, emails);
    // The platform gets the message whole: saved sections as they are now, in place of their references.
    const { html: contentHtml } = await expandSections(deps.db, campaign.customerId, fields.contentHtml);
    const templates = platformTemplates({ ...campaign, ...fields, contentHtml }, connection, link.fieldMap);
    await keepLock(deps, context);
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
    if (!(await saveRemoteCampaign(deps.db, campaign.id, part, remoteId, tag, emails?.length ?? null))) throw new LostLock();
  }
  await keepLock(deps, context);
  await campaigns.send(remoteId, null);
  await partSent(deps, campaign.id, part, null);
}

/** A part sent: its report is read at once (the same pass reads what is due), then while it is young. */
async function partSent(deps: SyncDeps, campaignId: string, part: number, report: RemoteCampaignReport | null): Promise<void> {
  const now = deps.now();
  await updatePart(deps.db, campaignId, part, { status: 'sent', nextReportAt: now, ...(report && { report: reportFiguresOf(report), reportedAt: now }) });
}

/** Hands a campaign (or its A/B test's next step) to its platform; the lock is held by the caller. */
export async function deliver(deps: SyncDeps, context: DeliveryContext): Promise<void> {
  const { campaign, connection, link } = context;
  const name = PLATFORM_NAMES[connection.platform];
  const test = await testOf(deps.db, campaign.id);
  const wholeList = campaign.audience.segment_ids.length === 0 && campaign.audience.list_ids.length === 1 && campaign.audience.list_ids[0] === link.listId;
  const recipients = async () => recipientsOnPlatform(deps.db, link.id, await audienceCondition(deps.db, campaign, deps.now()));

  if (!test || test.status === 'cancelled') {
    // The whole synced list goes as the platform's audience; anything narrower as a tag, to the
    // people dealt at its first slice (the tagging goes on over slices from where it got).
    const emails = wholeList ? await recipients() : [...(await frozenSplit(deps.db, campaign.id, async () => (await recipients()).map((email) => ({ email, part: 0 })))).values()].flat();
    if (emails.length === 0) {
      await holdWith(deps, campaign, DELIVERY_MESSAGES.nobodyThere(name));
      return;
    }
    await sendPart(deps, context, 0, campaign, wholeList ? null : deliveryTag(campaign, null), wholeList ? null : emails);
    if (wholeList) await updatePart(deps.db, campaign.id, 0, { recipients: emails.length });
    await finishDelivery(deps.db, campaign.id, deps.now());
    return;
  }
  if (test.status === 'draft') {
    const { settings } = test;
    const arms = settings.variants.length;
    const split = await frozenSplit(deps.db, campaign.id, async () => {
      const dealt = splitForTest(campaign.id, await recipients(), settings.test_share, arms);
      return [...dealt.rest.map((email) => ({ email, part: 0 })), ...dealt.groups.flatMap((group, index) => group.map((email) => ({ email, part: index + 1 })))];
    });
    const groups = Array.from({ length: arms }, (_unused, index) => split.get(index + 1) ?? []);
    const rest = split.get(0) ?? [];
    if (groups.some((group) => group.length === 0)) {
      await holdWith(deps, campaign, DELIVERY_MESSAGES.nobodyThere(name));
      return;
    }
    // The rest is tagged first, so the decision only has to make and send its campaign.
    const restPart = await ensurePart(deps.db, { campaignId: campaign.id, part: 0, connectionId: connection.id, platform: connection.platform, remoteAudienceId: link.remoteAudienceId, createdAt: deps.now(), recipients: rest.length });
    if (rest.length > 0) await tagAll(deps, context, restPart, deliveryTag(campaign, 'rest'), rest);
    for (const [index, group] of groups.entries()) {
      const fields = variantFields(campaign, settings.variants[index]);
      await sendPart(deps, context, index + 1, fields, deliveryTag(campaign, AB_VARIANT_LABELS[index]!.toLowerCase()), group);
    }
    await startTestIn(deps.db, campaign.id, deps.now(), deps.settings.abLookEveryMs);
    await releaseLock(deps.db, campaign.id, context.lease);
    return;
  }
  if (test.status === 'testing') {
    await releaseLock(deps.db, campaign.id, context.lease);
    return;
  }
  // Decided: the winner (or A) to the tagged rest, unless everyone was in the test.
  const [restPart] = (await partsOf(deps.db, [campaign.id])).filter((part) => part.part === 0);
  if (test.settings.test_share < 100 && (restPart?.recipients ?? 0) > 0) {
    await sendPart(deps, context, 0, variantFields(campaign, test.settings.variants[test.winner ?? 0]), deliveryTag(campaign, 'rest'), null);
  }
  await finishDelivery(deps.db, campaign.id, deps.now());
}

/**
 * What to do when the platform refused a step: parts it made are asked whether they went out (a
 * send whose answer was lost, a retried send refused as "already sent"); only when none did is the
 * campaign put back to a draft with the platform's words. When the platform cannot say, the
 * campaign waits and is tried again.
 */
export async function deliveryFailed(deps: SyncDeps, context: DeliveryContext, error: unknown): Promise<void> {
  const { campaign, connection, client } = context;
  const name = PLATFORM_NAMES[connection.platform];
  const now = deps.now();
  if (error instanceof LostLock) return;
  if (error instanceof SliceOver) {
    // Its turn is over, not its delivery: due again at once, after the other customers' turns.
    await releaseLock(deps.db, campaign.id, context.lease);
    return;
  }
  if (error instanceof PlatformError && (error.kind === 'rate_limited' || error.kind === 'transient')) {
    // Taken again when the platform said (or in a minute), by whichever worker is free then.
    await releaseLock(deps.db, campaign.id, context.lease, error.retryAt ?? new Date(now.getTime() + 60_000));
    return;
  }
  if (error instanceof PlatformError && error.kind === 'unauthorized') {
    await breakConnection(deps.db, connection, error.message, now);
    await holdWith(deps, campaign, DELIVERY_MESSAGES.connectionBroken(name));
    return;
  }
  const made = (await partsOf(deps.db, [campaign.id])).filter((part) => part.remoteCampaignId && part.status === 'preparing');
  try {
    for (const part of made) {
      const report = await client.campaigns!.report(part.remoteCampaignId!);
      if (report.status === 'sending' || report.status === 'sent') await partSent(deps, campaign.id, part.part, report);
    }
  } catch {
    await releaseLock(deps.db, campaign.id, context.lease, new Date(now.getTime() + 5 * 60_000));
    return;
  }
  if ((await partsOf(deps.db, [campaign.id])).some((part) => part.part >= 0 && part.status === 'sent')) {
    // Something went out: never back to a draft. The next pass goes on from there.
    await releaseLock(deps.db, campaign.id, context.lease, new Date(now.getTime() + 60_000));
    return;
  }
  if (!(error instanceof PlatformError)) deps.log.error({ campaignId: campaign.id, reason: error instanceof Error ? error.message : String(error) }, 'platform delivery failed');
  await holdWith(deps, campaign, DELIVERY_MESSAGES.failed(name, error instanceof PlatformError ? error.message : 'an error on our side; try again'));
}
