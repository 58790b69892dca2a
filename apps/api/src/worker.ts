import pino from 'pino';
import { ConfigError, loadConfig } from './config/env';
import { checkMailFromResolves } from './mail/mail-from-check';
import { dnsLookup } from './modules/senders/dns-resolver';
import { openDatabase } from './db/client';
import { databaseTarget } from './db/target';
import { startJobs } from './jobs/start-jobs';
import { startFlowEngineFor } from './modules/automations/start-flow-engine';
import { startCampaignSending } from './modules/campaigns/start-campaign-sending';
import { startWebhookSending } from './modules/outgoing-webhooks/start-webhook-sending';
import { startConnectionSync } from './modules/integrations/start-connection-sync';

// `npm run start:worker`: the job workers, the campaign sending engine and the webhook delivery
// worker without the HTTP server,
// for running more senders beside `npm run start:api` on the same PostgreSQL. Every row a sender
// takes is claimed with FOR UPDATE SKIP LOCKED, so any number of these can run at once.
async function main() {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    console.error('npm run start:worker needs DATABASE_URL: the embedded database serves one process only, and `npm start` already runs the workers.');
    process.exit(1);
  }
  await checkMailFromResolves(config, dnsLookup(config.DNS_SERVERS), (message) => console.warn(message));
  const log = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase(databaseTarget(config));
  const jobs = await startJobs({ config, database, log: log.child({ component: 'jobs' }) });
  const sending = await startCampaignSending({ config, db: database.db, mail: jobs.mail, log: log.child({ component: 'campaigns' }) });
  const flows = await startFlowEngineFor({ config, db: database.db, log: log.child({ component: 'flows' }) });
  const webhooks = startWebhookSending({ config, db: database.db, log: log.child({ component: 'webhooks' }) });

  const sync = startConnectionSync({ config, db: database.db, log: log.child({ component: 'sync' }) });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker shutting down');
    await sending.stop();
    await flows.stop();
    await webhooks.stop();
    await sync.stop();
    await jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  log.info(`Postlark worker is running (database: ${database.kind})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('The Postlark worker could not start:', error);
  process.exit(1);
});
