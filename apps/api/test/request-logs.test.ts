import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import type { Database } from '../src/db/client';
import { startJobs } from '../src/jobs/start-jobs';
import { openTestDatabase } from './test-database';

// Paths with a subscriber's or a message's token in them: whoever reads the log must not be able
// to open the preference centre, unsubscribe someone, or forge their clicks with what it says.
const PREFERENCE_TOKEN = 'Pr3fT0kenAAAAAAAAAAAAA.SigPartBBBBBBBBBBBBBB';
const TRACKING_TOKEN = 'Tr4ckT0kenCCCCCCCCCCCC';

let database: Database & { url?: string };
let jobs: Awaited<ReturnType<typeof startJobs>>;
const lines: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'info', WEB_DIST_DIR: '/nonexistent', ...(database.url ? { DATABASE_URL: database.url } : {}) });
  jobs = await startJobs({ config, database, log: pino({ level: 'silent' }), tuning: { pollingIntervalMs: 200 } });
});
afterAll(async () => {
  await jobs?.stop();
  await database?.close();
});

describe('the request log', () => {
  it('names each request by its route shape, never a token from its path or query', async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const config = loadConfig({ LOG_LEVEL: 'info', WEB_DIST_DIR: '/nonexistent' });
    const app = await buildApp({ config, database, jobs, logStream });
    try {
      const requests = [
        { method: 'GET', url: `/u/${PREFERENCE_TOKEN}` },
        { method: 'GET', url: `/u/${PREFERENCE_TOKEN}/` },
        { method: 'POST', url: `/u/${PREFERENCE_TOKEN}/one-click`, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
        { method: 'GET', url: `/u/${PREFERENCE_TOKEN}/one-click` },
        { method: 'GET', url: `/api/public/v1/preferences/${PREFERENCE_TOKEN}` },
        { method: 'PUT', url: `/api/public/v1/preferences/${PREFERENCE_TOKEN}`, payload: { lists: [] } },
        { method: 'POST', url: `/api/public/v1/preferences/${PREFERENCE_TOKEN}/unsubscribe` },
        { method: 'GET', url: `/t/o/${TRACKING_TOKEN}` },
        { method: 'GET', url: `/t/c/${TRACKING_TOKEN}?u=https%3A%2F%2Fshop.example%2F` },
        { method: 'GET', url: `/confirm-email?token=${TRACKING_TOKEN}` },
      ] as const;
      for (const request of requests) await app.inject(request);
    } finally {
      await app.close();
    }
    const log = lines.join('');
    expect(log).not.toContain('Pr3fT0ken');
    expect(log).not.toContain('SigPart');
    expect(log).not.toContain('Tr4ckT0ken');
    // The tracking routes log only warnings: a line a hit would flood the log.
    const urls = lines.map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } }).filter((line) => line.msg === 'incoming request').map((line) => line.req?.url);
    expect(urls).toEqual([
      '/u/:token',
      '/u/:token/',
      '/u/:token/one-click',
      '/u/:token/one-click',
      '/api/public/v1/preferences/:token',
      '/api/public/v1/preferences/:token',
      '/api/public/v1/preferences/:token/unsubscribe',
      '/confirm-email',
    ]);
  });
});
