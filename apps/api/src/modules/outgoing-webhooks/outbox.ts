import { sql } from 'drizzle-orm';
import type { WebhookEventType } from '@postlark/shared/outgoing-webhooks';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';

// The outbox: an event is recorded in the transaction of what it reports (pass the transaction as
// `db`), so it exists exactly when that commits; the delivery worker sends it afterwards. One SQL
// definition (queue_webhook_event, migration 0025) serves this and the subscribers' status trigger.

/** Any JSON object: the event's `data`. */
export type WebhookData = Record<string, unknown>;

/**
 * Records one event for every enabled endpoint of the customer that asked for its type; nothing
 * when there is none. `data` is the body's `data` as it will be sent (keep it to ids and what a
 * receiver needs; never secrets). Call it with the caller's transaction.
 */
export async function queueWebhookEvent(db: Db, customerId: string, type: WebhookEventType, data: WebhookData, now: Date): Promise<void> {
  await db.execute(sql`select queue_webhook_event(${customerId}::uuid, ${type}, ${JSON.stringify(data)}::jsonb, ${now.toISOString()}::timestamptz)`);
}

/** Whether the customer has an enabled endpoint for this type: to skip building data nobody is sent. */
export async function wantsWebhook(db: Db, customerId: string, type: WebhookEventType): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from webhook_endpoints where customer_id = ${customerId}::uuid and enabled and ${type} = any (event_types) limit 1`,
  );
  return rowsOf(result).length > 0;
}

/**
 * subscriber.subscribed / subscriber.unsubscribed for a set of subscribers, in one statement:
 * data `{ subscriber: { id, email, first_name, last_name, status }, list_id }`. Status changes
 * record these themselves (a trigger); callers add the sign-ups a status change does not show
 * (a new subscriber, a list confirmed by someone already active).
 */
export async function queueSubscriberEvents(
  db: Db,
  type: Extract<WebhookEventType, 'subscriber.subscribed' | 'subscriber.unsubscribed'>,
  subscriberIds: readonly string[],
  listId: string | null,
  now: Date,
): Promise<void> {
  if (subscriberIds.length === 0) return;
  await db.execute(
    sql`select queue_subscriber_webhooks(${type}, ${`{${subscriberIds.join(',')}}`}::uuid[], ${listId}::uuid, ${now.toISOString()}::timestamptz)`,
  );
}
