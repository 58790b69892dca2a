import { and, asc, desc, eq, gt, gte, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { dataExports } from '../../db/schema/data-exports';
import { notifications } from '../../db/schema/notifications';

/** An export without its archive: what lists and checks need. */
export type ExportRecord = Omit<typeof dataExports.$inferSelect, 'archive'>;

const recordColumns = {
  id: dataExports.id,
  customerId: dataExports.customerId,
  kinds: dataExports.kinds,
  periodDays: dataExports.periodDays,
  requestedAt: dataExports.requestedAt,
  readyAt: dataExports.readyAt,
  expiresAt: dataExports.expiresAt,
  mailQueuedAt: dataExports.mailQueuedAt,
  sizeBytes: dataExports.sizeBytes,
};

/**
 * Holds the customer's row until the transaction ends, so two export requests at once are decided
 * one after the other and cannot both pass the once-a-month check.
 */
export async function lockCustomer(db: Db, customerId: string): Promise<boolean> {
  const rows = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
  return rows.length > 0;
}

/**
 * The customer's latest export that counts against the monthly limit: requested after `since` and
 * either ready or still within its build time (one unfinished after that has failed and does not count).
 */
export async function latestCountingExport(db: Db, customerId: string, since: Date, buildingSince: Date): Promise<ExportRecord | undefined> {
  const [row] = await db
    .select(recordColumns)
    .from(dataExports)
    .where(
      and(
        eq(dataExports.customerId, customerId),
        gt(dataExports.requestedAt, since),
        or(isNotNull(dataExports.readyAt), gt(dataExports.requestedAt, buildingSince)),
      ),
    )
    .orderBy(desc(dataExports.requestedAt))
    .limit(1);
  return row;
}

export async function insertExport(db: Db, values: { customerId: string; kinds: string[]; periodDays: number; requestedAt: Date }): Promise<ExportRecord> {
  const [row] = await db.insert(dataExports).values(values).returning(recordColumns);
  if (!row) throw new Error('data export insert returned no row');
  return row;
}

export async function deleteExport(db: Db, exportId: string): Promise<void> {
  await db.delete(dataExports).where(eq(dataExports.id, exportId));
}

// The tab shows the latest few; older ones have long expired.
const LIST_LIMIT = 10;

export async function listExports(db: Db, customerId: string): Promise<ExportRecord[]> {
  return db
    .select(recordColumns)
    .from(dataExports)
    .where(eq(dataExports.customerId, customerId))
    .orderBy(desc(dataExports.requestedAt))
    .limit(LIST_LIMIT);
}

export async function findExport(db: Db, exportId: string): Promise<ExportRecord | undefined> {
  const [row] = await db.select(recordColumns).from(dataExports).where(eq(dataExports.id, exportId));
  return row;
}

/** The ZIP of one of the customer's exports; undefined when it is not theirs or has none (yet, or any more). */
export async function readArchive(db: Db, customerId: string, exportId: string): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ archive: dataExports.archive })
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.customerId, customerId)));
  return row?.archive ?? undefined;
}

export async function storeArchive(db: Db, exportId: string, archive: Buffer, readyAt: Date, expiresAt: Date): Promise<void> {
  await db.update(dataExports).set({ archive, sizeBytes: archive.byteLength, readyAt, expiresAt }).where(eq(dataExports.id, exportId));
}

export async function markMailQueued(db: Db, exportId: string, at: Date): Promise<void> {
  await db.update(dataExports).set({ mailQueuedAt: at }).where(eq(dataExports.id, exportId));
}

/** Frees the space of archives whose links have expired; the rows stay, for the monthly limit. Answers how many. */
export async function dropExpiredArchives(db: Db, now: Date): Promise<number> {
  const dropped = await db
    .update(dataExports)
    .set({ archive: null })
    .where(and(lt(dataExports.expiresAt, now), isNotNull(dataExports.archive)))
    .returning({ id: dataExports.id });
  return dropped.length;
}

/** The account's own data, as the export's account files show it. */
export async function readAccount(db: Db, customerId: string) {
  const [row] = await db
    .select({
      id: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      gender: customers.gender,
      dob: customers.dob,
      country: customers.country,
      reachedByOption: customers.reachedByOption,
      additionalInfo: customers.additionalInfo,
      marketingPreferences: customers.marketingPreferences,
      createdAt: customers.createdAt,
      passwordChangedAt: customers.passwordChangedAt,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}
export type AccountRecord = NonNullable<Awaited<ReturnType<typeof readAccount>>>;

/** The customer's notifications from `since` on, oldest first. */
export async function notificationsSince(db: Db, customerId: string, since: Date) {
  return db
    .select({ createdAt: notifications.createdAt, title: notifications.title, body: notifications.body, readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.customerId, customerId), gte(notifications.createdAt, since)))
    .orderBy(asc(notifications.createdAt));
}
export type NotificationRecord = Awaited<ReturnType<typeof notificationsSince>>[number];

