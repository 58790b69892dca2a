import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { combineLoads, type LoadFigures, type LoadRequest, runLoad } from './http-load';
import { type ChildServer, baseEnv, freePort, runTsx, startChildServer } from './child-server';

/** Waitlist POSTs per second against a bare Fastify route's, measured in the same run. */

export const TARGET_RATIO = 0.4;

// Every request is a real insert into the server's database: lifted far above anything the bench
// can send, because all its requests come from one client (127.0.0.1) and the default is 20/min.
export const BENCH_WAITLIST_LIMIT_PER_MINUTE = 100_000_000;

export const LOAD = { pipelining: 1, warmupSeconds: 2, runSeconds: 10 } as const;

// autocannon's default of 10 connections, and 100: many visitors at once is when a waitlist is
// busy, and when the server's group commit can write many submissions in one statement.
export const CONNECTION_LEVELS = [10, 100] as const;

// On a noisy 2-core machine (autocannon on one core, the server on the other) the figures drift
// during a run: other processes wake up, the waitlist table grows. A single bare-then-waitlist pair
// would blame all of that drift on whichever ran second, so the runs are ordered bare, waitlist,
// waitlist, bare (ABBA): a linear drift then weighs on both sides equally, and each side's figure
// is the mean over its two runs. Two 10 s runs each plus warm-ups keep the bench well under 2 min.
const ORDER = ['bare', 'waitlist', 'waitlist', 'bare'] as const;

type Target = (typeof ORDER)[number];

export interface RunFigures extends LoadFigures {
  target: Target;
}

export interface TargetFigures extends LoadFigures {
  runs: RunFigures[];
}

export interface ThroughputReport {
  connections: number;
  bare: TargetFigures;
  waitlist: TargetFigures;
  ratio: number;
  meetsTarget: boolean;
  /** Rows the waitlist stored (warm-up included), read back after the server stopped; undefined if that failed. */
  storedRows: number | undefined;
  storedRowsNote: string;
  /** 201s the waitlist answered, warm-up included: each is one new row. */
  created: number;
  /**
   * Requests still in flight when a run's time is up are completed by the server but not counted
   * by autocannon, so up to this many rows may exist beyond the 201s (connections x waitlist runs).
   */
  uncountedInFlightMax: number;
}

const WAITLIST_BODY = JSON.stringify({ status: 'Waitlist', email: 'bench-[<id>]@example.com', message: '' });

function requestFor(target: Target, connections: number): LoadRequest {
  if (target === 'bare') {
    return { path: '/bare', body: JSON.stringify({ status: 'Waitlist', email: 'bench@example.com', message: '' }), connections };
  }
  // autocannon puts a fresh id in each request's body, so no two waitlist requests share an email.
  return { path: '/api/landing/v1/waitlist/', body: WAITLIST_BODY, idReplacement: true, connections };
}

// Only 2xx count (runLoad): a fast 4xx or 5xx is not a stored submission.
async function load(target: Target, server: ChildServer, seconds: number, connections: number): Promise<RunFigures> {
  return { ...(await runLoad(server, requestFor(target, connections), seconds, target)), target };
}

function combine(runs: RunFigures[]): TargetFigures {
  return { ...combineLoads(runs), runs };
}

async function countStoredRows(repoRoot: string, env: NodeJS.ProcessEnv): Promise<{ rows: number | undefined; note: string }> {
  const result = await runTsx(['apps/api/src/cli/submissions.ts', '--format', 'json'], { cwd: repoRoot, env, timeoutMs: 60_000 });
  if (result.code !== 0) return { rows: undefined, note: `submissions CLI exited with ${result.code}: ${result.stderr.trim().slice(0, 300)}` };
  try {
    const rows = JSON.parse(result.stdout) as { status: string }[];
    return { rows: rows.filter((row) => row.status === 'Waitlist').length, note: 'read back with apps/api/src/cli/submissions.ts after the server stopped' };
  } catch (error) {
    return { rows: undefined, note: `could not parse the submissions CLI output: ${String(error)}` };
  }
}

