import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { type Database, rawQuery } from '../src/db/client';
import { createJobQueue, type JobQueue } from '../src/jobs/job-queue';
import { openTestDatabase } from './test-database';

// Queued mail holds links with live tokens: once a job is done, it must not linger in the database.

let database: Database & { url?: string };
let queue: JobQueue;

beforeAll(async () => {
  database = await openTestDatabase();
  queue = createJobQueue(loadConfig(database.url ? { DATABASE_URL: database.url } : {}), database);
  await queue.boss.start();
  await queue.boss.createQueue('retention-probe');
});
afterAll(async () => {
  await queue?.boss.stop();
  await queue?.drained();
  await database?.close();
});

const count = async (table: 'job' | 'archive', id: string) =>
  (await rawQuery<{ n: number }>(database.db, `select count(*)::int as n from pgboss.${table} where id = $1`, [id]))[0]?.n;

describe('finished jobs', () => {
  it('leave the job table a minute after completing, and the archive at the next maintenance pass', async () => {
    const { boss } = queue;
    const id = await boss.send('retention-probe', { link: 'https://example.com/?token=secret' });
    const [job] = await boss.fetch('retention-probe');
    expect(job?.id).toBe(id);
    await boss.complete('retention-probe', id ?? '');

    await boss.maintain();
    expect(await count('job', id ?? '')).toBe(1);

    // As if the 60 s had passed since completion: the next pass moves it to the archive...
    await rawQuery(database.db, `update pgboss.job set completed_on = now() - interval '61 seconds' where id = $1`, [id]);
    await boss.maintain();
    expect(await count('job', id ?? '')).toBe(0);
    expect(await count('archive', id ?? '')).toBe(1);

    // ...and the one after deletes it for good.
    await rawQuery(database.db, `update pgboss.archive set archived_on = now() - interval '2 seconds' where id = $1`, [id]);
    await boss.maintain();
    expect(await count('archive', id ?? '')).toBe(0);
  });
});
