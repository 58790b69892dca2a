import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rawQuery } from '../src/db/client';
import { recordBounce } from '../src/modules/campaigns/bounces.repository';
import { openTestDatabase } from './test-database';

// The operator's commands. Issue 30, point 3: `npm run unbounce` undoes the bounces an account's
// SMTP replies recorded in a window (a relay's refusal of the sender taken for its readers'),
// lifting the suppressions they made. Issue 32: `npm run resume-sending` lifts a guardrail's pause
// the customer may not lift themselves.

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'postlark-unbounce-'));
const WINDOW_START = new Date('2026-11-30T09:00:00Z');
let databaseEnv: Record<string, string | undefined>;
let reopen: () => Promise<Database>;
let cleanUp: () => Promise<void>;
const ids = { customer: '', other: '', wronged: [] as string[], webhookBounced: '', earlier: '', softly: '', othersReader: '' };

async function customer(db: Database['db'], email: string): Promise<string> {
  const rows = await rawQuery<{ id: string }>(
    db,
    `insert into customers (email, password_hash, first_name, gender, dob, country) values ($1, 'x', 'Ada', 'female', '1990-01-01', 'GB') returning id`,
    [email],
  );
  return rows[0]!.id;
}

async function subscriber(db: Database['db'], customerId: string, email: string): Promise<string> {
  const rows = await rawQuery<{ id: string }>(
    db,
    `insert into subscribers (customer_id, email, status, created_at, updated_at, consent_source, consent_at, confirmed_at)
     values ($1::uuid, $2, 'active', now(), now(), 'import', now(), now()) returning id`,
    [customerId, email],
  );
  return rows[0]!.id;
}

const smtpBounce = (subscriberId: string, at: Date, kind: 'hard' | 'soft' = 'hard') => ({
  subscriberId,
  campaignId: null,
  kind,
  source: 'smtp' as const,
  detail: '554 Message rejected: Email address is not verified.',
  at,
});

beforeAll(async () => {
  const database = process.env.TEST_DB === 'postgres' ? await openTestDatabase() : await openDatabase({ kind: 'pglite', dataDir });
  const { db } = database;
  ids.customer = await customer(db, `ada-${process.pid}@acme.example`);
  ids.other = await customer(db, `bo-${process.pid}@acme.example`);
  const inWindow = new Date(WINDOW_START.getTime() + 60_000);
  // The relay's refusal, recorded as three readers' hard bounces.
  for (const name of ['one', 'two', 'three']) {
    const id = await subscriber(db, ids.customer, `${name}@readers.example`);
    ids.wronged.push(id);
    await recordBounce(db, smtpBounce(id, inWindow));
  }
  // A receiver's own report (webhook) of a hard bounce, in the window too: it stands.
  ids.webhookBounced = await subscriber(db, ids.customer, 'gone@readers.example');
  await recordBounce(db, { ...smtpBounce(ids.webhookBounced, inWindow), source: 'webhook', detail: '550 5.1.1 user unknown' });
  await recordBounce(db, smtpBounce(ids.webhookBounced, inWindow));
  // An SMTP bounce before the window: it stands.
  ids.earlier = await subscriber(db, ids.customer, 'earlier@readers.example');
  await recordBounce(db, smtpBounce(ids.earlier, new Date(WINDOW_START.getTime() - 60_000)));
  // Soft bounces: one live one from before the window and four within, enough to suppress (SOFT_BOUNCE_RULE): once those are undone, too few to stay suppressed.
  ids.softly = await subscriber(db, ids.customer, 'softly@readers.example');
  await recordBounce(db, smtpBounce(ids.softly, new Date(WINDOW_START.getTime() - 60_000), 'soft'));
  for (const minutes of [1, 2, 3, 4]) await recordBounce(db, smtpBounce(ids.softly, new Date(WINDOW_START.getTime() + minutes * 60_000), 'soft'));
  // Another account's reader, bounced in the same window: not this account's to undo.
  ids.othersReader = await subscriber(db, ids.other, 'one@readers.example');
  await recordBounce(db, smtpBounce(ids.othersReader, inWindow));
  // The other account's sending, paused a second time within 30 days of its last lift.
  await rawQuery(
    db,
    `insert into account_sending (customer_id, warmup_started_at, paused_at, pause_rule, pause_reason, resumed_at, pauses)
     values ($1::uuid, now() - interval '20 days', now(), 'complaints', 'Sending is paused: 0.52% of the messages you sent in the last 7 days were reported as spam.', now() - interval '3 days', 2)`,
    [ids.other],
  );
  if (process.env.TEST_DB === 'postgres') {
    databaseEnv = { DATABASE_URL: (database as { url?: string }).url };
    reopen = async () => database;
    cleanUp = () => database.close();
  } else {
    // PGlite has one owner at a time: the CLI opens it itself.
    await database.close();
    databaseEnv = { DATA_DIR: dataDir, DATABASE_URL: '' };
    reopen = () => openDatabase({ kind: 'pglite', dataDir });
    cleanUp = async () => {};
  }
});

