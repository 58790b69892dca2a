import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { checkMailFromResolves } from './mail/mail-from-check';
import { dnsLookup } from './modules/senders/dns-resolver';
import { openDatabase } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { databaseTarget } from './db/target';
import { startJobs } from './jobs/start-jobs';
import { startFlowEngineFor } from './modules/automations/start-flow-engine';
import { startCampaignSending } from './modules/campaigns/start-campaign-sending';
import { startWebhookSending } from './modules/outgoing-webhooks/start-webhook-sending';
import { startConnectionSync } from './modules/integrations/start-connection-sync';
import { startInboundReceiver } from './modules/inbound/start-inbound-receiver';

async function main() {
  const config = loadConfig();
  await checkMailFromResolves(config, dnsLookup(config.DNS_SERVERS), (message) => console.warn(message));
  const database = await openDatabase(databaseTarget(config));
  // The queue and its workers run in this process; requests only queue jobs (see jobs/start-jobs.ts).
  const jobs = await startJobs({
    config,
    database,
    log: pino({ level: config.LOG_LEVEL }).child({ component: 'jobs' }),
    tuning: { runWorkers: config.RUN_WORKERS },
  });
  const app = await buildApp({ config, database, jobs });
  // The campaign sending engine runs here too by default (modules/campaigns/campaign-sender.ts).
  const sending = config.RUN_WORKERS
    ? await startCampaignSending({ config, db: database.db, mail: jobs.mail, log: pino({ level: config.LOG_LEVEL }).child({ component: 'campaigns' }) })
    : { stop: async () => {} };
  // And the automation engine (modules/automations/flow-engine.ts).
  const flows = config.RUN_WORKERS
    ? await startFlowEngineFor({ config, db: database.db, log: pino({ level: config.LOG_LEVEL }).child({ component: 'flows' }) })
    : { stop: async () => {} };
  // So does the delivery of the customers' outgoing webhooks (modules/outgoing-webhooks).
  const webhooks = config.RUN_WORKERS
    ? startWebhookSending({ config, db: database.db, log: pino({ level: config.LOG_LEVEL }).child({ component: 'webhooks' }) })
    : { stop: async () => {} };

  // And the connected platforms' sync (modules/integrations/sync-engine.ts).
  const sync = config.RUN_WORKERS
    ? startConnectionSync({ config, db: database.db, log: pino({ level: config.LOG_LEVEL }).child({ component: 'sync' }) })
    : { stop: async () => {} };

  // The inbound receiver for BOUNCE_DOMAIN, where INBOUND_SMTP_PORT is set (modules/inbound/).
  const inboundLog = pino({ level: config.LOG_LEVEL }).child({ component: 'inbound' });
  const inbound = await startInboundReceiver({ config, db: database.db, log: inboundLog });
  if (inbound) inboundLog.info({ port: inbound.port }, 'inbound receiver is listening');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await inbound?.stop();
    // After the app (no request can queue more), before the database (a delivery may be finishing).
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

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Postlark is ready (database: ${database.kind}); emailed links use ${config.APP_URL}`);
}

main().catch((error: unknown) => {
  // Known start-up problems get their message alone; anything else its stack, to be fixed.
  if (error instanceof ConfigError || error instanceof DataDirInUseError) console.error(error.message);
  else console.error('Postlark could not start:', error);
  process.exit(1);
});
