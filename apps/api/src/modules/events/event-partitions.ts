import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

// The events table is partitioned by month of occurred_at (migration 0024). Partitions are made
// on demand, before the insert that needs them, and remembered per process. Everything before
// 2020 shares one archive partition: history brought from older platforms is rare, and a rule
// that never depends on today keeps the ranges from ever overlapping.

const MONTHLY_FROM = Date.UTC(2020, 0, 1);
const ARCHIVE = 'events_before_2020';

// Per database handle: a process (or a test file) may open more than one.
const knownByDb = new WeakMap<Db, Set<string>>();

export interface PartitionRange {
  name: string;
  from: string | null;
  to: string;
}

/** The partition an instant falls in: its month from 2020 on, the archive before. */
export function partitionOf(at: Date): PartitionRange {
  if (at.getTime() < MONTHLY_FROM) return { name: ARCHIVE, from: null, to: '2020-01-01' };
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth();
  const start = new Date(Date.UTC(year, month, 1));
  const end = new Date(Date.UTC(year, month + 1, 1));
  const name = `events_m${year}_${String(month + 1).padStart(2, '0')}`;
  return { name, from: start.toISOString().slice(0, 10), to: end.toISOString().slice(0, 10) };
}

/**
 * Makes the partitions these instants need. One transaction at a time across every process (an
 * advisory lock), so two first events of a new month never race to create the same table.
 */
export async function ensurePartitions(db: Db, instants: Iterable<Date>): Promise<void> {
  let known = knownByDb.get(db);
  if (!known) knownByDb.set(db, (known = new Set()));
  const missing = new Map<string, PartitionRange>();
  // A batch's thousands of instants fall in a few months: each month is named once.
  const months = new Set<number>();
  for (const at of instants) months.add(at.getTime() < MONTHLY_FROM ? -1 : at.getUTCFullYear() * 12 + at.getUTCMonth());
  for (const month of months) {
    const range = partitionOf(month < 0 ? new Date(0) : new Date(Date.UTC(Math.floor(month / 12), month % 12, 1)));
    if (!known.has(range.name)) missing.set(range.name, range);
  }
  if (missing.size === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('events partitions'))`);
    for (const range of missing.values()) {
      // The name and bounds come from partitionOf (digits and a fixed prefix), never from input.
      const from = range.from ? `'${range.from}'` : 'MINVALUE';
      await tx.execute(sql.raw(`create table if not exists "${range.name}" partition of events for values from (${from}) to ('${range.to}')`));
    }
  });
  for (const name of missing.keys()) known.add(name);
}

/** What the events cost on disk: every partition with its indexes (the bench prints it). */
export async function eventsDiskBytes(db: Db): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint as bytes
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'events'::regclass`);
  return Number((result as unknown as { rows: { bytes: string | number }[] }).rows[0]?.bytes ?? 0);
}
