import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rawQuery } from '../src/db/client';
import { preparedStatement } from '../src/db/prepared-statement';
import { openTestDatabase } from './test-database';

// The hot paths' statements bypass the query builder (and, on PGlite, PGlite's own query), so the
// values they store and the errors they raise are checked here on both databases.

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await rawQuery(database.db, 'create table prepared_probe (id int primary key, label text, at timestamptz)', []);
});
afterAll(async () => {
  await database?.close();
});

const insertProbes = preparedStatement<{ id: number; label: string | null; at: Date | null }>(
  'prepared_probe_insert',
  `insert into prepared_probe (id, label, at)
   select * from unnest($1::int4[], $2::text[], $3::timestamptz[])
   returning id, label, at`,
  ['int4[]', 'text[]', 'timestamptz[]'],
);

describe('preparedStatement', () => {
  it('stores awkward strings, nulls and times exactly, and answers the returned rows typed', async () => {
    const labels = ['a "quoted", {braced} label', 'back\\slash', null, 'NULL', ''];
    const times = ['2026-03-29T01:30:00.000Z', null, '2026-11-23T12:00:00.000Z', null, null];
    const returned = await insertProbes(database.db, [[1, 2, 3, 4, 5], labels, times]);

    expect(returned.map((row) => row.id)).toEqual([1, 2, 3, 4, 5]);
    expect(returned[0]?.at).toBeInstanceOf(Date);
    const stored = await rawQuery<{ label: string | null; at: Date | null }>(database.db, 'select label, at from prepared_probe order by id', []);
    expect(stored.map((row) => row.label)).toEqual(labels);
    expect(stored.map((row) => row.at?.toISOString() ?? null)).toEqual(times);
  });

  it('reports a failing statement and leaves the connection usable for the next one', async () => {
    await expect(insertProbes(database.db, [[1], ['again'], [null]])).rejects.toMatchObject({ code: '23505' });
    expect(await insertProbes(database.db, [[6], ['after the error'], [null]])).toEqual([{ id: 6, label: 'after the error', at: null }]);
    const [count] = await rawQuery<{ n: number }>(database.db, 'select count(*)::int as n from prepared_probe', []);
    expect(count?.n).toBe(6);
  });

  it('refuses a call with the wrong number of parameters before reaching the database', async () => {
    await expect(insertProbes(database.db, [[7]])).rejects.toThrow('prepared_probe_insert takes 3 parameters, got 1');
  });
});
