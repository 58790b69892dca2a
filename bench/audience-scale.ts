import pg from 'pg';
import { SEARCH_LIMITS, type SearchAnswer } from '@postlark/shared/search';
import { childCpu } from './cpu-time';
import { memoryMb } from './process-memory';
import { AUTH, type ApiServer, BENCH_PASSWORD, createCustomer, loginBody, startApiServer } from './api-client';
import { type ThrowawayDatabase, throwawayDatabase } from './throwaway-postgres';

/**
 * A million subscribers on PostgreSQL, through the real server: a CSV import (upload, background
 * job, progress polled as the page does) with the server's memory watched, then the p95 of the
 * requests the subscribers pages make on that audience.
 */

export const SCALE = { rows: 1_000_000, warmupRequests: 5, timedRequests: 50 } as const;
export const SCALE_TARGETS = { importSeconds: 60, serverMemoryMb: 500, p95Ms: 200 } as const;

const AUDIENCE = '/api/audience/v1';
const PLANS = ['free', 'pro', 'team'] as const;
const FIRST_NAMES = ['Ada', 'Grace', 'Alan', 'Linus', 'Margaret', 'Dennis', 'Barbara', 'Ken', 'Frances', 'Edsger', 'Radia', 'Tim'];
const LAST_NAMES = ['Lovelace', 'Hopper', 'Turing', 'Torvalds', 'Hamilton', 'Ritchie', 'Liskov', 'Thompson', 'Allen', 'Dijkstra', 'Perlman', 'Berners-Lee'];

/** Row i of the generated file; its plan is PLANS[i % 3], so a third of the rows are on "pro". */
function csvRow(i: number): string {
  return `subscriber${i}@mail${i % 97}.example,${FIRST_NAMES[i % FIRST_NAMES.length]},${LAST_NAMES[(i * 7) % LAST_NAMES.length]},${PLANS[i % 3]},city${i % 500}`;
}

export function generateCsv(rows: number): Buffer {
  const parts: Buffer[] = [Buffer.from('email,first_name,last_name,plan,city\n')];
  const block: string[] = [];
  for (let i = 0; i < rows; i += 1) {
    block.push(csvRow(i));
    if (block.length === 10_000 || i === rows - 1) {
      parts.push(Buffer.from(`${block.join('\n')}\n`));
      block.length = 0;
    }
  }
  return Buffer.concat(parts);
}

const expectedPro = (rows: number) => Math.floor((rows - 2) / 3) + 1;

export interface TimedRequest {
  name: string;
  what: string;
  p50: number;
  p95: number;
  max: number;
  /** What the answer said (a total or a count), against what the generated file implies. */
  answer: number;
  expected: number;
}

export interface ScaleReport {
  database: string;
  rows: number;
  fileBytes: number;
  /** From the first byte uploaded to the job reporting done, as the import page sees it. */
  importSeconds: number;
  /** The job's own run, from the server's started_at to finished_at. */
  jobSeconds: number | undefined;
  added: number;
  rejected: number;
  /** CPU seconds spent during the import by the server (all threads) and by PostgreSQL (all processes). */
  importCpu: { serverSeconds: number | undefined; databaseSeconds: number | undefined };
  peakRssMb: number | undefined;
  peakRssDuringImportMb: number | undefined;
  /** Before the upload: what the server holds with no import running. */
  rssBeforeImportMb: number | undefined;
  requests: TimedRequest[];
  problems: string[];
}


class Session {
  constructor(
    private readonly base: string,
    private readonly cookie: string,
  ) {}

  async call<T>(method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<{ status: number; json: T }> {
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: { cookie: this.cookie, ...(body === undefined ? {} : { 'content-type': contentType }) },
      body: body === undefined ? undefined : Buffer.isBuffer(body) ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(120_000),
    });
    const text = await response.text();
    return { status: response.status, json: (text ? JSON.parse(text) : {}) as T };
  }

  async ok<T>(method: string, path: string, body?: unknown, contentType?: string): Promise<T> {
    const { status, json } = await this.call<{ payload: T }>(method, path, body, contentType);
    if (status < 200 || status > 299) throw new Error(`${method} ${path} answered ${status}: ${JSON.stringify(json).slice(0, 300)}`);
    return json.payload;
  }
}

