import { flowPath } from '@postlark/shared/routes';
import type { Db } from '../../db/client';
import type { SendFailure } from '../campaigns/campaign-transport';
import { batchBreaker, type RefusalStreak } from '../campaigns/send-refusals';
import { notify } from '../notifications/notify';

// An email step's run of identical sender-side refusals (the campaign sender's breaker, per step's
// hidden campaign): when it trips, the customer is told once a day per step, in the panel; the
// steps themselves retry and then fail with the relay's words, and no reader is ever bounced.
// Kept per process, like the campaign sender's: a crash loses only a count.

const streaks = new Map<string, RefusalStreak>();
const toldAt = new Map<string, number>();
const TELL_EVERY_MS = 24 * 3_600_000;
// Bounded like the other per-process caches: a restart of the count costs at most a late notice.
const MAX_TRACKED = 1_000;

/** The relay took an email of the step: its run of refusals, if any, is over. */
export function emailAccepted(campaignId: string): void {
  streaks.delete(campaignId);
}

/** Counts a refusal of the sender for the step; tells the customer when the same one keeps coming back. Answers whether it did. */
export async function senderRefusedEmail(db: Db, target: { customerId: string; flowId: string; campaignId: string }, failure: SendFailure, now: Date): Promise<boolean> {
  if (streaks.size > MAX_TRACKED) streaks.clear();
  if (toldAt.size > MAX_TRACKED) toldAt.clear();
  const breaker = batchBreaker(streaks, target.campaignId, Number.POSITIVE_INFINITY);
  if (!breaker.refused(failure)) return false;
  breaker.takeEarlierRows();
  const last = toldAt.get(target.campaignId);
  if (last !== undefined && now.getTime() - last < TELL_EVERY_MS) return false;
  toldAt.set(target.campaignId, now.getTime());
  await notify(db, target.customerId, 'automation-sender-refused', now, flowPath(target.flowId));
  return true;
}
