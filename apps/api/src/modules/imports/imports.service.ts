import type { Readable } from 'node:stream';
import { API_PREFIX } from '@postlark/shared/routes';
import { IMPORT_CONSENT_WORDING, IMPORT_LIMITS, IMPORT_MESSAGES, type ImportCreate, type ImportProgress, type ImportStatusName, rejectionText } from '@postlark/shared/imports';
import { HttpError } from '../../http/errors';
import { csvRow } from '../../lib/csv';
import { isUuid } from '../../lib/uuid';
import { ownListIds } from '../audience/subscribers.repository';
import type { ImportRunDeps } from './import-file';
import type { Db } from '../../db/client';
import { addChunk, dropAbandonedImports, dropChunks, dropFailedImportFiles, findImport, type ImportRow, insertImport, markQueued, recentImports, recordConsent, rejectionsAfter } from './imports.repository';

export interface ImportDeps extends ImportRunDeps {
  startImport(importId: string): Promise<void>;
}

// The file is stored in pieces of 256 KB: on PGlite each statement runs on the server's one
// JavaScript thread, so a piece is as long as anyone else waits for it (a few ms; see addChunk).
const CHUNK_BYTES = 256 * 1024;
/** An import still waiting for its file (or for a consent confirmation) this long after it was made will not get it. */
const ABANDONED_AFTER_MS = 24 * 3_600_000;
// The run-import job's retries (3, from 30 s apart, each up to an hour) are over long before this.
const FAILED_FILE_KEPT_MS = 24 * 3_600_000;
const notFound = () => new HttpError(404, IMPORT_MESSAGES.notFound);

export function rejectionsPath(importId: string): string {
  return `${API_PREFIX}/audience/v1/imports/${importId}/rejections.csv`;
}

function progressOf(row: ImportRow, now: Date): ImportProgress {
  const elapsed = row.startedAt ? ((row.finishedAt ?? now).getTime() - row.startedAt.getTime()) / 1000 : 0;
  return {
    id: row.id,
    kind: row.kind,
    file_name: row.fileName,
    status: row.status,
    total_bytes: row.totalBytes,
    bytes_done: row.bytesDone,
    rows_done: row.rowsDone,
    added: row.added,
    updated: row.updated,
    unchanged: row.unchanged,
    rejected: row.rejected,
    rejected_by_reason: row.rejectedByReason,
    domain_unchecked: row.domainUnchecked,
    consent: {
      required_above: row.consentRequiredAbove,
      confirmed_at: row.consentConfirmedAt?.toISOString() ?? null,
      confirmed_by: row.consentConfirmedBy,
      wording: row.consentWording,
    },
    rows_per_second: elapsed > 0 ? Math.round(row.rowsDone / elapsed) : null,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    rejections_url: row.status === 'done' ? rejectionsPath(row.id) : null,
    error: row.error,
  };
}

async function ownImport(deps: ImportRunDeps, customerId: string, id: string): Promise<ImportRow> {
  const row = isUuid(id) ? await findImport(deps.db, customerId, id) : undefined;
  if (!row) throw notFound();
  return row;
}

/** Who confirms a consent: the signed-in customer. */
export interface ImportOwner {
  customerId: string;
  email: string;
}

const confirmation = (owner: ImportOwner, now: Date) => ({ at: now, by: owner.email, wording: IMPORT_CONSENT_WORDING });

export async function createImport(deps: ImportDeps, owner: ImportOwner, body: ImportCreate): Promise<ImportProgress> {
  const { customerId } = owner;
  const listIds = [...new Set(body.list_ids)];
  if ((await ownListIds(deps.db, customerId, listIds)).length !== listIds.length) {
    throw new HttpError(400, IMPORT_MESSAGES.listsInvalid, { list_ids: IMPORT_MESSAGES.listsInvalid });
  }
  const row = await insertImport(deps.db, {
    customerId,
    kind: body.kind,
    fileName: body.file_name,
    hasHeader: body.has_header,
    columns: body.columns,
    listIds,
    status: 'awaiting_file',
    createdAt: deps.now(),
    ...(body.consent_confirmed ? consentColumns(confirmation(owner, deps.now())) : {}),
  });
  return progressOf(row, deps.now());
}

function consentColumns(consent: ReturnType<typeof confirmation>) {
  return { consentConfirmedAt: consent.at, consentConfirmedBy: consent.by, consentWording: consent.wording };
}

// Until the run starts a confirmation can still be given: before the file is sent, while it waits
// in the queue, or once it stopped for one.
const CONSENT_OPEN: readonly ImportStatusName[] = ['awaiting_file', 'queued', 'needs_consent'];

