import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { type AppDependencies, buildApp } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config/env';
import type { Database } from '../src/db/client';
import { type JobTuning, startJobs } from '../src/jobs/start-jobs';
import type { MailService } from '../src/mail/mail-service';
import { openTestDatabase } from './test-database';
import { platformDkimSettings } from './support/dkim-key';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The settings the app was built with. */
  config: AppConfig;
  /** The app's own mail queue: what the routes enqueue goes through the real workers and transport. */
  mail: MailService;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Mail queue settings; by default workers poll often and retry after 1 s, so tests wait little. */
  jobs?: JobTuning;
  /** The app's clock (see AppDependencies.now). */
  now?: () => Date;
  /** The DNS look-ups of sending domains (see AppDependencies.dns); DNS_SERVERS in the settings does it for real. */
  dns?: AppDependencies['dns'];
  /** Where the request log goes (see AppDependencies.logStream), with LOG_LEVEL set. */
  logStream?: AppDependencies['logStream'];
}

const TEST_JOB_TUNING: JobTuning = { pollingIntervalMs: 200, retry: { retryDelay: 1, retryBackoff: false }, stopTimeoutMs: 5_000 };

/**
 * The whole app on a fresh database, without a port; tests talk to it through app.inject. Mail
 * runs the real pipeline (pg-boss queue, workers, transport): the dev outbox, or the relay at
 * `SMTP_URL` when the settings give one (a test SMTP server, see support/smtp-server.ts).
 */
export async function buildTestApp(settings: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  // On PostgreSQL the queue connects by URL, as with DATABASE_URL in production.
  // The platform's own DKIM key for lark.example, the operator's domain: the confirmed address
  // campaign tests send From (news@lark.example) may be a From because the platform signs for it.
  // Imports check their addresses' domains only where a test asks (with DNS_SERVERS at its own DNS
  // server, support/dns-server.ts): the machines tests run on may resolve no public name at all.
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    IMPORT_CHECK_DOMAINS: 'false',
    ...platformDkimSettings(),
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...settings,
  });
  const jobs = await startJobs({ config, database, log: pino({ level: config.LOG_LEVEL }), tuning: { ...TEST_JOB_TUNING, ...options.jobs }, now: options.now });
  const app = await buildApp({ config, database, jobs, now: options.now, dns: options.dns, logStream: options.logStream });
  return {
    app,
    database,
    config,
    mail: jobs.mail,
    async close() {
      await app.close();
      await jobs.stop();
      await database.close();
    },
  };
}
