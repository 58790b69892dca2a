import pg from 'pg';
import { type ApiServer, createApiKey, createCustomer, signIn, startApiServer } from './api-client';
import { processTreeCpuMs } from './cpu-time';
import { memoryMb } from './process-memory';
import { type ThrowawayDatabase, throwawayDatabase } from './throwaway-postgres';
import { seededRandom } from '@postlark/shared/testing/seeded-random';

/**
 * Events through POST /api/v1/events on PostgreSQL: a million realistic events in calls of 5,000
 * (two in flight, as a shop's exporter would send them), the server's peak memory, then what a
 * million and ten million events cost on disk. The baseline, in the same run on the same database:
 * the same rows written straight into a plain table by one client in the same batches, i.e. what
 * PostgreSQL alone does, so the figure says what the API adds.
 */

export const EVENTS_INGEST = { events: 1_000_000, perCall: 5_000, inFlight: 4, people: 50_000, topUpTo: 10_000_000 } as const;
export const EVENTS_INGEST_TARGETS = { eventsPerSecond: 50_000, serverPeakRssMb: 500 } as const;

export interface EventsIngestReport {
  database: string;
  seconds: number;
  eventsPerSecond: number;
  accepted: number;
  serverPeakRssMb: number | undefined;
  serverCpuSeconds: number | undefined;
  databaseCpuSeconds: number | undefined;
  baselineEventsPerSecond: number;
  bytesPerMillion: { events: number; keys: number };
  tenMillion: { events: number; keys: number; rows: number; topUpSeconds: number };
  problems: string[];
}

const NAMES = ['product_viewed', 'product_viewed', 'product_viewed', 'product_viewed', 'product_viewed', 'product_viewed', 'email_opened', 'email_opened', 'email_clicked', 'order_placed'];
const YEAR_MS = 365 * 86_400_000;


interface BenchEvent {
  name: string;
  email: string;
  id: string;
  occurred_at: string;
  properties: Record<string, unknown>;
  value?: number;
  currency?: string;
}

function makeEvent(next: () => number, index: number, end: number): BenchEvent {
  const name = NAMES[Math.floor(next() * NAMES.length)]!;
  const person = Math.floor(next() * EVENTS_INGEST.people);
  const product = `sku-${Math.floor(next() * 2_000)}`;
  const event: BenchEvent = { name, email: `shopper${person}@bench.example`, id: `e${index}`, occurred_at: new Date(end - Math.floor(next() * YEAR_MS)).toISOString(), properties: {} };
  if (name === 'product_viewed') event.properties = { product_id: product, url: `https://shop.example/p/${product}` };
  if (name === 'email_opened' || name === 'email_clicked') {
    event.properties = { campaign_ref: `mc-${Math.floor(next() * 200)}`, user_agent: next() < 0.5 ? 'Mozilla/5.0' : 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36' };
  }
  if (name === 'order_placed') {
    const price = Math.round(next() * 20_000) / 100;
    Object.assign(event, { value: price, currency: 'EUR', properties: { order_id: `o${index}`, items: [{ product_id: product, quantity: 1, price }] } });
  }
  return event;
}

async function postCalls(api: ApiServer, key: string, bodies: readonly string[]): Promise<{ accepted: number; problems: string[] }> {
  let nextIndex = 0;
  let accepted = 0;
  const problems: string[] = [];
  async function lane() {
    while (nextIndex < bodies.length) {
      const body = bodies[nextIndex++]!;
      const response = await fetch(`${api.server.url}/api/v1/events`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(120_000),
      });
      const text = await response.text();
      if (response.status !== 202) problems.push(`a call answered ${response.status}: ${text.slice(0, 200)}`);
      else accepted += (JSON.parse(text) as { payload: { accepted: number } }).payload.accepted;
    }
  }
  await Promise.all(Array.from({ length: EVENTS_INGEST.inFlight }, lane));
  return { accepted, problems };
}

/** The same rows, written by one client straight into a plain table in the same batches. */
async function baselineRate(databaseUrl: string, batches: readonly BenchEvent[][]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`create table bench_plain_events (id bigserial primary key, email text not null, name text not null, occurred_at timestamptz not null,
      value numeric(18, 4), currency text, properties jsonb)`);
    const started = performance.now();
    for (const batch of batches) {
      await client.query(
        `insert into bench_plain_events (email, name, occurred_at, value, currency, properties)
         select * from unnest($1::text[], $2::text[], $3::timestamptz[], $4::numeric[], $5::text[], $6::jsonb[])`,
        [
          batch.map((event) => event.email),
          batch.map((event) => event.name),
          batch.map((event) => event.occurred_at),
          batch.map((event) => event.value ?? null),
          batch.map((event) => event.currency ?? null),
          batch.map((event) => JSON.stringify(event.properties)),
        ],
      );
    }
    const seconds = (performance.now() - started) / 1000;
    await client.query('drop table bench_plain_events');
    return (batches.length * EVENTS_INGEST.perCall) / seconds;
  } finally {
    await client.end();
  }
}

