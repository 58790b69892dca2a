import { csvRow } from '../../lib/csv';
import { type ExportedSubscriber, type ExportFilter, exportBatch, type ExportPosition } from './subscriber-export.repository';
import type { AudienceDeps } from './audience-deps';

/** The subscribers CSV's columns: the table's export and the profile's audiences.csv alike. */
export const SUBSCRIBER_CSV_COLUMNS = ['email', 'first_name', 'last_name', 'status', 'lists', 'attributes', 'timezone', 'source', 'subscribed_at', 'updated_at'] as const;

function rowOf(row: ExportedSubscriber): unknown[] {
  return [
    row.email,
    row.firstName,
    row.lastName,
    row.status,
    row.lists,
    Object.keys(row.attributes).length > 0 ? JSON.stringify(row.attributes) : '',
    row.timezone,
    row.source,
    row.createdAt,
    row.updatedAt,
  ];
}

// Rows read per query: memory stays bounded by one batch however large the audience.
const BATCH_SIZE = 2_000;

/**
 * The subscribers a filter matches as RFC 4180 CSV (formula-safe cells), header first, one chunk
 * per batch, read in keyset order so each batch costs the same.
 */
export async function* subscriberCsv(deps: AudienceDeps, customerId: string, filter: ExportFilter): AsyncGenerator<string> {
  yield csvRow(SUBSCRIBER_CSV_COLUMNS);
  let after: ExportPosition | null = null;
  for (;;) {
    const rows = await exportBatch(deps.db, customerId, filter, after, BATCH_SIZE);
    if (rows.length > 0) yield rows.map((row) => csvRow(rowOf(row))).join('');
    if (rows.length < BATCH_SIZE) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}