export async function measureWaitlistThroughput(
  repoRoot: string,
  connections: number,
  log: (line: string) => void,
): Promise<ThroughputReport> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'postlark-bench-'));
  // An interrupted bench (Ctrl-C, the watchdog) skips the finally below; this still tidies up.
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  process.once('exit', removeDataDir);
  const waitlistEnv: NodeJS.ProcessEnv = {
    ...baseEnv(),
    HOST: '127.0.0.1',
    // On disk, as `npm start` runs it: PGlite's file writes are part of what a submission costs.
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WAITLIST_LIMIT_PER_MINUTE: String(BENCH_WAITLIST_LIMIT_PER_MINUTE),
  };
  const servers: ChildServer[] = [];
  try {
    const [barePort, waitlistPort] = await Promise.all([freePort(), freePort()]);
    log(`starting servers (waitlist: PGlite in ${dataDir}) …`);
    // allSettled, so a server that did start is still stopped when its peer fails to.
    const started = await Promise.allSettled([
      startChildServer({
        name: 'bare-server',
        args: ['bench/bare-server.ts', '--port', String(barePort)],
        cwd: repoRoot,
        env: baseEnv(),
        port: barePort,
        readiness: { method: 'POST', path: '/bare', body: '{}' },
      }),
      startChildServer({
        name: 'waitlist-server',
        args: ['apps/api/src/server.ts'],
        cwd: repoRoot,
        env: { ...waitlistEnv, PORT: String(waitlistPort) },
        port: waitlistPort,
        readiness: { method: 'GET', path: '/api/health' },
      }),
    ]);
    for (const outcome of started) if (outcome.status === 'fulfilled') servers.push(outcome.value);
    for (const outcome of started) if (outcome.status === 'rejected') throw outcome.reason;
    const [bare, waitlist] = servers as [ChildServer, ChildServer];
    const serverFor = (target: Target) => (target === 'bare' ? bare : waitlist);

    // Warm-ups let both servers (and autocannon) reach optimised code; their figures are dropped,
    // but their 201s are counted so the stored rows can be checked against them.
    let created = 0;
    for (const target of ['bare', 'waitlist'] as const) {
      log(`warm-up ${target} ${LOAD.warmupSeconds} s (discarded)`);
      const warmup = await load(target, serverFor(target), LOAD.warmupSeconds, connections);
      if (target === 'waitlist') created += warmup.statusCodes['201'] ?? 0;
    }
    const runs: RunFigures[] = [];
    for (const target of ORDER) {
      const run = await load(target, serverFor(target), LOAD.runSeconds, connections);
      log(
        `run ${runs.length + 1}/${ORDER.length} ${target.padEnd(8)} ${run.requestsPerSecond.toFixed(0).padStart(7)} req/s 2xx` +
          `  p50 ${run.p50} ms  p99 ${run.p99} ms  non-2xx ${run.non2xx}  errors ${run.errors}${run.firstError ? ` (${run.firstError})` : ''}`,
      );
      if (target === 'waitlist') created += run.statusCodes['201'] ?? 0;
      runs.push(run);
    }

    // PGlite holds a lock on DATA_DIR while the server runs, so it is read back after the server stops.
    const waitlistExit = await waitlist.stop();
    const stored = waitlistExit === 0
      ? await countStoredRows(repoRoot, waitlistEnv)
      : { rows: undefined, note: `the waitlist server exited with code ${waitlistExit}; rows not counted` };

    const bareFigures = combine(runs.filter((run) => run.target === 'bare'));
    const waitlistFigures = combine(runs.filter((run) => run.target === 'waitlist'));
    const ratio = waitlistFigures.requestsPerSecond / bareFigures.requestsPerSecond;
    return {
      connections,
      bare: bareFigures,
      waitlist: waitlistFigures,
      ratio,
      meetsTarget: ratio >= TARGET_RATIO,
      storedRows: stored.rows,
      storedRowsNote: stored.note,
      created,
      uncountedInFlightMax: connections * LOAD.pipelining * (1 + ORDER.filter((target) => target === 'waitlist').length),
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await rm(dataDir, { recursive: true, force: true });
    process.removeListener('exit', removeDataDir);
  }
}
