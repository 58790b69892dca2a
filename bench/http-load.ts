import autocannon from 'autocannon';
import { ChildExitedError, type ChildServer } from './child-server';

/** One autocannon run against a child server, and several runs merged: for the account benches. */

export interface LoadFigures {
  seconds: number;
  /** 2xx responses counted by autocannon (requests still in flight when time is up are not). */
  ok: number;
  /** Successful (2xx) requests per second. */
  requestsPerSecond: number;
  /** Over several runs, the means of their percentiles: autocannon gives no mergeable histogram. */
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  firstError: string | undefined;
}

export interface LoadRequest {
  path: string;
  /** A POST body; without one, GETs. */
  body?: string;
  /** GETs of these paths in turn on each connection, instead of `path` alone. */
  paths?: readonly string[];
  /** Sent with every request (a user agent, say). */
  headers?: Record<string, string>;
  /** Replace each `[<id>]` in the body with a unique id per request. */
  idReplacement?: boolean;
  connections: number;
}

export async function runLoad(server: ChildServer, request: LoadRequest, seconds: number, label: string): Promise<LoadFigures> {
  // The callback form gives the instance, whose reqError events say what a bare error count cannot.
  let firstError: string | undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${server.url}${request.path}`,
        method: request.body === undefined ? 'GET' : 'POST',
        headers: { ...(request.body !== undefined && { 'content-type': 'application/json' }), ...request.headers },
        ...(request.body !== undefined && { body: request.body }),
        ...(request.paths && { requests: request.paths.map((path) => ({ method: 'GET' as const, path })) }),
        idReplacement: request.idReplacement ?? false,
        connections: request.connections,
        pipelining: 1,
        duration: seconds,
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('reqError', (error: unknown) => {
      firstError ??= error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    });
  });
  // A server that died mid-run makes every later request an instant error: no figure survives that.
  const gone = server.unexpectedExit();
  if (gone) throw new ChildExitedError(`${server.name} ${gone} during the ${label} run; its figures are void.`);
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stats.count ?? 0;
  return {
    seconds: result.duration,
    ok: result['2xx'],
    requestsPerSecond: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    firstError,
  };
}

export const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** Several runs of one side as one figure: 2xx over the runs' total time, percentiles averaged. */
export function combineLoads(runs: LoadFigures[]): LoadFigures {
  const sum = (pick: (run: LoadFigures) => number) => runs.reduce((total, run) => total + pick(run), 0);
  const statusCodes: Record<string, number> = {};
  for (const run of runs) for (const [code, count] of Object.entries(run.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
  return {
    seconds: sum((run) => run.seconds),
    ok: sum((run) => run.ok),
    requestsPerSecond: sum((run) => run.ok) / sum((run) => run.seconds),
    p50: mean(runs.map((run) => run.p50)),
    p99: mean(runs.map((run) => run.p99)),
    non2xx: sum((run) => run.non2xx),
    errors: sum((run) => run.errors),
    timeouts: sum((run) => run.timeouts),
    statusCodes,
    firstError: runs.find((run) => run.firstError)?.firstError,
  };
}

export const describeRun = (figures: LoadFigures) =>
  `${figures.requestsPerSecond.toFixed(1).padStart(8)} req/s 2xx  p50 ${figures.p50} ms  p99 ${figures.p99} ms  non-2xx ${figures.non2xx}` +
  `${figures.non2xx > 0 ? ` ${JSON.stringify(figures.statusCodes)}` : ''}  errors ${figures.errors}${figures.firstError ? ` (${figures.firstError})` : ''}`;