afterAll(async () => {
  await cleanUp();
  rmSync(dataDir, { recursive: true, force: true });
});

async function command(file: string, args: string[]) {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', `apps/api/src/cli/${file}`, ...args], { cwd: repoRoot, env: { ...process.env, ...databaseEnv } });
  return stdout;
}
const unbounce = (...args: string[]) => command('unbounce.ts', args);
const resumeSending = (...args: string[]) => command('resume-sending.ts', args);

describe('npm run unbounce', () => {
  it('refuses a missing account or time with the usage text', async () => {
    await expect(unbounce('--since', '2026-11-30T09:00:00Z')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('--customer must be the account id') });
    await expect(unbounce('--customer', '0190c3c4-0000-7000-8000-000000000000', '--since', 'yesterday')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--since must be a time'),
    });
  });

  it('undoes the account’s SMTP bounces in the window and makes active again those they alone suppressed, saying what it did', async () => {
    const output = await unbounce('--customer', ids.customer, '--since', WINDOW_START.toISOString(), '--until', '2026-12-01T00:00:00Z');
    expect(output).toContain('bounces undone: 8');
    expect(output).toContain('subscribers concerned: 5');
    expect(output).toContain('active again (suppression lifted): 4');
    expect(output).toContain('still bounced (other live bounces): 1');

    const database = await reopen();
    try {
      const statuses = await rawQuery<{ id: string; status: string }>(database.db, `select id, status from subscribers where id = any($1::uuid[])`, [
        [...ids.wronged, ids.webhookBounced, ids.earlier, ids.softly, ids.othersReader],
      ]);
      const statusOf = (id: string) => statuses.find((row) => row.id === id)?.status;
      expect(ids.wronged.map(statusOf)).toEqual(['active', 'active', 'active']);
      expect(statusOf(ids.softly)).toBe('active');
      expect(statusOf(ids.webhookBounced)).toBe('bounced');
      expect(statusOf(ids.earlier)).toBe('bounced');
      expect(statusOf(ids.othersReader)).toBe('bounced');
      const suppressed = await rawQuery<{ customer_id: string; n: number }>(database.db, `select customer_id, count(*)::int as n from suppressions group by customer_id`, []);
      expect(Object.fromEntries(suppressed.map((row) => [row.customer_id, row.n]))).toEqual({ [ids.customer]: 2, [ids.other]: 1 });
      const undone = await rawQuery<{ n: number }>(database.db, `select count(*)::int as n from campaign_bounces where undone_at is not null`, []);
      expect(undone[0]!.n).toBe(8);
      // Undone soft bounces no longer count: one more soft bounce makes two live ones, and the reader stays active.
      await recordBounce(database.db, smtpBounce(ids.softly, new Date('2026-12-01T10:00:00Z'), 'soft'));
      const [softly] = await rawQuery<{ status: string }>(database.db, `select status from subscribers where id = $1::uuid`, [ids.softly]);
      expect(softly!.status).toBe('active');
    } finally {
      if (process.env.TEST_DB !== 'postgres') await database.close();
    }

    // A second run finds nothing left to undo.
    expect(await unbounce('--customer', ids.customer, '--since', WINDOW_START.toISOString(), '--until', '2026-12-01T00:00:00Z')).toContain('bounces undone: 0');
  });
});

describe('npm run resume-sending', () => {
  it('lifts a pause only support may lift, says which, and finds nothing the second time', async () => {
    await expect(resumeSending('--customer', 'someone')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('--customer must be the account id') });
    expect(await resumeSending('--customer', ids.other)).toContain('(complaints): Sending is paused: 0.52%');
    const database = await reopen();
    try {
      const [standing] = await rawQuery<{ paused_at: string | null; resume_day: string | null }>(database.db, `select paused_at, resume_day::text from account_sending where customer_id = $1::uuid`, [ids.other]);
      expect(standing).toMatchObject({ paused_at: null, resume_day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    } finally {
      if (process.env.TEST_DB !== 'postgres') await database.close();
    }
    expect(await resumeSending('--customer', ids.other)).toContain('sending is not paused');
  });
});
