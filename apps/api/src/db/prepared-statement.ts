import type * as PgliteModule from '@electric-sql/pglite';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Db } from './client';

/** Parameter types a prepared statement can declare, by PostgreSQL type OID; add one when needed. */
const PARAM_TYPE = {
  'int4[]': 1007,
  'text[]': 1009,
  'timestamptz[]': 1185,
} as const;
export type ParamType = keyof typeof PARAM_TYPE;

export type PreparedStatement<Row> = (db: Db, params: readonly unknown[]) => Promise<Row[]>;

/**
 * A named, parameterised statement for the hottest paths (the waitlist's group insert), parsed
 * and planned once per connection instead of on every call.
 *
 * On PGlite this also saves most of the per-statement cost: `PGlite.query` makes six trips into
 * the WebAssembly engine (parse, describe, bind, describe, execute, sync), a few hundred
 * microseconds of this thread's time even for `select 1`. Here the bind, describe, execute and
 * sync go in one protocol message, which the engine runs in one trip. On PostgreSQL node-postgres
 * prepares the name once on each pooled connection.
 */
export function preparedStatement<Row>(name: string, text: string, paramTypes: readonly ParamType[]): PreparedStatement<Row> {
  const oids = paramTypes.map((type) => PARAM_TYPE[type]);
  return async (db, params) => {
    if (params.length !== oids.length) throw new Error(`${name} takes ${oids.length} parameters, got ${params.length}`);
    const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
    if ('execProtocol' in client) return runOnPglite<Row>(client, name, text, oids, params);
    const result = await client.query<Row & pg.QueryResultRow>({ name, text, values: params as unknown[] });
    return result.rows;
  };
}

// The engine's module, loaded with the first statement run on it: a server on PostgreSQL never
// loads it (see db/client.ts).
let pglite: typeof PgliteModule | undefined;

// The statement names each PGlite instance has parsed; the engine keeps them until it closes.
const parsedOnPglite = new WeakMap<PGlite, Set<string>>();

// PGlite's own serialisers and parsers (by type OID) and its two locks, which `query` takes in
// this order so that a statement never runs inside someone else's transaction.
interface PgliteInternals {
  serializers: Record<number, (value: unknown) => string>;
  parsers: Parameters<typeof PgliteModule.parse.parseResults>[1];
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
}

async function runOnPglite<Row>(
  client: PGlite,
  name: string,
  text: string,
  oids: readonly number[],
  params: readonly unknown[],
): Promise<Row[]> {
  const internals = client as unknown as PgliteInternals;
  const { parse, protocol } = (pglite ??= await import('@electric-sql/pglite'));
  const serialize = protocol.serialize;
  const values = params.map((value, index) => {
    if (value === null || value === undefined) return null;
    const serializer = internals.serializers[oids[index] as number];
    return serializer ? serializer(value) : String(value);
  });
  return internals._runExclusiveTransaction(() =>
    internals._runExclusiveQuery(async () => {
      let parsed = parsedOnPglite.get(client);
      if (!parsed) parsedOnPglite.set(client, (parsed = new Set()));
      if (!parsed.has(name)) {
        await client.execProtocol(concat([serialize.parse({ name, text, types: [...oids] }), serialize.sync()]));
        parsed.add(name);
      }
      const { messages } = await client.execProtocol(
        concat([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      );
      return (parse.parseResults(messages, internals.parsers)[0]?.rows ?? []) as Row[];
    }),
  );
}

function concat(parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