/**
 * Records the customer's confirmation that the people in the file agreed to get their email. An
 * import stopped for it is queued again, with the file it kept; one confirmed already stays as it was.
 */
export async function confirmConsent(deps: ImportDeps, owner: ImportOwner, id: string): Promise<ImportProgress> {
  const row = await ownImport(deps, owner.customerId, id);
  if (row.kind === 'products') throw new HttpError(409, IMPORT_MESSAGES.consentForSubscribers);
  if (row.consentConfirmedAt) return progressOf(row, deps.now());
  if (!CONSENT_OPEN.includes(row.status)) throw new HttpError(409, IMPORT_MESSAGES.notWaitingForConsent);
  const updated = await recordConsent(deps.db, owner.customerId, id, row.status, confirmation(owner, deps.now()));
  // It moved on between the read and the write (its run started, or another tab confirmed).
  if (!updated) throw new HttpError(409, IMPORT_MESSAGES.notWaitingForConsent);
  if (row.status === 'needs_consent') await deps.startImport(id);
  return progressOf(updated, deps.now());
}

/**
 * Stores the uploaded file in pieces as it arrives (never whole in memory), then queues the run.
 * Over 100 MB is refused with 413 and nothing is kept.
 */
export async function receiveFile(deps: ImportDeps, customerId: string, id: string, file: Readable): Promise<ImportProgress> {
  const row = await ownImport(deps, customerId, id);
  if (row.status !== 'awaiting_file') throw new HttpError(409, IMPORT_MESSAGES.fileAlreadySent);
  // An upload that broke off (a closed tab, a lost connection) left its first pieces: sent again, the file starts over.
  await dropChunks(deps.db, id);
  let seq = 0;
  let total = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const store = async () => {
    if (pendingBytes === 0) return;
    await addChunk(deps.db, id, seq, Buffer.concat(pending));
    seq += 1;
    pending = [];
    pendingBytes = 0;
    // A turn of the event loop between pieces: a 100 MB upload arrives faster than it is stored,
    // and without it one upload's data events and writes would hold every other request back.
    await new Promise((resolve) => setImmediate(resolve));
  };
  for await (const piece of file) {
    const buffer = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as string);
    total += buffer.byteLength;
    if (total > IMPORT_LIMITS.maxBytes) {
      file.destroy();
      throw new HttpError(413, IMPORT_MESSAGES.tooLarge);
    }
    pending.push(buffer);
    pendingBytes += buffer.byteLength;
    if (pendingBytes >= CHUNK_BYTES) await store();
  }
  await store();
  if (total === 0) throw new HttpError(400, IMPORT_MESSAGES.emptyFile);
  if (!(await markQueued(deps.db, id, total))) throw new HttpError(409, IMPORT_MESSAGES.fileAlreadySent);
  await deps.startImport(id);
  return progressOf((await findImport(deps.db, customerId, id))!, deps.now());
}

export async function getImport(deps: ImportRunDeps, customerId: string, id: string): Promise<ImportProgress> {
  return progressOf(await ownImport(deps, customerId, id), deps.now());
}

export async function listImports(deps: ImportRunDeps, customerId: string): Promise<ImportProgress[]> {
  return (await recentImports(deps.db, customerId)).map((row) => progressOf(row, deps.now()));
}

/** Imports whose file never came, a day after they were made: they and the pieces they kept go. */
export async function purgeAbandonedImports(deps: { db: Db; now: () => Date }): Promise<number> {
  return dropAbandonedImports(deps.db, new Date(deps.now().getTime() - ABANDONED_AFTER_MS));
}

/** A failed import's file, a day after it failed (well past its job's retries): its report stays, its bytes go. */
export async function purgeFailedImportFiles(deps: { db: Db; now: () => Date }): Promise<number> {
  return dropFailedImportFiles(deps.db, new Date(deps.now().getTime() - FAILED_FILE_KEPT_MS));
}

/** The rejected rows as CSV: the row's number, the reason, then the row as the file had it. */
export async function* rejectionsCsv(deps: ImportRunDeps, customerId: string, id: string): AsyncGenerator<string> {
  const row = await ownImport(deps, customerId, id);
  if (row.status !== 'done') throw notFound();
  yield csvRow(['row', 'reason', 'original row']);
  let after = 0;
  for (;;) {
    const batch = await rejectionsAfter(deps.db, id, after, 2_000);
    if (batch.length > 0) yield batch.map((rejection) => csvRow([rejection.rowNumber, rejectionText(rejection.reason, rejection.detail), ...rejection.cells])).join('');
    if (batch.length < 2_000) return;
    after = batch[batch.length - 1]!.rowNumber;
  }
}
