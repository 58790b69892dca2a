import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../apps/api/src/app';
import { type AppConfig, loadConfig } from '../apps/api/src/config/env';
import { type Database, openDatabase } from '../apps/api/src/db/client';
import { type Jobs, startJobs } from '../apps/api/src/jobs/start-jobs';
import { secretBoxFrom } from '../apps/api/src/lib/secret-box';
import { platformSettingsFrom } from '../apps/api/src/modules/integrations/platform-clients';
import { PLATFORM_HTTP_DEFAULTS } from '../apps/api/src/modules/integrations/platform-http';
import { SYNC_DEFAULTS, type SyncDeps } from '../apps/api/src/modules/integrations/sync-deps';
import { runSyncPass } from '../apps/api/src/modules/integrations/sync-engine';
import { customerDetails, login, requestLink, sessionCookie, signup, STRONG_PASSWORD, ticketCookie, verify } from '../apps/api/test/support/accounts';
import { type ThrowawayDatabase, throwawayDatabase } from './throwaway-postgres';

// The connected platforms' benches (issue 22 section 5) run the app IN this process, as the tests
// do (buildApp + the job workers, no port; calls through app.inject), with the platforms' fakes
// from the test support code beside it and one clock the bench moves. The sync's passes are run by
// hand (runSyncPass), as the sync worker of server.ts runs them, so the clock decides when polls are due.

export type BenchDatabaseKind = 'pglite' | 'postgres';

/** BENCH_PLATFORM_DB=pglite or =postgres runs one database only (default: both). */
export const benchDatabases = (): BenchDatabaseKind[] =>
  (process.env.BENCH_PLATFORM_DB ?? 'pglite,postgres').split(',').map((kind) => kind.trim()).filter((kind): kind is BenchDatabaseKind => kind === 'pglite' || kind === 'postgres');

export interface BenchClock {
  now: () => Date;
  advance(ms: number): void;
}

/**
 * The app's and the fakes' one clock: real time flows (a platform's rate-limit window resets as it
 * would), and `advance` jumps it forward (the simulated hour's minutes).
 */
export function benchClock(start = new Date('2026-06-01T10:00:00Z')): BenchClock {
  const origin = performance.now();
  let jumped = 0;
  return {
    now: () => new Date(start.getTime() + jumped + Math.floor(performance.now() - origin)),
    advance(ms) {
      jumped += ms;
    },
  };
}

export interface InProcessApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  description: string;
  close(): Promise<void>;
}

