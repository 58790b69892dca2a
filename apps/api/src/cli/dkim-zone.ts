import { ConfigError, loadConfig } from '../config/env';
import { openDatabase } from '../db/client';
import { DataDirInUseError } from '../db/data-dir-lock';
import { databaseTarget } from '../db/target';
import { delegatedZoneLine } from '../modules/senders/domain-records';
import { publicKeys } from '../modules/senders/senders.repository';

// `npm run dkim-zone`: with DKIM_DELEGATION, customers' DKIM names are CNAMEs to
// <selector>._domainkey.<DKIM_DOMAIN>; this prints those TXT records as zone-file lines for the
// operator's DNS (pipe it into the zone, or an API of the DNS provider). Public keys only.

async function main() {
  const config = loadConfig();
  if (!config.DKIM_DELEGATION || !config.DKIM_DOMAIN) {
    console.error('npm run dkim-zone needs DKIM_DELEGATION=true and DKIM_DOMAIN: without delegation each customer publishes their own key.');
    process.exit(2);
  }
  const database = await openDatabase(databaseTarget(config));
  try {
    const keys = await publicKeys(database.db);
    console.log(`; ${keys.length} delegated DKIM keys under ${config.DKIM_DOMAIN}`);
    for (const key of keys) console.log(`; ${key.domain}\n${delegatedZoneLine(key.selector, key.publicKey, config.DKIM_DOMAIN)}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) console.error(error.message);
  else console.error('dkim-zone failed:', error);
  process.exit(1);
});
