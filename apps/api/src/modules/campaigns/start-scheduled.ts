import { campaignPath } from '@postlark/shared/routes';
import { SENDER_MESSAGES } from '@postlark/shared/senders';
import type { Db } from '../../db/client';
import type { SendingPolicy } from '../../mail/sending-policy';
import { notify } from '../notifications/notify';
import { type Quotas, reserveQuota } from '../senders/quotas';
import { audienceCondition } from './campaign-audience';
import { isUsableFrom } from './campaign-readiness';
import { campaignById, type CampaignRow } from './campaigns.repository';
import { countEligible } from './recipients.repository';
import { holdScheduled, startScheduledIn } from './sending.repository';

/**
 * What starting a scheduled campaign needs: a part of the campaign sender's deps, named here so the
 * sender (which calls this) and this file do not import each other.
 */
export interface ScheduledStartDeps {
  db: Db;
  now: () => Date;
  quotas: Quotas;
  sending: SendingPolicy;
  log: { warn(object: object, message: string): void };
}

/**
 * A scheduled campaign whose time came. Its checks ran when it was scheduled, but things changed
 * since: its From address must still be a confirmed sender of its customer, and its recipients
 * must fit in the account's messages for the day (counted against it as it starts). If not, it
 * goes back to a draft with the reason on it, for the customer to see, rather than out unchecked.
 */
export async function startScheduled(deps: ScheduledStartDeps, campaignId: string): Promise<void> {
  const { db } = deps;
  const row = await campaignById(db, campaignId);
  if (!row || row.status !== 'scheduled') return;
  // Through a platform: it checks its own senders and limits when it is handed the campaign.
  if (row.deliveryConnectionId) {
    await startScheduledIn(db, campaignId, deps.now());
    return;
  }
  if (!(await isUsableFrom(deps, row))) {
    await hold(deps, row, SENDER_MESSAGES.heldFromNotConfirmed(row.fromEmail));
    deps.log.warn({ campaignId }, 'a scheduled campaign was not started: its sender address can no longer send');
    return;
  }
  const recipients = await countEligible(db, await audienceCondition(db, row, deps.now()));
  const outcome = await reserveQuota(deps, row.customerId, 'campaign-messages', recipients, async (tx) => {
    // Unscheduled or started by another worker meanwhile: the reservation is given back.
    if (!(await startScheduledIn(tx, campaignId, deps.now()))) throw new NotStarted();
  }).catch((error: unknown) => {
    if (error instanceof NotStarted) return undefined;
    throw error;
  });
  if (outcome && !outcome.granted) {
    await hold(deps, row, SENDER_MESSAGES.heldQuota);
    deps.log.warn({ campaignId }, 'a scheduled campaign was not started: it would go past its account\'s daily quota');
  }
}

class NotStarted extends Error {}

/** Back to a draft with the reason on it, and a notification that leads there. */
async function hold(deps: Pick<ScheduledStartDeps, 'db' | 'now'>, row: CampaignRow, reason: string): Promise<void> {
  if (await holdScheduled(deps.db, row.id, reason, deps.now())) await notify(deps.db, row.customerId, 'campaign-held', deps.now(), campaignPath(row.id));
}
