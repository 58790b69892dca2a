import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/notifications';

export type StoredNotification = typeof notifications.$inferSelect;
export type NewNotification = Pick<typeof notifications.$inferInsert, 'customerId' | 'kind' | 'title' | 'body' | 'link' | 'createdAt'>;

export async function insertNotification(db: Db, notification: NewNotification): Promise<void> {
  await db.insert(notifications).values(notification);
}

// A panel shows the latest; older ones stay until dismissed but are not sent every time.
const LIST_LIMIT = 100;

/** The customer's notifications, newest first, and how many are unread. */
export async function listNotifications(db: Db, customerId: string): Promise<{ rows: StoredNotification[]; unread: number }> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.customerId, customerId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(LIST_LIMIT);
  const [count] = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.customerId, customerId), isNull(notifications.readAt)));
  return { rows, unread: count?.unread ?? 0 };
}

export async function markAllRead(db: Db, customerId: string, now: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.customerId, customerId), isNull(notifications.readAt)));
}

/** Deletes one of the customer's notifications; false when it is not theirs or does not exist. */
export async function deleteNotification(db: Db, customerId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(notifications)
    .where(and(eq(notifications.customerId, customerId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return deleted.length > 0;
}

export async function deleteAllNotifications(db: Db, customerId: string): Promise<void> {
  await db.delete(notifications).where(eq(notifications.customerId, customerId));
}
