import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { insertSubmissions } from '../src/modules/waitlist/waitlist.repository';
import { openTestDatabase } from './test-database';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'postlark-cli-'));
let databaseEnv: Record<string, string | undefined>;
let cleanUp: () => Promise<void>;

beforeAll(async () => {
  // The CLI opens the database itself: an on-disk PGlite (closed again below, as PGlite has one
  // owner at a time) or a database on the PostgreSQL test server.
  const database =
    process.env.TEST_DB === 'postgres' ? await openTestDatabase() : await openDatabase({ kind: 'pglite', dataDir });
  const rows: { status: 'Waitlist' | 'Contact'; email: string; message: string; createdAt: Date }[] = [
    { status: 'Waitlist', email: 'old@example.com', message: '', createdAt: new Date('2025-12-31T23:00:00Z') },
    { status: 'Waitlist', email: 'first@example.com', message: '', createdAt: new Date('2026-02-01T10:00:00Z') },
    { status: 'Contact', email: 'asker@example.com', message: '=HYPERLINK("x"), "quoted"\nline two', createdAt: new Date('2026-03-01T10:00:00Z') },
    { status: 'Waitlist', email: 'newest@example.com', message: '', createdAt: new Date('2026-04-01T10:00:00Z') },
  ];
  await insertSubmissions(database.db, rows.map((row) => ({ ...row, userAgent: 'Test', ipHash: 'f'.repeat(64) })));
  if (process.env.TEST_DB === 'postgres') {
    databaseEnv = { DATABASE_URL: (database as { url?: string }).url };
    cleanUp = () => database.close();
  } else {
    await database.close();
    databaseEnv = { DATA_DIR: dataDir, DATABASE_URL: '' };
    cleanUp = async () => {};
  }
});

afterAll(async () => {
  await cleanUp();
  rmSync(dataDir, { recursive: true, force: true });
});

async function submissions(...args: string[]) {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/submissions.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...databaseEnv },
  });
  return stdout;
}

describe('npm run submissions', () => {
  it('prints the Waitlist joins since a date as CSV, newest first', async () => {
    const csv = await submissions('--status', 'Waitlist', '--since', '2026-01-01');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('created_at,status,email,message,user_agent,ip_hash,customer_id');
    expect(lines.slice(1, -1).map((line) => line.split(',')[2])).toEqual(['newest@example.com', 'first@example.com']);
    expect(lines.at(-1)).toBe('');
  });

  it('quotes and defuses a formula-like message', async () => {
    const csv = await submissions('--status', 'Contact');
    expect(csv).toContain(`"'=HYPERLINK(""x""), ""quoted""\nline two"`);
  });

  it('prints JSON with --format json', async () => {
    const records = JSON.parse(await submissions('--format', 'json'));
    expect(records.map((record: { email: string }) => record.email)).toEqual([
      'newest@example.com',
      'asker@example.com',
      'first@example.com',
      'old@example.com',
    ]);
    expect(records[1]).toMatchObject({ status: 'Contact', created_at: '2026-03-01T10:00:00.000Z' });
  });

  it('refuses an unknown status with the usage text', async () => {
    await expect(submissions('--status', 'Everyone')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--status must be one of Waitlist, Contact'),
    });
  });
});
