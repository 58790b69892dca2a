import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { optInConfirmations } from '../../db/schema/audience';

/** Whether the list's confirmation went to this address (its suppression hash) after `since`. */
export async function confirmationSentSince(db: Db, listId: string, emailHash: string, since: Date): Promise<boolean> {
  const rows = await db
    .select({ sentAt: optInConfirmations.sentAt })
    .from(optInConfirmations)
    .where(and(eq(optInConfirmations.listId, listId), eq(optInConfirmations.emailHash, emailHash), gt(optInConfirmations.sentAt, since)));
  return rows.length > 0;
}

export async function markConfirmationSent(db: Db, listId: string, emailHash: string, at: Date): Promise<void> {
  await db
    .insert(optInConfirmations)
    .values({ listId, emailHash, sentAt: at })
    .onConflictDoUpdate({ target: [optInConfirmations.listId, optInConfirmations.emailHash], set: { sentAt: at } });
}

/** Undoes markConfirmationSent when the email could not be queued after all, so a retry may send it. */
export async function unmarkConfirmationSent(db: Db, listId: string, emailHash: string, at: Date): Promise<void> {
  await db
    .delete(optInConfirmations)
    .where(and(eq(optInConfirmations.listId, listId), eq(optInConfirmations.emailHash, emailHash), eq(optInConfirmations.sentAt, at)));
}

/** Drops the sends that no longer hold anyone back (older than the spacing). */
export async function dropConfirmationsBefore(db: Db, before: Date): Promise<number> {
  const dropped = await db.delete(optInConfirmations).where(lte(optInConfirmations.sentAt, before)).returning({ listId: optInConfirmations.listId });
  return dropped.length;
}
