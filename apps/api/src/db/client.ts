import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock';

// The query builder only: no relational schema object, so tables can live in one file per area.
export type Db = PgDatabase<PgQueryResultHKT>;

/**
 * A hand-written, parameterised statement straight to the driver, for tests and tools that read
 * tables the query builder does not know (pg-boss's). PGlite and node-postgres both expose
 * `query(text, params)` answering `{ rows }`. Hot paths use db/prepared-statement.ts instead.
 */
export async function rawQuery<Row>(db: Db, text: string, params: unknown[]): Promise<Row[]> {
  const client = (db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: Row[] }> } }).$client;
  return (await client.query(text, params)).rows;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Any constant works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_ID = 4_242_001;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory' };

/** Opens the database and brings its schema up to date with the committed migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') return openPostgres(target.url);
  return openPglite(target.kind === 'pglite' ? target.dataDir : undefined);
}

async function openPostgres(url: string): Promise<Database> {
  // Several processes may start at once against one server: the advisory lock lets one migrate.
  const migrationClient = new pg.Client({ connectionString: url });
  await migrationClient.connect();
  try {
    await migrationClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client: migrationClient }), { migrationsFolder });
  } finally {
    await migrationClient.end();
  }
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server drops (a restart, a terminated backend) is removed from the pool
  // and replaced on the next query; without a listener its error would end the process.
  pool.on('error', () => {});
  return { db: drizzlePg({ client: pool }), kind: 'postgres', close: () => pool.end() };
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  // Loaded only here: the engine's modules cost a server on PostgreSQL some 45 MB it never uses.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // The extensions the migrations create (CREATE EXTENSION), which PGlite must have loaded first.
  const PGLITE_EXTENSIONS = { pg_trgm };
  let releaseLock = () => {};
  let client: PGlite;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    // PGlite is one process's database: a second opener would corrupt it, so refuse clearly.
    releaseLock = acquireDataDirLock(dataDir);
    client = new PGlite(path.join(dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS });
  } else {
    client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  }
  try {
    const db = drizzlePglite({ client });
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    await client.close().catch(() => {});
    releaseLock();
    throw error;
  }
}
