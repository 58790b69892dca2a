import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env';
import { openDatabase } from '../db/client';
import { databaseTarget } from '../db/target';
import { liftPause, standingOfAccount } from '../modules/deliverability/sending-standing.repository';
import { isUuid, runCommand, UsageError } from './cli-args';

const USAGE = `Usage: npm run resume-sending -- --customer <account id>

Lifts a guardrail's pause of the account's sending (hard bounces or complaints past the
thresholds), for a pause the customer may not lift themselves: a second one within 30 days of the
last lift. Do it once they have shown what they changed in their list. Their paused campaigns stay
paused until they resume each. Prints the pause it lifted.`;

async function main() {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { customer: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (values.customer === undefined || !isUuid(values.customer)) throw new UsageError('--customer must be the account id (a UUID)');
  const customerId = values.customer.toLowerCase();
  const database = await openDatabase(databaseTarget(loadConfig()));
  try {
    const standing = await standingOfAccount(database.db, customerId);
    if (!standing?.pausedAt || !(await liftPause(database.db, customerId, new Date()))) {
      console.log(`Account ${customerId}: sending is not paused.`);
      return;
    }
    console.log(`Account ${customerId}: lifted the pause of ${standing.pausedAt.toISOString()} (${standing.pauseRule}): ${standing.pauseReason}`);
  } finally {
    await database.close();
  }
}

runCommand(main, USAGE);
