import { and, asc, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { RejectionReason } from '@postlark/shared/imports';
import type { Db } from '../../db/client';
import { importChunks, importRejections, imports } from '../../db/schema/imports';

export type ImportRow = typeof imports.$inferSelect;

export async function insertImport(db: Db, values: typeof imports.$inferInsert): Promise<ImportRow> {
  const [row] = await db.insert(imports).values(values).returning();
  if (!row) throw new Error('import insert returned no row');
  return row;
}

export async function findImport(db: Db, customerId: string, id: string): Promise<ImportRow | undefined> {
  const [row] = await db
    .select()
    .from(imports)
    .where(and(eq(imports.customerId, customerId), eq(imports.id, id)));
  return row;
}

export async function importById(db: Db, id: string): Promise<ImportRow | undefined> {
  const [row] = await db.select().from(imports).where(eq(imports.id, id));
  return row;
}

// The import screen shows the latest few.
export async function recentImports(db: Db, customerId: string): Promise<ImportRow[]> {
  return db.select().from(imports).where(eq(imports.customerId, customerId)).orderBy(desc(imports.createdAt)).limit(10);
}

// A piece travels as base64 text, decoded and encoded by the database: PGlite's own bytea
// parameters and results are converted a byte at a time in JavaScript on the server's one thread
// (about 0.25 ms per KB, 300 ms or more per megabyte, and much garbage), base64 natively (10× faster).
export async function addChunk(db: Db, importId: string, seq: number, data: Buffer): Promise<void> {
  await db.insert(importChunks).values({ importId, seq, data: sql`decode(${data.toString('base64')}, 'base64')` });
}

export async function chunkAt(db: Db, importId: string, seq: number): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ base64: sql<string>`encode(${importChunks.data}, 'base64')` })
    .from(importChunks)
    .where(and(eq(importChunks.importId, importId), eq(importChunks.seq, seq)));
  return row && Buffer.from(row.base64, 'base64');
}

/** Takes the file: answers false when the import was not waiting for one (sent twice). */
export async function markQueued(db: Db, importId: string, totalBytes: number): Promise<boolean> {
  const rows = await db
    .update(imports)
    .set({ status: 'queued', totalBytes })
    .where(and(eq(imports.id, importId), eq(imports.status, 'awaiting_file')))
    .returning({ id: imports.id });
  return rows.length > 0;
}

export async function dropChunks(db: Db, importId: string): Promise<void> {
  await db.delete(importChunks).where(eq(importChunks.importId, importId));
}

/**
 * Imports made before `createdBefore` whose file never arrived whole, or that still wait for a
 * consent confirmation, with the pieces of file they kept.
 */
export async function dropAbandonedImports(db: Db, createdBefore: Date): Promise<number> {
  const rows = await db
    .delete(imports)
    .where(and(inArray(imports.status, ['awaiting_file', 'needs_consent']), lt(imports.createdAt, createdBefore)))
    .returning({ id: imports.id });
  return rows.length;
}

/** The stored file of imports that failed before `finishedBefore`: their retries are over; the import and its report stay. */
export async function dropFailedImportFiles(db: Db, finishedBefore: Date): Promise<number> {
  const rows = await db
    .delete(importChunks)
    .where(
      inArray(
        importChunks.importId,
        db
          .select({ id: imports.id })
          .from(imports)
          .where(and(eq(imports.status, 'failed'), lt(imports.finishedAt, finishedBefore))),
      ),
    )
    .returning({ importId: importChunks.importId });
  return new Set(rows.map((row) => row.importId)).size;
}

/**
 * Stops an import whose file is past the consent threshold until the customer confirms; its file
 * stays. Answers false when a confirmation arrived meanwhile (the run then goes ahead).
 */
export async function holdForConsent(db: Db, importId: string, requiredAbove: number): Promise<boolean> {
  const rows = await db
    .update(imports)
    .set({ status: 'needs_consent', consentRequiredAbove: requiredAbove })
    .where(and(eq(imports.id, importId), inArray(imports.status, ['queued', 'running']), isNull(imports.consentConfirmedAt)))
    .returning({ id: imports.id });
  return rows.length > 0;
}

export interface ConsentConfirmation {
  at: Date;
  /** The signed-in account's address. */
  by: string;
  wording: string;
}

