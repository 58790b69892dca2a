import { ACCOUNT_EMAIL_PATTERN } from '@postlark/shared/account';
import { AUDIENCE_LIMITS, type Attributes, isTimeZone } from '@postlark/shared/audience';
import type { ImportColumn, RejectionReason } from '@postlark/shared/imports';
import type { Db } from '../../db/client';
import { CsvReader } from '../../lib/csv-reader';
import { suppressionHash } from '../audience/subscribers.service';
import { existingAmong, type ExistingSubscriber, insertNew, joinLists, type NewImported, suppressedAmong, updateDetails } from './import-batch.repository';
import { addRejections, chunkAt, dropChunks, finishRun, importById, type ProgressDelta, saveProgress, startRun } from './imports.repository';

export interface ImportRunDeps {
  db: Db;
  now: () => Date;
}

// Rows written per transaction: large enough to amortise the round trips, small enough to keep
// each statement's parameters (and the progress bar's steps) modest.
const BATCH_ROWS = 2_000;

interface ParsedRow {
  rowNumber: number;
  /** The row as the file had it, for the rejected-rows file. */
  cells: string[];
  email: string;
  firstName: string;
  lastName: string;
  timezone: string | null;
  attributes: Attributes;
}

interface Rejection {
  rowNumber: number;
  reason: RejectionReason;
  cells: string[];
}

/** Reads one row by the customer's mapping; empty cells say nothing (they never clear a value). */
function rowReader(columns: readonly ImportColumn[]) {
  const zones = new Map<string, boolean>();
  const validZone = (zone: string) => {
    let known = zones.get(zone);
    if (known === undefined) zones.set(zone, (known = isTimeZone(zone)));
    return known;
  };
  return (cells: string[], rowNumber: number): ParsedRow => {
    const row: ParsedRow = { rowNumber, cells, email: '', firstName: '', lastName: '', timezone: null, attributes: {} };
    columns.forEach((column, index) => {
      const value = (cells[index] ?? '').trim();
      if (value === '') return;
      switch (column.field) {
        case 'email':
          row.email = value.toLowerCase();
          break;
        case 'first_name':
          row.firstName = value.slice(0, AUDIENCE_LIMITS.name);
          break;
        case 'last_name':
          row.lastName = value.slice(0, AUDIENCE_LIMITS.name);
          break;
        case 'timezone':
          if (validZone(value)) row.timezone = value;
          break;
        case 'attribute':
          row.attributes[column.key] = value.slice(0, AUDIENCE_LIMITS.attributeValue);
          break;
        case 'ignore':
          break;
      }
    });
    return row;
  };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What the file changes about a subscriber already there: only values it has, never their status. */
function changesFor(existing: ExistingSubscriber, row: ParsedRow): Parameters<typeof updateDetails>[2] {
  const changes: Parameters<typeof updateDetails>[2] = {};
  if (row.firstName && row.firstName !== existing.firstName) changes.firstName = row.firstName;
  if (row.lastName && row.lastName !== existing.lastName) changes.lastName = row.lastName;
  if (row.timezone && row.timezone !== existing.timezone) changes.timezone = row.timezone;
  const merged = { ...existing.attributes, ...row.attributes };
  if (!sameJson(merged, existing.attributes)) changes.attributes = merged;
  return changes;
}

/**
 * Runs an import from the top: reads the stored file piece by piece, and writes each batch of rows
 * in one transaction. Safe to run again after an interruption: what was added is found again as
 * unchanged, never doubled; nobody who unsubscribed, bounced, complained or was erased comes back.
 */
export async function runImport(deps: ImportRunDeps, importId: string): Promise<void> {
  const { db } = deps;
  const record = await importById(db, importId);
  if (!record || record.status === 'done' || record.status === 'awaiting_file') return;
  await startRun(db, importId, deps.now());
  const readRow = rowReader(record.columns);
  const seen = new Set<string>();
  let rowNumber = 0;
  let bytesDone = 0;
  let pending: ParsedRow[] = [];
  let rejections: Rejection[] = [];
  let rowsSinceSave = 0;

  async function flush() {
    const batch = pending;
    const rejected = rejections;
    pending = [];
    rejections = [];
    const delta: ProgressDelta = { bytesDone, rows: rowsSinceSave, added: 0, updated: 0, unchanged: 0, rejected: 0 };
    rowsSinceSave = 0;
    const now = deps.now();
    await db.transaction(async (tx) => {
      const hashes = new Map(batch.map((row) => [row.email, suppressionHash(row.email)]));
      const suppressed = await suppressedAmong(tx, record!.customerId, [...hashes.values()]);
      const existing = new Map((await existingAmong(tx, record!.customerId, batch.map((row) => row.email))).map((row) => [row.email, row]));
      const fresh: NewImported[] = [];
      const members: string[] = [];
      for (const row of batch) {
        const known = existing.get(row.email);
        if ((known && known.status !== 'active') || (!known && suppressed.has(hashes.get(row.email)!))) {
          rejected.push({ rowNumber: row.rowNumber, reason: 'suppressed', cells: row.cells });
          continue;
        }
        if (known) {
          const changes = changesFor(known, row);
          if (Object.keys(changes).length > 0) {
            await updateDetails(tx, known.id, changes, now);
            delta.updated += 1;
          } else delta.unchanged += 1;
          members.push(known.id);
          continue;
        }
        fresh.push(row);
      }
      const added = await insertNew(tx, record!.customerId, fresh, now);
      delta.added += added.length;
      await joinLists(tx, record!.listIds, [...members, ...added], now);
      await addRejections(tx, rejected.map((rejection) => ({ importId, ...rejection })));
      delta.rejected += rejected.length;
      await saveProgress(tx, importId, delta);
    });
  }

  function take(cells: string[]) {
    rowNumber += 1;
    if (rowNumber === 1 && record!.hasHeader) return;
    if (cells.every((cell) => cell.trim() === '')) return;
    rowsSinceSave += 1;
    const row = readRow(cells, rowNumber);
    const reason: RejectionReason | null = !ACCOUNT_EMAIL_PATTERN.test(row.email) ? 'bad_email' : seen.has(row.email) ? 'duplicate' : null;
    if (reason) {
      rejections.push({ rowNumber, reason, cells });
      return;
    }
    seen.add(row.email);
    pending.push(row);
  }

  try {
    const reader = new CsvReader();
    const decoder = new TextDecoder();
    for (let seq = 0; ; seq += 1) {
      const chunk = await chunkAt(db, importId, seq);
      if (!chunk) break;
      bytesDone += chunk.byteLength;
      for (const cells of reader.push(decoder.decode(chunk, { stream: true }))) {
        take(cells);
        if (pending.length + rejections.length >= BATCH_ROWS) await flush();
      }
    }
    for (const cells of [...reader.push(decoder.decode()), ...reader.end()]) take(cells);
    await flush();
    await dropChunks(db, importId);
    await finishRun(db, importId, 'done', deps.now());
  } catch (error) {
    await finishRun(db, importId, 'failed', deps.now()).catch(() => {});
    throw error;
  }
}
