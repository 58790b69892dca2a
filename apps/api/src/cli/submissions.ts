import { parseArgs } from 'node:util';
import { WAITLIST_STATUSES, type WaitlistStatus } from '@postlark/shared/waitlist';
import { ConfigError, loadConfig } from '../config/env';
import { openDatabase } from '../db/client';
import { DataDirInUseError } from '../db/data-dir-lock';
import { databaseTarget } from '../db/target';
import { csvRow } from '../lib/csv';
import { listSubmissions, type StoredSubmission } from '../modules/waitlist/waitlist.repository';

const USAGE = `Usage: npm run submissions -- [--status Waitlist|Contact] [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--format csv|json]

Prints the waitlist and contact submissions, newest first, as RFC 4180 CSV (default) or JSON.`;

// customer_id: the account a message from the dashboard's Help panel came from; empty for the site's forms.
const COLUMNS = ['created_at', 'status', 'email', 'message', 'user_agent', 'ip_hash', 'customer_id'] as const;

class UsageError extends Error {}

function parseDate(flag: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new UsageError(`--${flag} must be a date such as 2026-01-01`);
  return date;
}

function parseOptions(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      status: { type: 'string' },
      since: { type: 'string' },
      until: { type: 'string' },
      format: { type: 'string', default: 'csv' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.status !== undefined && !WAITLIST_STATUSES.includes(values.status as WaitlistStatus)) {
    throw new UsageError(`--status must be one of ${WAITLIST_STATUSES.join(', ')}`);
  }
  if (values.format !== 'csv' && values.format !== 'json') throw new UsageError('--format must be csv or json');
  return {
    help: values.help ?? false,
    format: values.format,
    filter: {
      status: values.status as WaitlistStatus | undefined,
      since: parseDate('since', values.since),
      until: parseDate('until', values.until),
    },
  };
}

function toRecord(row: StoredSubmission) {
  return {
    created_at: row.createdAt.toISOString(),
    status: row.status,
    email: row.email,
    message: row.message,
    user_agent: row.userAgent,
    ip_hash: row.ipHash,
    customer_id: row.customerId ?? '',
  };
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const database = await openDatabase(databaseTarget(loadConfig()));
  try {
    const records = (await listSubmissions(database.db, options.filter)).map(toRecord);
    if (options.format === 'json') {
      process.stdout.write(`${JSON.stringify(records, null, 2)}\n`);
    } else {
      process.stdout.write(csvRow(COLUMNS));
      for (const record of records) process.stdout.write(csvRow(COLUMNS.map((column) => record[column])));
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
    console.error(`${error.message}\n\n${USAGE}`);
  } else if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
