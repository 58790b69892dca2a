import * as z from 'zod/mini';
import { UUID_PATTERN } from './ids';

// CSV imports: the customer maps the file's columns in the browser, uploads it, and a background
// job adds the subscribers. Defined once for the import screen and the API.

export const IMPORT_LIMITS = {
  /** The largest file accepted. */
  maxBytes: 100 * 1024 * 1024,
  columns: 200,
  fileName: 255,
  lists: 100,
  /** What one cell, one row (its cells together) and one row's column count may reach in the file. */
  cellChars: 64 * 1024,
  rowChars: 1024 * 1024,
  rowColumns: 1_000,
} as const;

/** What an import's file holds: subscribers (the audience), or products (the catalogue). */
export const IMPORT_KINDS = ['subscribers', 'products'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_FIELDS = ['email', 'first_name', 'last_name', 'timezone', 'attribute', 'ignore'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_MESSAGES = {
  emailColumn: 'Choose exactly one column for the email address.',
  columnInvalid: 'Choose what each column holds, or ignore it.',
  attributeName: 'Attribute names use letters, digits and _, and start with a letter.',
  listsInvalid: 'One of the chosen lists is not one of yours.',
  notFound: 'This import does not exist.',
  fileAlreadySent: 'This import already has its file.',
  tooLarge: `The file is larger than ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB.`,
  emptyFile: 'The file is empty.',
  created: 'Import created: now send its file.',
  queued: 'File received. The import is running; you can leave this page.',
  failed: 'The import stopped because of an error on our side. Start it again: rows already imported are not duplicated.',
  cellTooLong: (row: number) =>
    `The file could not be read: row ${row.toLocaleString('en')} has a cell longer than ${IMPORT_LIMITS.cellChars.toLocaleString('en')} characters, often a quote (") that is never closed. Fix the file and import it again.`,
  rowTooLong: (row: number) =>
    `The file could not be read: row ${row.toLocaleString('en')} is longer than ${IMPORT_LIMITS.rowChars.toLocaleString('en')} characters. Fix the file and import it again.`,
  tooManyColumns: (row: number) =>
    `The file could not be read: row ${row.toLocaleString('en')} has more than ${IMPORT_LIMITS.rowColumns.toLocaleString('en')} columns. Fix the file and import it again.`,
} as const;

/** Why a row was not imported, as the rejected-rows file says it. */
export const REJECTION_REASONS = {
  bad_email: 'Not a valid email address',
  duplicate: 'The same address appears earlier in the file',
  suppressed: 'Unsubscribed, bounced, complained or erased before: never re-subscribed by an import',
} as const;
export type RejectionReason = keyof typeof REJECTION_REASONS;

export const importColumnSchema = z.discriminatedUnion(
  'field',
  [
    z.strictObject({ field: z.enum(['email', 'first_name', 'last_name', 'timezone', 'ignore']) }),
    z.strictObject({
      field: z.literal('attribute'),
      key: z.string().check(z.maxLength(64, { error: IMPORT_MESSAGES.attributeName, abort: true }), z.regex(/^[A-Za-z][A-Za-z0-9_]*$/, IMPORT_MESSAGES.attributeName)),
    }),
  ],
  { error: IMPORT_MESSAGES.columnInvalid },
);
export type ImportColumn = z.output<typeof importColumnSchema>;

export const importCreateSchema = z
  .strictObject({
    file_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(IMPORT_LIMITS.fileName)),
    /** Whether the first row names the columns (it is then skipped). */
    has_header: z._default(z.boolean(), true),
    /** What each column of the file holds, in order. */
    columns: z.array(importColumnSchema).check(z.minLength(1, IMPORT_MESSAGES.emailColumn), z.maxLength(IMPORT_LIMITS.columns, IMPORT_MESSAGES.columnInvalid)),
    /** Lists to add the imported subscribers to. */
    list_ids: z._default(z.array(z.string().check(z.regex(UUID_PATTERN, IMPORT_MESSAGES.listsInvalid))).check(z.maxLength(IMPORT_LIMITS.lists, IMPORT_MESSAGES.listsInvalid)), []),
  })
  .check(
    z.refine((value) => value.columns.filter((column) => column.field === 'email').length === 1, { error: IMPORT_MESSAGES.emailColumn, path: ['columns'] }),
  );
export type ImportCreate = z.output<typeof importCreateSchema>;

export const IMPORT_STATUSES = ['awaiting_file', 'queued', 'running', 'done', 'failed'] as const;
export type ImportStatusName = (typeof IMPORT_STATUSES)[number];

export interface ImportProgress {
  id: string;
  file_name: string;
  status: ImportStatusName;
  total_bytes: number;
  bytes_done: number;
  rows_done: number;
  /** New subscribers. */
  added: number;
  /** Subscribers already there whose details the file changed. */
  updated: number;
  /** Subscribers already there, exactly as in the file. */
  unchanged: number;
  rejected: number;
  rows_per_second: number | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** The rejected rows with their reasons (CSV), once the import is done. */
  rejections_url: string | null;
  /** Why the file could not be read (failed for good, not retried); null otherwise. */
  error: string | null;
}