/** The whole app on a fresh database (PGlite on disk, as `npm start` runs it, or a throwaway PostgreSQL). */
export async function startInProcessApp(kind: BenchDatabaseKind, settings: Record<string, string>, now: () => Date): Promise<InProcessApp> {
  let dataDir: string | undefined;
  let postgres: ThrowawayDatabase | undefined;
  let database: Database;
  if (kind === 'pglite') {
    dataDir = mkdtempSync(path.join(tmpdir(), 'postlark-bench-platform-'));
    database = await openDatabase({ kind: 'pglite', dataDir });
  } else {
    postgres = await throwawayDatabase();
    database = await openDatabase({ kind: 'postgres', url: postgres.url });
  }
  // No SMTP_URL: mail goes to the dev outbox, where the sign-up link is read.
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    SECRETS_KEY: randomBytes(32).toString('base64'),
    EMAIL_SEND_LIMIT_PER_MINUTE: '1000',
    API_REQUESTS_PER_MINUTE: '100000',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...settings,
  });
  const jobs: Jobs = await startJobs({ config, database, log: pino({ level: 'silent' }), tuning: { pollingIntervalMs: 200 }, now });
  const app = await buildApp({ config, database, jobs, now });
  return {
    app,
    database,
    config,
    description: kind === 'pglite' ? 'PGlite on disk (a temporary DATA_DIR)' : (postgres?.description ?? 'PostgreSQL'),
    async close() {
      await app.close();
      await jobs.stop();
      await database.close();
      await postgres?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One call to `/api/{url}` with the session cookie; a non-2xx answer throws. */
export async function call<T = Record<string, unknown>>(app: FastifyInstance, cookie: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object | string | Buffer, contentType?: string): Promise<T> {
  const response = await app.inject({ method, url: `/api/${url}`, headers: { cookie, ...(contentType && { 'content-type': contentType }) }, ...(payload !== undefined && { payload }) });
  if (response.statusCode >= 300) throw new Error(`${method} /api/${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  return response.json().payload as T;
}

/** A customer through the real sign-up journey (the link read from the dev outbox), signed in: their session cookie. */
export async function signedInCustomer(app: FastifyInstance, email: string): Promise<string> {
  const asked = await requestLink(app, email, 'sign-up');
  if (asked.statusCode !== 200) throw new Error(`email-send answered ${asked.statusCode}`);
  let token: string | undefined;
  for (let tries = 0; tries < 100 && !token; tries += 1) {
    const messages = (await app.inject({ method: 'GET', url: `/dev/mailbox/messages.json?to=${encodeURIComponent(email)}` })).json() as Array<{ text: string }>;
    for (const message of messages) token ??= /\/signup\?token=([^&\s]+)&email=/.exec(message.text)?.[1];
    if (!token) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!token) throw new Error(`no sign-up mail to ${email} reached the dev outbox`);
  const verified = await verify(app, email, decodeURIComponent(token));
  if (verified.statusCode !== 200) throw new Error(`email-verification answered ${verified.statusCode}`);
  const made = await signup(app, customerDetails(email), ticketCookie(verified.headers['set-cookie']));
  if (made.statusCode !== 201) throw new Error(`signup answered ${made.statusCode}: ${made.body.slice(0, 300)}`);
  const signedIn = await login(app, email, STRONG_PASSWORD);
  if (signedIn.statusCode !== 200) throw new Error(`login answered ${signedIn.statusCode}`);
  return sessionCookie(signedIn.headers['set-cookie']);
}

/** The sync worker's dependencies as startConnectionSync makes them, on the bench's clock; polling only (no https APP_URL). */
export function syncDeps(config: AppConfig, database: Database, now: () => Date): SyncDeps {
  return {
    db: database.db,
    now,
    secrets: secretBoxFrom(config),
    platforms: { ...platformSettingsFrom(config), http: PLATFORM_HTTP_DEFAULTS },
    settings: { ...SYNC_DEFAULTS, pollEveryMs: config.CONNECTION_POLL_SECONDS * 1000, abLookEveryMs: config.AB_LOOK_EVERY_SECONDS * 1000 },
    webhookBaseUrl: null,
    log: { warn: () => {}, error: (object, message) => console.error(message, object) },
  };
}

/** Passes until nothing is left to do now, as the worker loops; answers how many worked. */
export async function syncUntilIdle(deps: SyncDeps, maxPasses = 100_000): Promise<number> {
  let worked = 0;
  while (worked < maxPasses && (await runSyncPass(deps))) worked += 1;
  return worked;
}

/** Time spent waiting on fetch (the platforms' answers) in this process, so the rest of a pass can be told apart. */
export function fetchTimer(): { totalMs(): number; restore(): void } {
  const original = globalThis.fetch;
  let total = 0;
  globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
    const started = performance.now();
    try {
      return await original(...args);
    } finally {
      total += performance.now() - started;
    }
  };
  return {
    totalMs: () => total,
    restore: () => {
      globalThis.fetch = original;
    },
  };
}

/** Statements sent to the database and the time they took, counted at the driver (PGlite's or pg's query). */
export function statementTimer(database: Database): { count(): number; totalMs(): number; restore(): void } {
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const original = client.query;
  let count = 0;
  let total = 0;
  client.query = async function timed(this: unknown, ...args: unknown[]) {
    const started = performance.now();
    count += 1;
    try {
      return await original.apply(this, args);
    } finally {
      total += performance.now() - started;
    }
  };
  return {
    count: () => count,
    totalMs: () => total,
    restore: () => {
      client.query = original;
    },
  };
}

export const rssMb = () => process.memoryUsage().rss / 1024 / 1024;
