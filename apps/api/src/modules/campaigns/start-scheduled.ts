import { SENDER_MESSAGES } from '@postlark/shared/senders';
import { isUsableFrom } from './campaign-readiness';
import type { SenderDeps } from './campaign-sender';
import { campaignById } from './campaigns.repository';
import { holdScheduled, startScheduledIn } from './sending.repository';

/**
 * A scheduled campaign whose time came. Its checks ran when it was scheduled, but things changed
 * since: its From address must still be a confirmed sender of its customer. If not, it goes back
 * to a draft with the reason on it, for the customer to see, rather than out unchecked.
 */
export async function startScheduled(deps: Pick<SenderDeps, 'db' | 'now' | 'log'>, campaignId: string): Promise<void> {
  const { db } = deps;
  const row = await campaignById(db, campaignId);
  if (!row || row.status !== 'scheduled') return;
  if (!(await isUsableFrom(db, row))) {
    await holdScheduled(db, campaignId, SENDER_MESSAGES.heldFromNotConfirmed(row.fromEmail), deps.now());
    deps.log.warn({ campaignId }, 'a scheduled campaign was not started: its sender address is no longer confirmed');
    return;
  }
  await startScheduledIn(db, campaignId, deps.now());
}
