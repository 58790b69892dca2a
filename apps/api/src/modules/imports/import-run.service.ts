import { ACCOUNT_EMAIL_PATTERN } from '@postlark/shared/account';
import { AUDIENCE_LIMITS, type Attributes, isTimeZone } from '@postlark/shared/audience';
import { EMAIL_MAX_LENGTH } from '@postlark/shared/email';
import type { ImportColumn, RejectionReason } from '@postlark/shared/imports';
import { FingerprintSet } from '../../lib/fingerprint-set';
import { emailDigest } from '../audience/subscribers.service';
import { type DomainChecker, domainChecker, isDomainName } from './domain-check';
import { activateProfiles, existingAmong, type ExistingSubscriber, insertNew, joinLists, setLocalAsyncCommit, suppressedAmong, updateDetails } from './import-batch.repository';
import { type ImportJobDeps, rowsPastThreshold, sortByDomain } from './import-checks';
import { endRun, type ImportRunDeps, storedRows } from './import-file';
import { addRejections, holdForConsent, importById, type ImportRow, type ProgressDelta, saveProgress, startRun } from './imports.repository';
import { isRoleAddress } from './role-addresses';
import { runProductImport } from './product-import.service';
import { queueSubscriberEvents } from '../outgoing-webhooks/outbox';

// Rows written per transaction: large enough to amortise the round trips, small enough to keep
// each statement's parameters (and the progress bar's steps) modest.
const BATCH_ROWS = 2_000;

interface ParsedRow {
  rowNumber: number;
  /** The row as the file had it, for the rejected-rows file. */
  cells: string[];
  email: string;
  /** Its suppression hash (subscribers.service), worked out once while reading. */
  emailHash: string;
  firstName: string;
  lastName: string;
  timezone: string | null;
  attributes: Attributes;
}

interface Rejection {
  rowNumber: number;
  reason: RejectionReason;
  /** The domain a DNS check looked up, for the report's text. */
  detail?: string;
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
    const row: ParsedRow = { rowNumber, cells, email: '', emailHash: '', firstName: '', lastName: '', timezone: null, attributes: {} };
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

type Batch = { rows: ParsedRow[]; rejections: Rejection[]; delta: ProgressDelta };

/** Moves the batch's rows at domains that take no mail to its rejections, before anything is written. */
async function checkDomains(checker: DomainChecker, batch: Batch): Promise<void> {
  const sorted = await sortByDomain(checker, batch.rows);
  batch.rows = sorted.kept;
  for (const { row, reason, domain } of sorted.rejected) batch.rejections.push({ rowNumber: row.rowNumber, reason, detail: domain, cells: row.cells });
  batch.delta.domainUnchecked = sorted.unchecked;
}

function countByReason(rejections: readonly Rejection[]): Partial<Record<RejectionReason, number>> {
  const counts: Partial<Record<RejectionReason, number>> = {};
  for (const { reason } of rejections) counts[reason] = (counts[reason] ?? 0) + 1;
  return counts;
}

/**
 * Writes one batch in one transaction. New addresses are inserted first, with no look-up: in a
 * first import (the common case) that is all there is. Only the rows the insert skipped (already
 * subscribers, or suppressed) are read back and sorted out.
 */
async function writeBatch(deps: ImportRunDeps, record: { id: string; customerId: string; listIds: string[] }, batch: Batch): Promise<void> {
  const { rows, rejections, delta } = batch;
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    // A crash may lose the last commits; the job then runs again from the top and finds them missing.
    await setLocalAsyncCommit(tx);
    const suppressed = await suppressedAmong(tx, record.customerId, rows.map((row) => row.emailHash));
    const added = await insertNew(tx, record.customerId, rows.filter((row) => !suppressed.has(row.emailHash)), record.listIds, now);
    // Profiles made from events are recorded by their status change (a trigger); new rows here.
    await queueSubscriberEvents(tx, 'subscriber.subscribed', [...added.values()], null, now);
    const skipped = rows.filter((row) => !added.has(row.email));
    const existing = new Map((await existingAmong(tx, record.customerId, skipped.map((row) => row.email))).map((row) => [row.email, row]));
    const members: string[] = [];
    const profiles: string[] = [];
    for (const row of skipped) {
      const known = existing.get(row.email);
      if (!known) {
        // Suppressed (unsubscribed, bounced, complained or erased before), or erased this very moment.
        rejections.push({ rowNumber: row.rowNumber, reason: 'suppressed', cells: row.cells });
        continue;
      }
      // A profile known only from events: the file is its first consent.
      if (known.status === 'not_subscribed') profiles.push(known.id);
      else if (known.status !== 'active') {
        rejections.push({ rowNumber: row.rowNumber, reason: 'suppressed', cells: row.cells });
        continue;
      }
      const changes = changesFor(known, row);
      const changed = Object.keys(changes).length > 0;
      if (changed) await updateDetails(tx, known.id, changes, now);
      if (known.status === 'not_subscribed') delta.added += 1;
      else if (changed) delta.updated += 1;
      else delta.unchanged += 1;
      members.push(known.id);
    }
    delta.added += added.size;
    await activateProfiles(tx, profiles, now);
    await joinLists(tx, record.listIds, members, now);
    await addRejections(tx, rejections.map((rejection) => ({ importId: record.id, ...rejection })));
    delta.rejected += rejections.length;
    delta.reasons = countByReason(rejections);
    await saveProgress(tx, record.id, delta);
  });
}

