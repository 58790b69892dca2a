import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { type Database, rawQuery } from '../src/db/client';
import { type Jobs, startJobs } from '../src/jobs/start-jobs';
import { sendEmailJob } from '../src/jobs/send-email.job';
import { eventually } from './support/eventually';
import { freeSmtpPort, startTestSmtpServer, type TestSmtpServer } from './support/smtp-server';
import { openTestDatabase } from './test-database';

const LINK = 'http://localhost:3000/forget-password?token=abc&email=late%40example.com';

// Each test owns its database, queue and relay, and leaves nothing running.
let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function database(): Promise<Database & { url?: string }> {
  const opened = await openTestDatabase();
  cleanups.push(() => opened.close());
  return opened;
}

async function jobs(db: Database & { url?: string }, smtpUrl: string): Promise<Jobs> {
  const config = loadConfig({ LOG_LEVEL: 'silent', SMTP_URL: smtpUrl, ...(db.url ? { DATABASE_URL: db.url } : {}) });
  const started = await startJobs({
    config,
    database: db,
    log: pino({ level: 'silent' }),
    tuning: { pollingIntervalMs: 100, retry: { retryDelay: 1, retryBackoff: false }, stopTimeoutMs: 5_000 },
  });
  cleanups.push(() => started.stop());
  return started;
}

async function relay(port: number): Promise<TestSmtpServer> {
  const server = await startTestSmtpServer({ port });
  cleanups.push(() => server.stop());
  return server;
}

interface JobRow {
  state: string;
  retry_count: number;
}
const jobRows = (db: Database) => rawQuery<JobRow>(db.db, `select state, retry_count from pgboss.job where name = $1`, [sendEmailJob.name]);

describe('a relay that is down', () => {
  it('delays the message, which arrives once the relay is back', async () => {
    const port = await freeSmtpPort();
    const db = await database();
    const queue = await jobs(db, `smtp://127.0.0.1:${port}`);

    // Queued durably at once, though nothing listens on the relay's port.
    await queue.mail.enqueue({ template: 'password-reset', to: 'late@example.com', link: LINK });
    await eventually(async () => ((await jobRows(db)).some((row) => row.state === 'retry' && row.retry_count >= 1) ? true : undefined), {
      what: 'a failed attempt queued for retry',
    });

    const smtp = await relay(port);
    const mail = await smtp.waitForMessage('late@example.com', { timeoutMs: 15_000 });
    expect(mail.subject).toBe('Reset your Postlark password');
    expect(mail.text).toContain(LINK);
    expect(smtp.messagesTo('late@example.com')).toHaveLength(1);
    await eventually(async () => ((await jobRows(db)).every((row) => row.state === 'completed') ? true : undefined), {
      what: 'the job completing',
    });
  });

  it('loses nothing across a restart: a message queued before the stop is sent by the next process', async () => {
    const port = await freeSmtpPort();
    const db = await database();
    const first = await jobs(db, `smtp://127.0.0.1:${port}`);
    await first.mail.enqueue({ template: 'signup-verification', to: 'patient@example.com', link: LINK });
    await first.stop();
    expect((await jobRows(db)).map((row) => row.state)).not.toContain('completed');

    const smtp = await relay(port);
    await jobs(db, smtp.url);
    const mail = await smtp.waitForMessage('patient@example.com', { timeoutMs: 15_000 });
    expect(mail.subject).toBe('Verify your email to finish signing up for Postlark');
  });

  it('retries by default 10 times from 5 s with exponential backoff', () => {
    expect(sendEmailJob.retry).toEqual({ retryLimit: 10, retryDelay: 5, retryBackoff: true });
  });
});
