import type { Db } from '../../db/client';
import { type NotificationKind, NOTIFICATION_TEXTS } from './notification-texts';
import { insertNotification } from './notifications.repository';

/** Adds a notification of a known kind to the customer's panel. */
export async function notify(db: Db, customerId: string, kind: NotificationKind, now: Date, link: string | null = null): Promise<void> {
  await insertNotification(db, { customerId, kind, ...NOTIFICATION_TEXTS[kind], link, createdAt: now });
}