async function diskBytes(client: pg.Client): Promise<{ events: number; keys: number; rows: number }> {
  const { rows } = await client.query<{ events: string; keys: string; rows: string }>(`
    select (select coalesce(sum(pg_total_relation_size(i.inhrelid)), 0) from pg_inherits i where i.inhparent = 'events'::regclass) as events,
      pg_total_relation_size('event_keys') as keys, (select count(*) from events) as rows`);
  return { events: Number(rows[0]!.events), keys: Number(rows[0]!.keys), rows: Number(rows[0]!.rows) };
}

/**
 * Nine million more events written by the database itself (generate_series), in the shape the API
 * stores, with their keys: the API's rate is measured above, this only asks what ten million weigh.
 */
async function topUp(client: pg.Client, customerId: string, from: number, to: number): Promise<number> {
  const started = performance.now();
  const step = 1_000_000;
  for (let start = from; start < to; start += step) {
    const end = Math.min(to, start + step);
    await client.query(
      `with people as (select array_agg(id) as ids from subscribers where customer_id = $1::uuid)
       insert into events (customer_id, subscriber_id, name, occurred_at, received_at, source, value, currency, campaign_ref, machine, properties)
       select $1::uuid, people.ids[1 + (i * 7919) % array_length(people.ids, 1)],
         (array['product_viewed','product_viewed','product_viewed','product_viewed','product_viewed','product_viewed','email_opened','email_opened','email_clicked','order_placed'])[1 + i % 10],
         now() - ((i * 104729) % 31536000) * interval '1 second', now(), 'api',
         case when i % 10 = 9 then (i % 20000) / 100.0 end, case when i % 10 = 9 then 'EUR' end,
         case when i % 10 in (6, 7, 8) then 'mc-' || (i % 200) end, case when i % 10 in (6, 7, 8) then i % 2 = 0 end,
         case when i % 10 < 6 then jsonb_build_object('product_id', 'sku-' || i % 2000, 'url', 'https://shop.example/p/sku-' || i % 2000)
              when i % 10 = 9 then jsonb_build_object('order_id', 'o' || i, 'items', jsonb_build_array(jsonb_build_object('product_id', 'sku-' || i % 2000, 'quantity', 1, 'price', (i % 20000) / 100.0)))
         end
       from people, generate_series($2::bigint, $3::bigint - 1) as i`,
      [customerId, start, end],
    );
    await client.query(`insert into event_keys (customer_id, key_hash) select $1::uuid, substring(sha256(('topup' || i)::bytea) from 1 for 16) from generate_series($2::bigint, $3::bigint - 1) as i`, [customerId, start, end]);
  }
  await client.query('vacuum (analyze) events');
  return (performance.now() - started) / 1000;
}

