import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { openDatabase } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { databaseTarget } from './db/target';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(databaseTarget(config));
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
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
