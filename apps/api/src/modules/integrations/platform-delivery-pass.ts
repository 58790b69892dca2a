import { DELIVERY_MESSAGES, PLATFORM_NAMES } from '@postlark/shared/integrations';
import { campaignById } from '../campaigns/campaigns.repository';
import { connectionById, linksOf } from './connections.repository';
import { breakConnection, clientOfConnection } from './connections.service';
import { campaignsAwaitingDelivery, dueReports, releaseLock, saveReport, takeLock, updatePart } from './deliveries.repository';
import { lookAtPlatformTests } from './platform-ab-test';
import { audienceLinkOf } from './platform-delivery';
import { deliver, type DeliveryContext, deliveryFailed, holdWith, LOCK_LEASE_MS, nextReportDelayMs } from './platform-delivery-worker';
import { PlatformError, reportFiguresOf } from './platform-client';
import { takeTurn } from './platform-turns.repository';
import { startSlice, type SyncDeps } from './sync-deps';

// The delivery loop's pass (its own loop beside the sync's, platform-loops.ts): campaigns waiting
// for their platform, one a customer and the customers in turn, each worked on for a slice; then
// the A/B tests due a look and the reports due a read. A customer whose platform is slow, or whose
// campaign goes to a huge tagged audience, takes one slice a pass like everyone else.

/** One pass over campaigns waiting for their platform; answers how many it worked on. */
export async function deliverDueCampaigns(deps: SyncDeps, limit = deps.settings.deliveriesPerPass): Promise<number> {
  const ids = await campaignsAwaitingDelivery(deps.db, deps.now(), limit);
  let worked = 0;
  for (const id of ids) {
    const campaign = await campaignById(deps.db, id);
    if (!campaign?.deliveryConnectionId || campaign.status !== 'sending') continue;
    const connection = await connectionById(deps.db, campaign.deliveryConnectionId);
    if (!connection || connection.customerId !== campaign.customerId) {
      await holdWith(deps, campaign, DELIVERY_MESSAGES.connectionGone);
      continue;
    }
    const now = deps.now();
    const lease = await takeLock(deps.db, { campaignId: campaign.id, connectionId: connection.id, platform: connection.platform, now, until: new Date(now.getTime() + LOCK_LEASE_MS) });
    if (!lease) continue;
    await takeTurn(deps.db, campaign.customerId, 'delivery');
    worked += 1;
    const { link } = audienceLinkOf(campaign, await linksOf(deps.db, connection.id));
    if (!link) {
      await holdWith(deps, campaign, DELIVERY_MESSAGES.audienceNotSynced(PLATFORM_NAMES[connection.platform]));
      continue;
    }
    let context: DeliveryContext | undefined;
    try {
      context = { campaign, connection, link, client: await clientOfConnection(deps, connection), lease, slice: { ...startSlice(deps), worked: false } };
      await deliver(deps, context);
    } catch (error) {
      if (context) await deliveryFailed(deps, context, error);
      else await releaseLock(deps.db, campaign.id, lease, new Date(now.getTime() + 60_000));
    }
  }
  return worked;
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
      if (report) await saveReport(deps.db, part, reportFiguresOf(report), now, next);
    } catch (error) {
      if (error instanceof PlatformError && error.kind === 'unauthorized') await breakConnection(deps.db, connection, error.message, now);
      await updatePart(deps.db, part.campaignId, part.part, { nextReportAt: next });
    }
  }
  return due.length;
}

/** One pass of the delivery loop: campaigns first, then A/B looks and reports. Answers whether there was work. */
export async function runDeliveryPass(deps: SyncDeps): Promise<boolean> {
  const delivered = await deliverDueCampaigns(deps);
  const looked = await lookAtPlatformTests(deps, deps.settings.abLookEveryMs);
  const reported = await refreshDueReports(deps);
  return delivered + looked + reported > 0;
}