export async function measureEventsIngest(repoRoot: string, log: (line: string) => void): Promise<EventsIngestReport> {
  let database: ThrowawayDatabase | undefined;
  let api: ApiServer | undefined;
  try {
    database = await throwawayDatabase();
    // BENCH_SERVER_CPU_PROFILE=<dir> writes the server's CPU profile of the run there (cpu-profile.ts).
    const profile = process.env.BENCH_SERVER_CPU_PROFILE;
    const profiling = profile ? { env: { BENCH_SERVER_CPU_PROFILE: profile }, preload: [new URL('./cpu-profile.ts', import.meta.url).pathname] } : { env: {}, preload: [] };
    api = await startApiServer(repoRoot, 'events-server', { DATABASE_URL: database.url, API_REQUESTS_PER_MINUTE: '100000', ...profiling.env }, undefined, profiling.preload);
    const email = 'shop@bench.example';
    await createCustomer(api, email);
    const key = await createApiKey(api, await signIn(api, email));

    log(`making ${EVENTS_INGEST.events.toLocaleString('en-US')} events (fixed seed)`);
    const next = seededRandom(2026);
    const end = Date.now();
    const batches: BenchEvent[][] = [];
    for (let start = 0; start < EVENTS_INGEST.events; start += EVENTS_INGEST.perCall) {
      batches.push(Array.from({ length: EVENTS_INGEST.perCall }, (_, offset) => makeEvent(next, start + offset, end)));
    }
    const bodies = batches.map((events) => JSON.stringify({ events }));

    // A first call makes the 50,000 profiles' first rows and the partitions: warm-up, not measured.
    const warm = await postCalls(api, key, [JSON.stringify({ events: Array.from({ length: EVENTS_INGEST.people }, (_, index) => ({ name: 'bench_warmup', email: `shopper${index}@bench.example`, id: `w${index}` })).slice(0, 5_000) })]);
    for (let offset = 5_000; offset < EVENTS_INGEST.people; offset += 5_000) {
      const events = Array.from({ length: 5_000 }, (_, index) => ({ name: 'bench_warmup', email: `shopper${offset + index}@bench.example`, id: `w${offset + index}` }));
      warm.problems.push(...(await postCalls(api, key, [JSON.stringify({ events })])).problems);
    }

    log(`sending them in ${bodies.length} calls of ${EVENTS_INGEST.perCall.toLocaleString('en-US')}, ${EVENTS_INGEST.inFlight} in flight`);
    const serverCpuBefore = processTreeCpuMs(api.server.pid!);
    const databaseCpuBefore = database.cpuMs();
    const started = performance.now();
    let peakRss = 0;
    const watch = setInterval(() => (peakRss = Math.max(peakRss, memoryMb(api?.server.pid, 'VmRSS') ?? 0)), 200);
    const sent = await postCalls(api, key, bodies);
    clearInterval(watch);
    const seconds = (performance.now() - started) / 1000;
    const serverCpuAfter = processTreeCpuMs(api.server.pid!);
    const databaseCpuAfter = database.cpuMs();

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('vacuum (analyze) events');
      const atMillion = await diskBytes(client);
      const perMillion = (bytes: number) => (bytes / atMillion.rows) * 1_000_000;
      const { rows } = await client.query<{ id: string }>(`select id from customers where email = $1`, [email]);
      log(`topping up to ${EVENTS_INGEST.topUpTo.toLocaleString('en-US')} events inside PostgreSQL`);
      const topUpSeconds = process.env.BENCH_EVENTS_SKIP_TOP_UP ? 0 : await topUp(client, rows[0]!.id, atMillion.rows, EVENTS_INGEST.topUpTo);
      const atTen = await diskBytes(client);
      log('baseline: the same million rows straight into a plain table');
      const baselineEventsPerSecond = await baselineRate(database.url, batches);
      return {
        database: database.description,
        seconds,
        eventsPerSecond: sent.accepted / seconds,
        accepted: sent.accepted,
        serverPeakRssMb: Math.max(peakRss, memoryMb(api.server.pid, 'VmHWM') ?? 0) || undefined,
        serverCpuSeconds: serverCpuBefore !== undefined && serverCpuAfter !== undefined ? (serverCpuAfter - serverCpuBefore) / 1000 : undefined,
        databaseCpuSeconds: databaseCpuBefore !== undefined && databaseCpuAfter !== undefined ? (databaseCpuAfter - databaseCpuBefore) / 1000 : undefined,
        baselineEventsPerSecond,
        bytesPerMillion: { events: perMillion(atMillion.events), keys: perMillion(atMillion.keys) },
        tenMillion: { ...atTen, topUpSeconds },
        problems: [...warm.problems, ...sent.problems, ...(sent.accepted === EVENTS_INGEST.events ? [] : [`${sent.accepted} of ${EVENTS_INGEST.events} events accepted`])],
      };
    } finally {
      await client.end();
    }
  } finally {
    await api?.close();
    await database?.close();
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Prints the section; answers whether it ran clean. */
export function printEventsIngest(report: EventsIngestReport): boolean {
  const { eventsPerSecond, serverPeakRssMb } = EVENTS_INGEST_TARGETS;
  console.log(`\n== Events through POST /api/v1/events on PostgreSQL (${report.database}) ==`);
  console.log(`  ${report.accepted.toLocaleString('en-US')} events in ${report.seconds.toFixed(1)} s: ${report.eventsPerSecond.toFixed(0)} events/s (target ≥ ${eventsPerSecond.toLocaleString('en-US')}: ${report.eventsPerSecond >= eventsPerSecond ? 'PASS' : 'BELOW'})`);
  console.log(`  baseline, the same rows by one client straight into a plain table: ${report.baselineEventsPerSecond.toFixed(0)} rows/s (the API reaches ${((report.eventsPerSecond / report.baselineEventsPerSecond) * 100).toFixed(0)} % of it)`);
  console.log(`  server peak RSS ${report.serverPeakRssMb?.toFixed(0) ?? '?'} MB (target < ${serverPeakRssMb}: ${(report.serverPeakRssMb ?? Infinity) < serverPeakRssMb ? 'PASS' : 'OVER'}); CPU during the load: server ${report.serverCpuSeconds?.toFixed(1) ?? '?'} s, PostgreSQL ${report.databaseCpuSeconds?.toFixed(1) ?? '?'} s`);
  console.log(`  disk per million events: ${mb(report.bytesPerMillion.events)} (table and its two indexes, all partitions) + ${mb(report.bytesPerMillion.keys)} of idempotency keys`);
  console.log(`  at ${report.tenMillion.rows.toLocaleString('en-US')} events: ${mb(report.tenMillion.events)} + ${mb(report.tenMillion.keys)} of keys (top-up inside PostgreSQL took ${report.tenMillion.topUpSeconds.toFixed(0)} s)`);
  for (const problem of report.problems) console.log(`  !!! ${problem}`);
  return report.problems.length === 0;
}
