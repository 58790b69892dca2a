import * as z from 'zod/mini';
import { isCurrencyCode } from './events';
import { UUID_PATTERN } from './ids';
import { PRODUCT_MESSAGES } from './products';

// CSV imports: the customer maps the file's columns in the browser, uploads it, and a background
// job adds the subscribers, or the products of the catalogue. Defined once for the import screen
// and the API.

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

const PRODUCT_COLUMNS = ['id', 'title', 'url', 'image_url', 'price', 'currency', 'categories', 'in_stock'] as const;
/** What a column of a products file may hold: a product's fields (categories split at | or ;). */
export const PRODUCT_IMPORT_FIELDS = [...PRODUCT_COLUMNS, 'ignore'] as const;
export type ProductImportField = (typeof PRODUCT_IMPORT_FIELDS)[number];

export const IMPORT_MESSAGES = {
  emailColumn: 'Choose exactly one column for the email address.',
  columnInvalid: 'Choose what each column holds, or ignore it.',
  attributeName: 'Attribute names use letters, digits and _, and start with a letter.',
  listsInvalid: 'One of the chosen lists is not one of yours.',
  notFound: 'This import does not exist.',
  kindInvalid: 'An import holds subscribers or products.',
  listsForSubscribers: 'Lists are for importing subscribers: a products file joins no list.',
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
  // Issue 32, point 6: a larger import asks the customer to confirm their people's consent.
  consentNeeded: (rows: number) =>
    `This file has more than ${rows.toLocaleString('en')} rows: before we import it, confirm that these people agreed to get email from you. Your file is kept, so you do not need to send it again.`,
  consentRequired: 'Tick the box to confirm that these people agreed to get email from you.',
  consentForSubscribers: 'Consent is confirmed for subscribers: a products file needs none.',
  notWaitingForConsent: 'This import is not waiting for a confirmation.',
  consentRecorded: 'Thank you: your confirmation is recorded with this import.',
} as const;

/**
 * What the customer confirms, word for word, when they tick the box; stored with the import as
 * they saw it, so the record still reads the same after this text changes.
 */
export const IMPORT_CONSENT_WORDING =
  'These people agreed to get email from me: they signed up or asked to hear from me, and I did not buy, rent or collect their addresses from elsewhere.';

/** Why a row was not imported, as the rejected-rows file says it. */
export const REJECTION_REASONS = {
  bad_email: 'Not a valid email address',
  duplicate: 'The same address appears earlier in the file',
  suppressed: 'Unsubscribed, bounced, complained or erased before: never re-subscribed by an import',
  role_address: 'A role address (such as abuse@, postmaster@ or noreply@): it reaches a team or a program, not a person who subscribed',
  no_mail_server: 'The domain has no mail server (no MX or A record).',
  refuses_mail: 'The domain accepts no email (it publishes a null MX record).',
} as const;
export type RejectionReason = keyof typeof REJECTION_REASONS;

/** A rejected row's reason as the report says it; the domain checks name the domain they looked up. */
export function rejectionText(reason: string, detail: string | null): string {
  if (detail && reason === 'no_mail_server') return `The domain ${detail} has no mail server (no MX or A record).`;
  if (detail && reason === 'refuses_mail') return `The domain ${detail} accepts no email (it publishes a null MX record).`;
  return REJECTION_REASONS[reason as RejectionReason] ?? reason;
}

export const importColumnSchema = z.discriminatedUnion(
  'field',
  [
    z.strictObject({ field: z.enum(['email', 'first_name', 'last_name', 'timezone', 'ignore']) }),
    z.strictObject({ field: z.enum(['id', 'title', 'url', 'image_url', 'currency', 'categories', 'in_stock']) }),
    z.strictObject({
      field: z.literal('price'),
      /** The prices' currency on rows without one of their own (a file with no currency column). */
      currency: z.optional(
        z.string().check(z.maxLength(3, { error: PRODUCT_MESSAGES.currencyInvalid, abort: true }), z.toUpperCase(), z.refine(isCurrencyCode, PRODUCT_MESSAGES.currencyInvalid)),
      ),
    }),
    z.strictObject({
      field: z.literal('attribute'),
      key: z.string().check(z.maxLength(64, { error: IMPORT_MESSAGES.attributeName, abort: true }), z.regex(/^[A-Za-z][A-Za-z0-9_]*$/, IMPORT_MESSAGES.attributeName)),
    }),
  ],
  { error: IMPORT_MESSAGES.columnInvalid },
);
export type ImportColumn = z.output<typeof importColumnSchema>;

