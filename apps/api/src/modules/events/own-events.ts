import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import { ensurePartitions } from './event-partitions';
import { storeEvents } from './events.repository';
import type { EventsStoredHook } from './events.service';

/** An event our own code records about a person: a kept subscription, a flow's unsubscribe. */
export interface OwnEvent {
  subscriberId: string;
  name: string;
  properties: Record<string, unknown>;
  /** What makes it one occurrence: the same key twice stores it once. */
  occurrence: string;
}

/**
 * Stores it in the one stream of events as the ingest does (its month's partition made first),
 * and hands it to `onStored` (the automations' hook: a flow waiting for it moves on) in `tx`.
 */
export async function recordOwnEvent(tx: Db, customerId: string, event: OwnEvent, source: string, now: Date, onStored?: EventsStoredHook): Promise<void> {
  await ensurePartitions(tx, [now]);
  const key = createHash('sha256').update(`${event.name}:${event.occurrence}`).digest('hex').slice(0, 32);
  const row = { subscriberId: event.subscriberId, name: event.name, occurredAt: now, value: null, currency: null, campaignRef: null, machine: null, properties: event.properties, key };
  const stored = await storeEvents(tx, customerId, [row], source, now);
  if (!onStored || stored.length === 0) return;
  await onStored(
    tx,
    customerId,
    stored.map((saved) => ({ id: saved.id, subscriberId: row.subscriberId, name: row.name, occurredAt: now, value: null, currency: null, properties: row.properties, key: saved.key })),
  );
}
