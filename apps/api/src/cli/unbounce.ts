import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env';
import { openDatabase } from '../db/client';
import { databaseTarget } from '../db/target';
import { undoSmtpBounces } from '../modules/campaigns/bounces.repository';
import { isUuid, runCommand, UsageError } from './cli-args';

const USAGE = `Usage: npm run unbounce -- --customer <account id> --since <ISO time> [--until <ISO time>]

Undoes the bounces that SMTP replies recorded for the account's subscribers in the window (until
now by default): each is marked undone, and a subscriber it left bounced, with no other live hard
bounce and too few live soft ones to stay suppressed, is active again and off the suppression list.
Bounces reported by a relay's webhook and complaints are left alone. Prints what it did.`;


function parseTime(flag: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new UsageError(`--${flag} must be a time such as 2026-11-30T09:00:00Z`);
  return date;
}

function parseOptions(argv: string[], now: Date) {
  const { values } = parseArgs({
    args: argv,
    options: {
      customer: { type: 'string' },
      since: { type: 'string' },
      until: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return { help: true as const };
  if (values.customer === undefined || !isUuid(values.customer)) throw new UsageError('--customer must be the account id (a UUID)');
  const since = parseTime('since', values.since);
  if (!since) throw new UsageError('--since is required: the time the wrongful bounces began');
  const until = parseTime('until', values.until) ?? now;
  if (until <= since) throw new UsageError('--until must be later than --since');
  return { help: false as const, customerId: values.customer.toLowerCase(), since, until };
}

async function main() {
  const now = new Date();
  const options = parseOptions(process.argv.slice(2), now);
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const database = await openDatabase(databaseTarget(config));
  try {
    const rule = { toSuppress: config.SOFT_BOUNCES_TO_SUPPRESS, windowDays: config.SOFT_BOUNCE_WINDOW_DAYS };
    const done = await undoSmtpBounces(database.db, options.customerId, options, now, rule);
    console.log(
      [
        `Account ${options.customerId}, SMTP bounces from ${options.since.toISOString()} to ${options.until.toISOString()}:`,
        `  bounces undone: ${done.bounces}`,
        `  subscribers concerned: ${done.subscribers}`,
        `  active again (suppression lifted): ${done.reactivated}`,
        `  still bounced (other live bounces): ${done.stillBounced}`,
      ].join('\n'),
    );
  } finally {
    await database.close();
  }
}

runCommand(main, USAGE);
