import { performance } from 'node:perf_hooks';
import { hash, verify } from '@node-rs/argon2';
import { hashPassword } from '../apps/api/src/modules/auth/passwords';
import { AUTH, BENCH_PASSWORD, checkSignIn, createCustomer, loginBody, startApiServer } from './api-client';
import { childCpu, ownCpuMs } from './cpu-time';
import { type LoadFigures, combineLoads, describeRun, mean, runLoad } from './http-load';

/** Sign-ins per second against raw argon2 verifications per second, measured in the same run. */

// The server's parameters (apps/api/src/modules/auth/passwords.ts), mirrored because that module
// does not export them: argon2id (the library's default), 19 MiB, 2 passes, one lane. The bench
// also hashes once with the server's own hashPassword and compares the parameters written into
// that hash, so a change there is reported instead of silently comparing different work.
export const ARGON2_MIRROR = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// argon2 runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), not
// on the JavaScript thread, and the bench machine has 2 cores. 4 sign-ins in flight keep all four
// pool threads (and so both cores) busy; more would only queue in the pool and lengthen latency,
// fewer would leave a core idle while the server's JavaScript thread does a sign-in's database
// work. The raw verifications run with the same 4 in flight, so both sides get the same chance.
export const SIGN_IN_LOAD = { connections: 4, warmupSeconds: 2, runSeconds: 10 } as const;

// ABBA, as in the waitlist bench: a drift of the machine during the bench weighs on both sides.
// Each side runs while the other is idle: the server waits during the argon2 runs, and the bench
// process's own thread pool is idle while autocannon drives sign-ins.
const ORDER = ['argon2', 'sign-in', 'sign-in', 'argon2'] as const;

export interface VerifyFigures {
  seconds: number;
  /** Verifications that completed (true) before the run's time was up. */
  ok: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Verifications that answered false: the password did not match its own hash. */
  failures: number;
}

export interface SignInReport {
  connections: number;
  email: string;
  signIn: LoadFigures;
  argon2: VerifyFigures;
  /** sign-ins/s over raw verifications/s. */
  ratio: number;
  /** The m, t, p the server's hashPassword wrote into its hash, and whether they equal the mirror. */
  serverParameters: string;
  parametersMatch: boolean;
  threadPool: string;
  /**
   * CPU per operation: the server's per 200 sign-in (all threads, and its JavaScript thread alone),
   * the bench process's per raw verification. Undefined where /proc cannot be read.
   */
  cpu: { signInMs: number; signInMainThreadMs: number; verifyMs: number; signInCores: number; verifyCores: number } | undefined;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * `concurrency` loops, each awaiting one verify at a time, for `seconds`. Like autocannon, only
 * what completed before time was up counts, so both sides drop their last in-flight operations.
 */
async function verifyFor(passwordHash: string, password: string, concurrency: number, seconds: number): Promise<VerifyFigures> {
  const deadline = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  let failures = 0;
  const loop = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      const valid = await verify(passwordHash, password);
      const ended = performance.now();
      if (ended > deadline) break;
      latencies.push(ended - started);
      if (!valid) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  latencies.sort((a, b) => a - b);
  const ok = latencies.length - failures;
  return { seconds, ok, perSecond: ok / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), failures };
}

function combineVerifies(runs: VerifyFigures[]): VerifyFigures {
  const seconds = runs.reduce((total, run) => total + run.seconds, 0);
  const ok = runs.reduce((total, run) => total + run.ok, 0);
  return {
    seconds,
    ok,
    perSecond: ok / seconds,
    p50: mean(runs.map((run) => run.p50)),
    p99: mean(runs.map((run) => run.p99)),
    failures: runs.reduce((total, run) => total + run.failures, 0),
  };
}

const parametersOf = (phc: string) => /\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(phc)?.slice(1, 4).join(',') ?? `unparsed (${phc.split('$')[1] ?? '?'})`;

export async function measureSignInThroughput(repoRoot: string, log: (line: string) => void): Promise<SignInReport> {
  const { connections, warmupSeconds, runSeconds } = SIGN_IN_LOAD;
  // Hashed in the bench process, where the raw verifications run.
  const rawHash = await hash(BENCH_PASSWORD, ARGON2_MIRROR);
  const serverParameters = parametersOf(await hashPassword(BENCH_PASSWORD));
  const mirrorParameters = `${ARGON2_MIRROR.memoryCost},${ARGON2_MIRROR.timeCost},${ARGON2_MIRROR.parallelism}`;

  log('starting the API server and creating a customer through email-send, the dev outbox, email-verification, signup …');
  const api = await startApiServer(repoRoot, 'sign-in-server');
  try {
    const email = `bench-sign-in-${Date.now()}@example.com`;
    await createCustomer(api, email);
    await checkSignIn(api, email);
    const request = { path: `${AUTH}/login/`, body: loginBody(email), connections };

    log(`warm-up argon2 and sign-in ${warmupSeconds} s each (discarded)`);
    await verifyFor(rawHash, BENCH_PASSWORD, connections, warmupSeconds);
    const warmup = await runLoad(api.server, request, warmupSeconds, 'sign-in warm-up');
    if (warmup.non2xx > 0 || warmup.errors > 0) log(`!!! sign-in warm-up: ${describeRun(warmup)}`);

    const signIns: LoadFigures[] = [];
    const verifications: VerifyFigures[] = [];
    const cpu = { signInMs: 0, signInMainThreadMs: 0, verifyMs: 0, available: true };
    for (const [index, side] of ORDER.entries()) {
      if (side === 'argon2') {
        const before = ownCpuMs();
        const run = await verifyFor(rawHash, BENCH_PASSWORD, connections, runSeconds);
        cpu.verifyMs += ownCpuMs() - before;
        verifications.push(run);
        log(
          `run ${index + 1}/${ORDER.length} argon2   ${run.perSecond.toFixed(1).padStart(8)} verify/s  p50 ${run.p50.toFixed(1)} ms  p99 ${run.p99.toFixed(1)} ms  mismatches ${run.failures}`,
        );
      } else {
        const before = childCpu(api.server.pid);
        const run = await runLoad(api.server, request, runSeconds, 'sign-in');
        const after = childCpu(api.server.pid);
        if (before && after) {
          cpu.signInMs += after.totalMs - before.totalMs;
          cpu.signInMainThreadMs += after.mainThreadMs - before.mainThreadMs;
        } else {
          cpu.available = false;
        }
        signIns.push(run);
        log(`run ${index + 1}/${ORDER.length} sign-in  ${describeRun(run)}`);
      }
    }
    const signIn = combineLoads(signIns);
    const argon2 = combineVerifies(verifications);
    return {
      connections,
      email,
      signIn,
      argon2,
      ratio: signIn.requestsPerSecond / argon2.perSecond,
      serverParameters,
      parametersMatch: serverParameters === mirrorParameters,
      threadPool: process.env.UV_THREADPOOL_SIZE
        ? `bench process UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE}, server default 4: NOT the same pool size`
        : 'libuv default of 4 threads in both processes',
      cpu: cpu.available
        ? {
            signInMs: cpu.signInMs / signIn.ok,
            signInMainThreadMs: cpu.signInMainThreadMs / signIn.ok,
            verifyMs: cpu.verifyMs / argon2.ok,
            // Cores kept busy on average: well below the machine's count means something else had them.
            signInCores: cpu.signInMs / (signIn.seconds * 1000),
            verifyCores: cpu.verifyMs / (argon2.seconds * 1000),
          }
        : undefined,
    };
  } finally {
    await api.close();
  }
}
