import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ImportColumn, ImportKind, ImportStatusName, RejectionReason } from '@postlark/shared/imports';
import { customers } from './accounts';
import { bytea } from './bytea';

/** A CSV import: its mapping, where it stands, and what it did. */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** What the file holds: subscribers, or the customer's products (the catalogue). */
    kind: text('kind').$type<ImportKind>().notNull().default('subscribers'),
    fileName: text('file_name').notNull(),
    hasHeader: boolean('has_header').notNull(),
    columns: jsonb('columns').$type<ImportColumn[]>().notNull(),
    listIds: text('list_ids').array().notNull(),
    status: text('status').$type<ImportStatusName>().notNull(),
    totalBytes: integer('total_bytes').notNull().default(0),
    bytesDone: integer('bytes_done').notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    added: integer('added').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Why the file could not be read (a cell, row or column count past its cap), shown in its report; null otherwise. */
    error: text('error'),
    /** The rejected rows counted by reason, kept up with each batch (a run starting over clears them). */
    rejectedByReason: jsonb('rejected_by_reason').$type<Partial<Record<RejectionReason, number>>>().notNull().default({}),
    /** Addresses imported although DNS gave no answer about their domain (a timeout, a failing server). */
    domainUnchecked: integer('domain_unchecked').notNull().default(0),
    /** The row count past which the file waited for a consent confirmation, once it stopped for one. */
    consentRequiredAbove: integer('consent_required_above'),
    /** The customer's confirmation that these people agreed to get their email: when, by which account's address, and the words ticked. */
    consentConfirmedAt: timestamp('consent_confirmed_at', { withTimezone: true }),
    consentConfirmedBy: text('consent_confirmed_by'),
    consentWording: text('consent_wording'),
  },
  (table) => [index('imports_customer_created_idx').on(table.customerId, table.createdAt)],
);

/**
 * The uploaded file, in pieces of 256 KB (imports.service), kept in the database so whichever
 * process runs the job can read it; dropped when the import is done.
 */
export const importChunks = pgTable(
  'import_chunks',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (table) => [primaryKey({ columns: [table.importId, table.seq] })],
);

/** The rows an import did not take, with the reason and the row as it was. */
export const importRejections = pgTable(
  'import_rejections',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    reason: text('reason').notNull(),
    /** What the reason is about, for the report's text: the domain a DNS check looked up; null otherwise. */
    detail: text('detail'),
    cells: jsonb('cells').$type<string[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.importId, table.rowNumber] })],
);