// Batches written at once, each in its own transaction on its own connection, while the next one
// is read: the database's work (mostly index upkeep) then overlaps the reading and spreads over
// two cores instead of waiting for it. The reader never hands two batches the same address, so
// they cannot conflict. On PGlite (one connection) they simply queue.
const WRITERS_AT_ONCE = 2;

/**
 * Runs an import from the top: reads the stored file piece by piece, and writes each batch of rows
 * in one transaction. Safe to run again after an interruption: what was added is found again as
 * unchanged, never doubled; nobody who unsubscribed, bounced, complained or was erased comes back.
 * A file past the reader's caps (a cell, a row, the columns) fails for good: the reason goes in its
 * report, its stored file is dropped, and this resolves, so the job is not tried again.
 * A subscribers file past the consent threshold without the customer's confirmation stops before
 * anything is written, its file kept, until they confirm (imports.service queues it again then).
 */
export async function runImport(deps: ImportJobDeps, importId: string): Promise<void> {
  const { db } = deps;
  const record = await importById(db, importId);
  if (!record || record.status === 'done' || record.status === 'awaiting_file' || record.status === 'needs_consent') return;
  if (record.kind === 'products') return runProductImport(deps, record);
  const { consentAbove, domains } = deps.checks;
  // A confirmation that arrives while the rows are counted wins: holdForConsent then changes nothing.
  if (!record.consentConfirmedAt && (await rowsPastThreshold(db, importId, record.hasHeader, consentAbove)) && (await holdForConsent(db, importId, consentAbove))) return;
  await runSubscribers(deps, record, domains && domainChecker(domains));
}

async function runSubscribers(deps: ImportRunDeps, record: ImportRow, checker: DomainChecker | undefined): Promise<void> {
  const { db } = deps;
  const importId = record.id;
  await startRun(db, importId, deps.now());
  const readRow = rowReader(record.columns);
  // Addresses already read, to reject repeats as duplicates: fingerprints, not the strings.
  const seen = new FingerprintSet();
  let rowNumber = 0;
  let bytesDone = 0;
  let pending: ParsedRow[] = [];
  let rejections: Rejection[] = [];
  let rowsSinceSave = 0;
  const writing = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;

  async function flush() {
    const batch: Batch = {
      rows: pending,
      rejections,
      delta: { bytesDone, rows: rowsSinceSave, added: 0, updated: 0, unchanged: 0, rejected: 0, domainUnchecked: 0 },
    };
    pending = [];
    rejections = [];
    rowsSinceSave = 0;
    // The batch's domains are looked up while the reader goes on to the next one.
    const write: Promise<void> = (checker ? checkDomains(checker, batch) : Promise.resolve())
      .then(() => writeBatch(deps, record, batch))
      .catch((error: unknown) => {
        failure ??= { error };
      })
      .finally(() => writing.delete(write));
    writing.add(write);
    if (writing.size >= WRITERS_AT_ONCE) await Promise.race(writing);
    if (failure) throw failure.error;
  }

  function take(cells: string[]) {
    rowNumber += 1;
    if (rowNumber === 1 && record.hasHeader) return;
    if (cells.every((cell) => cell.trim() === '')) return;
    rowsSinceSave += 1;
    const row = readRow(cells, rowNumber);
    // The length first: a cell may hold 64 KB, and no pattern needs to read past an address's 254.
    if (row.email.length > EMAIL_MAX_LENGTH || !ACCOUNT_EMAIL_PATTERN.test(row.email) || !isDomainName(row.email.slice(row.email.lastIndexOf('@') + 1))) {
      rejections.push({ rowNumber, reason: 'bad_email', cells });
      return;
    }
    if (isRoleAddress(row.email)) {
      rejections.push({ rowNumber, reason: 'role_address', cells });
      return;
    }
    const digest = emailDigest(row.email);
    if (!seen.add(digest)) {
      rejections.push({ rowNumber, reason: 'duplicate', cells });
      return;
    }
    row.emailHash = digest.toString('hex');
    pending.push(row);
  }

  try {
    for await (const piece of storedRows(db, importId)) {
      bytesDone = piece.bytesDone;
      for (const cells of piece.rows) {
        take(cells);
        if (pending.length + rejections.length >= BATCH_ROWS) await flush();
      }
    }
    await flush();
    await Promise.all(writing);
    if (failure) throw failure.error;
  } catch (error) {
    await Promise.allSettled(writing);
    return endRun(deps, importId, { error });
  }
  await endRun(deps, importId);
}
