import { AUTH, outboxMessages, startApiServer } from './api-client';
import { runTsx } from './child-server';
import { type LoadFigures, describeRun, runLoad } from './http-load';

/**
 * Email-send requests accepted per second: each one queues an email-link job, whose worker issues a
 * token and queues the mail (the same request work whoever the address belongs to).
 */

// The default is 10 per minute per client, and every bench request comes from one client
// (127.0.0.1): lifted far above anything the bench can send.
export const BENCH_EMAIL_SEND_LIMIT_PER_MINUTE = 100_000_000;

// autocannon's default of 10 connections: a busy sign-up page. Each request is a different address
// (idReplacement), so each issues a new token and queues a new mail instead of superseding one.
export const EMAIL_SEND_LOAD = { connections: 10, warmupSeconds: 2, runSeconds: 10 } as const;

export interface EmailSendReport {
  connections: number;
  run: LoadFigures;
  /** 200s counted, warm-up included: each queued one mail. */
  accepted: number;
  /** The newest dev-outbox id the moment the run ended (ids count up from 1): the mails delivered by then. */
  deliveredAtEnd: number | undefined;
  /** Read back from DATA_DIR after the server stopped. */
  outboxAfterStop: number | undefined;
  /** email-link and send-email jobs by name and pg-boss state after the server stopped (created = still waiting). */
  jobsAfterStop: Record<string, number> | undefined;
  note: string;
}

async function readBack(repoRoot: string, env: NodeJS.ProcessEnv) {
  const result = await runTsx(['bench/outbox-count.ts'], { cwd: repoRoot, env, timeoutMs: 60_000 });
  if (result.code !== 0) return { note: `outbox-count exited with ${result.code}: ${result.stderr.trim().slice(0, 300)}` };
  try {
    const counts = JSON.parse(result.stdout) as { outbox: number; jobs: Record<string, number> };
    return { outbox: counts.outbox, jobs: counts.jobs, note: 'read back with bench/outbox-count.ts after the server stopped' };
  } catch (error) {
    return { note: `could not parse outbox-count's output: ${String(error)}` };
  }
}

export async function measureEmailSendThroughput(repoRoot: string, log: (line: string) => void): Promise<EmailSendReport> {
  const { connections, warmupSeconds, runSeconds } = EMAIL_SEND_LOAD;
  log('starting the API server …');
  const api = await startApiServer(repoRoot, 'email-send-server', { EMAIL_SEND_LIMIT_PER_MINUTE: String(BENCH_EMAIL_SEND_LIMIT_PER_MINUTE) });
  try {
    const request = {
      path: `${AUTH}/email-send/`,
      body: JSON.stringify({ email_receiver: 'bench-[<id>]@example.com', direct_url: `${api.appUrl}/signup`, page: 'sign-up' }),
      idReplacement: true,
      connections,
    };
    log(`warm-up ${warmupSeconds} s (discarded)`);
    const warmup = await runLoad(api.server, request, warmupSeconds, 'email-send warm-up');
    if (warmup.non2xx > 0 || warmup.errors > 0) log(`!!! email-send warm-up: ${describeRun(warmup)}`);
    const run = await runLoad(api.server, request, runSeconds, 'email-send');
    log(`run email-send ${describeRun(run)}`);

    let deliveredAtEnd: number | undefined;
    try {
      deliveredAtEnd = (await outboxMessages(api.server.url))[0]?.id ?? 0;
    } catch (error) {
      log(`could not read the dev outbox: ${String(error)}`);
    }
    // PGlite locks DATA_DIR while the server runs: stop it (the worker finishes its current mail), then count.
    const exitCode = await api.server.stop();
    const counts = exitCode === 0 ? await readBack(repoRoot, api.env) : { note: `the server exited with code ${exitCode}; outbox not counted` };
    return {
      connections,
      run,
      accepted: warmup.ok + run.ok,
      deliveredAtEnd,
      outboxAfterStop: 'outbox' in counts ? counts.outbox : undefined,
      jobsAfterStop: 'jobs' in counts ? counts.jobs : undefined,
      note: counts.note,
    };
  } finally {
    await api.close();
  }
}