// Whether each column's field belongs to the import's kind (ignore belongs to both).
const SUBSCRIBER_FIELDS: readonly string[] = IMPORT_FIELDS;
const PRODUCT_FIELD_NAMES: readonly string[] = PRODUCT_IMPORT_FIELDS;
const fieldsOfKind = (value: { kind: ImportKind; columns: readonly ImportColumn[] }) =>
  value.columns.every((column) => (value.kind === 'products' ? PRODUCT_FIELD_NAMES : SUBSCRIBER_FIELDS).includes(column.field));
const count = (columns: readonly ImportColumn[], field: string) => columns.filter((column) => column.field === field).length;

export const importCreateSchema = z
  .strictObject({
    /** What the file holds: subscribers unless said. */
    kind: z._default(z.enum(IMPORT_KINDS, { error: IMPORT_MESSAGES.kindInvalid }), 'subscribers'),
    file_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(IMPORT_LIMITS.fileName)),
    /** Whether the first row names the columns (it is then skipped). */
    has_header: z._default(z.boolean(), true),
    /** What each column of the file holds, in order. */
    columns: z.array(importColumnSchema).check(z.minLength(1, IMPORT_MESSAGES.emailColumn), z.maxLength(IMPORT_LIMITS.columns, IMPORT_MESSAGES.columnInvalid)),
    /** Lists to add the imported subscribers to. */
    list_ids: z._default(z.array(z.string().check(z.regex(UUID_PATTERN, IMPORT_MESSAGES.listsInvalid))).check(z.maxLength(IMPORT_LIMITS.lists, IMPORT_MESSAGES.listsInvalid)), []),
    /** The customer ticked IMPORT_CONSENT_WORDING; a file past the consent threshold waits for it otherwise. */
    consent_confirmed: z._default(z.boolean({ error: IMPORT_MESSAGES.consentRequired }), false),
  })
  .check(
    z.refine((value) => fieldsOfKind(value), { error: IMPORT_MESSAGES.columnInvalid, path: ['columns'] }),
    z.refine((value) => value.kind !== 'subscribers' || count(value.columns, 'email') === 1, { error: IMPORT_MESSAGES.emailColumn, path: ['columns'] }),
    z.refine((value) => value.kind !== 'products' || count(value.columns, 'id') === 1, { error: PRODUCT_MESSAGES.idColumn, path: ['columns'] }),
    z.refine((value) => value.kind !== 'products' || PRODUCT_COLUMNS.every((field) => count(value.columns, field) <= 1), { error: PRODUCT_MESSAGES.fieldColumnTwice, path: ['columns'] }),
    z.refine((value) => value.kind !== 'products' || value.list_ids.length === 0, { error: IMPORT_MESSAGES.listsForSubscribers, path: ['list_ids'] }),
    z.refine((value) => value.kind !== 'products' || !value.consent_confirmed, { error: IMPORT_MESSAGES.consentForSubscribers, path: ['consent_confirmed'] }),
  );
export type ImportCreate = z.output<typeof importCreateSchema>;

/** POST …/imports/:id/consent: the confirmation an import stopped at the threshold waits for. */
export const importConsentSchema = z.strictObject({
  consent_confirmed: z.literal(true, { error: IMPORT_MESSAGES.consentRequired }),
});
export type ImportConsent = z.output<typeof importConsentSchema>;

/** `needs_consent`: the file has more rows than the threshold and no confirmation yet; its file is kept. */
export const IMPORT_STATUSES = ['awaiting_file', 'queued', 'needs_consent', 'running', 'done', 'failed'] as const;
export type ImportStatusName = (typeof IMPORT_STATUSES)[number];

/** The customer's confirmation that the people in the file agreed to get their email. */
export interface ImportConsentRecord {
  /** Set while the import waits for a confirmation: the number of rows past which one is asked. */
  required_above: number | null;
  confirmed_at: string | null;
  /** The signed-in account's address when it was confirmed. */
  confirmed_by: string | null;
  /** What they confirmed, as it read then. */
  wording: string | null;
}

export interface ImportProgress {
  id: string;
  kind: ImportKind;
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
  /** The rejected rows counted by reason (reasons with none are left out). */
  rejected_by_reason: Partial<Record<RejectionReason, number>>;
  /** Addresses imported although their domain could not be checked: DNS gave no answer for it. */
  domain_unchecked: number;
  consent: ImportConsentRecord;
  rows_per_second: number | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** The rejected rows with their reasons (CSV), once the import is done. */
  rejections_url: string | null;
  /** Why the file could not be read (failed for good, not retried); null otherwise. */
  error: string | null;
}

/**
 * The attribute key an import gives a column from its header ("Favourite Topic" is stored as
 * Favourite_Topic): letters, digits and _, a letter first. The one rule the import page guesses
 * keys with and shows the customer, so what they later look for is the key that was stored.
 */
export function attributeKeyFor(header: string): string {
  return header
    .trim()
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/^[^A-Za-z]+/, '')
    .replace(/(?<!_)_+$/, '')
    .slice(0, 64);
}