async function signIn(api: ApiServer, email: string): Promise<Session> {
  const response = await fetch(`${api.server.url}${AUTH}/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBody(email, BENCH_PASSWORD) });
  await response.arrayBuffer();
  const cookie = response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  if (response.status !== 200 || !cookie) throw new Error(`sign-in answered ${response.status}`);
  return new Session(api.server.url, cookie);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface ImportProgressAnswer {
  id: string;
  status: string;
  rows_done: number;
  added: number;
  rejected: number;
  started_at: string | null;
  finished_at: string | null;
}

async function runImport(session: Session, api: ApiServer, file: Buffer, listId: string, log: (line: string) => void) {
  const created = await session.ok<{ import: { id: string } }>('POST', `${AUDIENCE}/imports`, {
    file_name: 'million.csv',
    has_header: true,
    columns: [{ field: 'email' }, { field: 'first_name' }, { field: 'last_name' }, { field: 'attribute', key: 'plan' }, { field: 'attribute', key: 'city' }],
    list_ids: [listId],
    // A million rows, past the consent threshold: confirmed with the request, as the import page's box does.
    consent_confirmed: true,
  });
  let peakDuring = 0;
  const sampler = setInterval(() => {
    peakDuring = Math.max(peakDuring, memoryMb(api.server.pid, 'VmRSS') ?? 0);
  }, 100);
  try {
    const started = performance.now();
    await session.ok('PUT', `${AUDIENCE}/imports/${created.import.id}/file`, file, 'text/csv');
    log(`uploaded ${(file.byteLength / 1e6).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s; the job runs …`);
    let lastLog = performance.now();
    for (;;) {
      const progress = await session.ok<ImportProgressAnswer>('GET', `${AUDIENCE}/imports/${created.import.id}`);
      if (progress.status === 'done' || progress.status === 'failed') {
        const seconds = (performance.now() - started) / 1000;
        const job = progress.started_at && progress.finished_at ? (Date.parse(progress.finished_at) - Date.parse(progress.started_at)) / 1000 : undefined;
        return { progress, seconds, job, peakDuring: peakDuring || undefined };
      }
      if (performance.now() - lastLog > 10_000) {
        log(`  ${progress.rows_done.toLocaleString('en-US')} rows after ${((performance.now() - started) / 1000).toFixed(0)} s`);
        lastLog = performance.now();
      }
      // The import page polls about this often.
      await sleep(500);
    }
  } finally {
    clearInterval(sampler);
  }
}

async function timeRequests(name: string, what: string, expected: number, request: (run: number) => Promise<number>): Promise<TimedRequest> {
  for (let run = 0; run < SCALE.warmupRequests; run += 1) await request(run);
  const times: number[] = [];
  let answer = Number.NaN;
  for (let run = 0; run < SCALE.timedRequests; run += 1) {
    const started = performance.now();
    answer = await request(SCALE.warmupRequests + run);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { name, what, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)!, answer, expected };
}

/** Autovacuum would do this within a minute of the import; the bench does not wait for its timing. */
async function vacuumAnalyze(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('vacuum (analyze) subscribers');
    await client.query('vacuum (analyze) list_memberships');
  } finally {
    await client.end();
  }
}

export async function measureAudienceScale(repoRoot: string, log: (line: string) => void): Promise<ScaleReport> {
  log(`generating a ${SCALE.rows.toLocaleString('en-US')}-row CSV …`);
  const file = generateCsv(SCALE.rows);
  let database: ThrowawayDatabase | undefined;
  let api: ApiServer | undefined;
  try {
    database = await throwawayDatabase();
    log(`PostgreSQL: ${database.description}`);
    // The import's domain check asks DNS, whose speed (and reach, on a closed machine) is not what is measured.
    api = await startApiServer(repoRoot, 'audience-server', { DATABASE_URL: database.url, IMPORT_CHECK_DOMAINS: 'false' });
    const email = 'scale-bench@example.com';
    await createCustomer(api, email);
    const session = await signIn(api, email);
    const list = await session.ok<{ list: { id: string } }>('POST', `${AUDIENCE}/lists`, { name: 'Newsletter', double_opt_in: false });

    const rssBeforeImportMb = memoryMb(api.server.pid, 'VmRSS');
    const cpuBefore = { server: childCpu(api.server.pid)?.totalMs, database: database.cpuMs() };
    const imported = await runImport(session, api, file, list.list.id, log);
    const cpuAfter = { server: childCpu(api.server.pid)?.totalMs, database: database.cpuMs() };
    const seconds = (after: number | undefined, before: number | undefined) => (after === undefined || before === undefined ? undefined : (after - before) / 1000);
    const problems: string[] = [];
    if (imported.progress.status !== 'done') problems.push(`the import ended ${imported.progress.status}`);
    if (imported.progress.added !== SCALE.rows) problems.push(`the import added ${imported.progress.added} of ${SCALE.rows} rows`);
    const peakRssMb = memoryMb(api.server.pid, 'VmHWM');

    log('vacuum analyze (what autovacuum does shortly after), then the requests …');
    await vacuumAnalyze(database.url);
    const searches = Array.from({ length: SCALE.warmupRequests + SCALE.timedRequests }, (_, run) => `subscriber${(run * 7919 + 12_345) % SCALE.rows}@`);
    const count = (path: string) => async () => (await session.ok<{ total: number }>('GET', path)).total;
    const segmentCount = (definition: unknown) => async () => (await session.ok<{ count: number }>('POST', `${AUDIENCE}/segments/preview`, { definition })).count;
    const requests = [
      await timeRequests('first page', 'GET /subscribers: newest 50 and the total', SCALE.rows, count(`${AUDIENCE}/subscribers`)),
      await timeRequests('search', 'GET /subscribers?q=subscriber123@ (a different address each time)', 1, async (run) =>
        (await session.ok<{ total: number }>('GET', `${AUDIENCE}/subscribers?q=${encodeURIComponent(searches[run]!)}`)).total,
      ),
      // The top bar's search (issue 23): the four kinds at once, the subscribers' total counted up to a cap.
      await timeRequests('top bar search', 'GET /home/v1/search?q=subscriber123@ (campaigns, subscribers, lists, segments)', 1, async (run) =>
        (await session.ok<SearchAnswer>('GET', `/api/home/v1/search?q=${encodeURIComponent(searches[run]!)}`)).subscribers.total,
      ),
      await timeRequests('top bar search: one letter', `GET /home/v1/search?q=a (nearly all match; counted up to ${SEARCH_LIMITS.countCap})`, SEARCH_LIMITS.countCap, async () =>
        (await session.ok<SearchAnswer>('GET', '/api/home/v1/search?q=a')).subscribers.total,
      ),
      await timeRequests(
        'segment: attribute',
        'POST /segments/preview: plan is "pro" (a third match)',
        expectedPro(SCALE.rows),
        segmentCount({ match: 'all', conditions: [{ field: 'attribute', key: 'plan', op: 'is', value: 'pro' }] }),
      ),
      await timeRequests(
        'segment: list and status',
        'POST /segments/preview: on the list and active (all match)',
        SCALE.rows,
        segmentCount({
          match: 'all',
          conditions: [
            { field: 'list', op: 'in', value: list.list.id },
            { field: 'status', op: 'is', value: 'active' },
          ],
        }),
      ),
    ];
    for (const request of requests) {
      if (request.answer !== request.expected) problems.push(`${request.name} answered ${request.answer}, expected ${request.expected}`);
    }
    return {
      database: database.description,
      rows: SCALE.rows,
      fileBytes: file.byteLength,
      importSeconds: imported.seconds,
      jobSeconds: imported.job,
      added: imported.progress.added,
      rejected: imported.progress.rejected,
      importCpu: { serverSeconds: seconds(cpuAfter.server, cpuBefore.server), databaseSeconds: seconds(cpuAfter.database, cpuBefore.database) },
      peakRssMb,
      peakRssDuringImportMb: imported.peakDuring,
      rssBeforeImportMb,
      requests,
      problems,
    };
  } finally {
    await api?.close();
    await database?.close();
  }
}
