import { type ExportKind, EXPORT_KIND_IDS } from '@postlark/shared/data-export';
import { MARKETING_PREFERENCE_IDS } from '@postlark/shared/profile';
import { csvRow } from '../../lib/csv';
import { SUBSCRIBER_CSV_COLUMNS } from '../audience/subscriber-export.service';
import type { AccountRecord, NotificationRecord } from './data-export.repository';

export interface ExportFile {
  name: string;
  content: string;
}

/**
 * The columns of each kind's file: audiences from the subscribers, emails from the campaigns,
 * reports from each sent campaign's figures.
 */
export const KIND_COLUMNS: Record<ExportKind, readonly string[]> = {
  emails: ['campaign_id', 'subject', 'from_name', 'from_email', 'status', 'created_at', 'sent_at', 'recipients'],
  audiences: SUBSCRIBER_CSV_COLUMNS,
  reports: [
    'campaign_id',
    'subject',
    'sent_at',
    'recipients',
    'delivered',
    'unique_opens',
    'unique_clicks',
    'bounces',
    'unsubscribes',
    'complaints',
  ],
};

const ACCOUNT_COLUMNS = [
  'customer_id',
  'email',
  'first_name',
  'last_name',
  'gender',
  'date_of_birth',
  'country',
  'heard_about_us',
  'street_address',
  'city',
  'state',
  'company',
  'postal_code',
  'phone',
  'vat_id',
  'account_created_at',
  'password_changed_at',
] as const;

function csvFile(name: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): ExportFile {
  return { name, content: csvRow(columns) + rows.map(csvRow).join('') };
}

function accountFile(account: AccountRecord): ExportFile {
  const info = account.additionalInfo;
  return csvFile('account.csv', ACCOUNT_COLUMNS, [
    [
      account.id,
      account.email,
      account.firstName,
      account.lastName,
      account.gender,
      account.dob,
      account.country,
      account.reachedByOption,
      info.street_address,
      info.city,
      info.state,
      info.company,
      info.postal_code,
      info.phone,
      info.vat_id,
      account.createdAt,
      account.passwordChangedAt,
    ],
  ]);
}

function preferencesFile(account: AccountRecord): ExportFile {
  return csvFile(
    'marketing-preferences.csv',
    ['preference', 'chosen'],
    MARKETING_PREFERENCE_IDS.map((id) => [id, account.marketingPreferences[id] ? 'yes' : 'no']),
  );
}

function notificationsFile(rows: readonly NotificationRecord[]): ExportFile {
  return csvFile(
    'notifications.csv',
    ['created_at', 'title', 'body', 'read_at'],
    rows.map((row) => [row.createdAt, row.title, row.body, row.readAt]),
  );
}

export interface ExportContent {
  account: AccountRecord;
  /** The account's notifications within the period. */
  notifications: readonly NotificationRecord[];
  /** audiences.csv in full (the audience module writes it), when audiences are chosen. */
  audiencesCsv: string;
  /** Rows of emails.csv and reports.csv, in KIND_COLUMNS' order. */
  emailRows: readonly (readonly unknown[])[];
  reportRows: readonly (readonly unknown[])[];
  kinds: readonly string[];
}

/**
 * Every file of one export: the account's own data always, then one file per chosen kind, in the
 * tab's order.
 */
export function exportFiles(input: ExportContent): ExportFile[] {
  const kindFiles = EXPORT_KIND_IDS.filter((kind) => input.kinds.includes(kind)).map((kind) =>
    kind === 'audiences'
      ? { name: 'audiences.csv', content: input.audiencesCsv }
      : csvFile(`${kind}.csv`, KIND_COLUMNS[kind], kind === 'emails' ? input.emailRows : input.reportRows),
  );
  return [accountFile(input.account), preferencesFile(input.account), notificationsFile(input.notifications), ...kindFiles];
}