/**
 * Records the customer's confirmation on their import, if it is still `status` (as they saw it) and
 * unconfirmed; one stopped for it is queued again. Answers the import as it is now, or undefined
 * when it moved on meanwhile.
 */
export async function recordConsent(db: Db, customerId: string, importId: string, status: ImportRow['status'], consent: ConsentConfirmation): Promise<ImportRow | undefined> {
  const [row] = await db
    .update(imports)
    .set({
      consentConfirmedAt: consent.at,
      consentConfirmedBy: consent.by,
      consentWording: consent.wording,
      ...(status === 'needs_consent' ? { status: 'queued' as const } : {}),
    })
    .where(and(eq(imports.customerId, customerId), eq(imports.id, importId), eq(imports.status, status), isNull(imports.consentConfirmedAt)))
    .returning();
  return row;
}

/** A run starts from the top: counters and rejections of an earlier, interrupted run are cleared. */
export async function startRun(db: Db, importId: string, now: Date): Promise<void> {
  await db.delete(importRejections).where(eq(importRejections.importId, importId));
  await db
    .update(imports)
    .set({ status: 'running', startedAt: now, finishedAt: null, error: null, bytesDone: 0, rowsDone: 0, added: 0, updated: 0, unchanged: 0, rejected: 0, rejectedByReason: {}, domainUnchecked: 0 })
    .where(eq(imports.id, importId));
}

export interface ProgressDelta {
  bytesDone: number;
  rows: number;
  added: number;
  updated: number;
  unchanged: number;
  rejected: number;
  /** A subscribers batch's rejections by reason (their sum is `rejected`); a products file's reasons are free text, not counted. */
  reasons?: Partial<Record<RejectionReason, number>>;
  domainUnchecked?: number;
}

// Adds a batch's counts by reason to the import's, key by key, in the statement itself: two
// batches may be saved at once, and each must add to what the other wrote.
function addedReasons(delta: ProgressDelta['reasons'] = {}) {
  if (Object.keys(delta).length === 0) return imports.rejectedByReason;
  return sql`(select coalesce(jsonb_object_agg(key, total), '{}'::jsonb) from (
    select key, sum(value::integer) as total from (
      select key, value from jsonb_each_text(${imports.rejectedByReason})
      union all select key, value from jsonb_each_text(${JSON.stringify(delta)}::jsonb)
    ) as parts group by key) as sums)`;
}

export async function saveProgress(db: Db, importId: string, delta: ProgressDelta): Promise<void> {
  await db
    .update(imports)
    .set({
      // Two batches may be written at once (import-run.service): the further position wins.
      bytesDone: sql`greatest(${imports.bytesDone}, ${delta.bytesDone})`,
      rowsDone: sql`${imports.rowsDone} + ${delta.rows}`,
      added: sql`${imports.added} + ${delta.added}`,
      updated: sql`${imports.updated} + ${delta.updated}`,
      unchanged: sql`${imports.unchanged} + ${delta.unchanged}`,
      rejected: sql`${imports.rejected} + ${delta.rejected}`,
      rejectedByReason: addedReasons(delta.reasons),
      domainUnchecked: sql`${imports.domainUnchecked} + ${delta.domainUnchecked ?? 0}`,
    })
    .where(eq(imports.id, importId));
}

/** Ends a run; `error` says why a file could not be read (a failure for good, shown in its report). */
export async function finishRun(db: Db, importId: string, status: 'done' | 'failed', now: Date, error: string | null = null): Promise<void> {
  await db.update(imports).set({ status, finishedAt: now, error }).where(eq(imports.id, importId));
}

export async function addRejections(db: Db, rows: (typeof importRejections.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(importRejections).values(rows).onConflictDoNothing();
}

/** A batch of an import's rejections in row order, after `afterRow`. */
export async function rejectionsAfter(db: Db, importId: string, afterRow: number, limit: number) {
  return db
    .select({ rowNumber: importRejections.rowNumber, reason: importRejections.reason, detail: importRejections.detail, cells: importRejections.cells })
    .from(importRejections)
    .where(and(eq(importRejections.importId, importId), gt(importRejections.rowNumber, afterRow)))
    .orderBy(asc(importRejections.rowNumber))
    .limit(limit);
}
