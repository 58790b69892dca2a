import { createHash } from 'node:crypto';
import { BUILT_IN_EVENTS } from '@postlark/shared/events';
import type { Db } from '../../db/client';
import { ensurePartitions } from '../events/event-partitions';
import { storeEvents, subscribersByEmails } from '../events/events.repository';
import type { RunProgress } from './connections.repository';
import type { HistoryActivity, PlatformClient } from './platform-client';

// Engagement history from a platform (Mailchimp's email activity, Brevo's per-contact campaign
// statistics) becomes `email_*` events with their campaign_ref, so send times and engagement scores
// work from the first day. Each activity's key is made from what it is, so a run taken over after a
// crash stores nothing twice.

/** How far back the history goes. */
export const HISTORY_MONTHS = 12;

const EVENT_OF: Record<HistoryActivity['kind'], string> = {
  delivered: BUILT_IN_EVENTS.emailDelivered,
  opened: BUILT_IN_EVENTS.emailOpened,
  clicked: BUILT_IN_EVENTS.emailClicked,
  bounced: BUILT_IN_EVENTS.emailBounced,
  unsubscribed: BUILT_IN_EVENTS.emailUnsubscribed,
  complained: BUILT_IN_EVENTS.emailUnsubscribed,
};

export function historySince(now: Date): Date {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - HISTORY_MONTHS);
  return since;
}

function keyOf(activity: HistoryActivity): string {
  return createHash('sha256').update(`${activity.campaignRef}\n${activity.email}\n${activity.kind}\n${activity.at.toISOString()}\n${activity.url ?? ''}`).digest('hex').slice(0, 32);
}

/** One page of history; answers whether more follows. `cursor.page` is the client's own cursor. */
export async function importHistoryPage(db: Db, client: PlatformClient, link: { customerId: string; remoteAudienceId: string; source: string }, cursor: { page?: string | null; startedAt?: string }, progress: RunProgress, now: Date): Promise<boolean> {
  if (!client.history) return false;
  const startedAt = cursor.startedAt ? new Date(cursor.startedAt) : now;
  const page = await client.history(link.remoteAudienceId, historySince(startedAt), cursor.page ?? null);
  const emails = [...new Set(page.activities.map((activity) => activity.email))];
  // History belongs to the people synced here; anyone else's activity is not kept.
  const people = new Map((await subscribersByEmails(db, link.customerId, emails)).map((person) => [person.email, person.id]));
  const rows = page.activities.flatMap((activity) => {
    const subscriberId = people.get(activity.email);
    if (!subscriberId || activity.at > now) return [];
    const properties: Record<string, unknown> = { campaign_name: activity.campaignName.slice(0, 200) };
    if (activity.url) properties.url = activity.url.slice(0, 2000);
    if (activity.kind === 'complained') properties.complaint = true;
    return [{ subscriberId, name: EVENT_OF[activity.kind], occurredAt: activity.at, value: null, currency: null, campaignRef: activity.campaignRef.slice(0, 200), machine: null, properties, key: keyOf(activity) }];
  });
  if (rows.length > 0) {
    await db.transaction(async (tx) => {
      await ensurePartitions(tx, rows.map((row) => row.occurredAt));
      const stored = await storeEvents(tx, link.customerId, rows, link.source, now);
      progress.added += stored.length;
    });
  }
  progress.processed += page.activities.length;
  if (page.progress) progress.total = page.progress.total;
  cursor.page = page.next;
  return page.next !== null;
}
