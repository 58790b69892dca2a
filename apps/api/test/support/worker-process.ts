import { type ChildProcess, spawn } from 'node:child_process';
import { platformDkimSettings } from './dkim-key';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { APP_URL } from './accounts';
import { eventually } from './eventually';

// `npm run start:worker` as a child process on the test's PostgreSQL database, for the crash
// tests: its database sessions carry `name` as their application_name, so a test can tell when
// a killed worker's last COMMIT has been applied.

const apiDir = fileURLToPath(new URL('../..', import.meta.url));

export function startWorkerProcess(databaseUrl: string, name: string, env: Record<string, string>, output: string[]): ChildProcess {
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', name);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: apiDir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: url.toString(), ...platformDkimSettings(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  return child;
}

export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

/**
 * A campaign-sending worker on the test's database (`database.url`), relaying to `smtpUrl` fast,
 * with a lease of `leaseSeconds` and retries a second apart; `name` is its application_name.
 */
export function startSendingWorker(database: object, smtpUrl: string, output: string[], name: string, leaseSeconds: number): ChildProcess {
  const databaseUrl = (database as { url?: string }).url;
  if (!databaseUrl) throw new Error('the test database has no URL');
  return startWorkerProcess(
    databaseUrl,
    name,
    {
      SMTP_URL: smtpUrl,
      APP_URL,
      CAMPAIGN_SEND_RATE: '5000',
      CAMPAIGN_SMTP_CONNECTIONS: '5',
      CAMPAIGN_LEASE_SECONDS: String(leaseSeconds),
      CAMPAIGN_RETRY_BASE_SECONDS: '1',
      // The crash tests send 10,000 messages from a new account: its warm-up would send 1,000.
      WARMUP_DAILY_LIMITS: 'off',
      LOG_LEVEL: 'warn',
    },
    output,
  );
}

/** A COMMIT a killed worker sent just before the kill is still applied after it: waits until its sessions are gone. */
export async function sessionsEnded(query: <Row>(text: string, params?: unknown[]) => Promise<Row[]>, name: string): Promise<void> {
  await eventually(
    async () => {
      const [open] = await query<{ count: number }>(`select count(*)::int as count from pg_stat_activity where application_name = $1`, [name]);
      return open?.count === 0 ? true : undefined;
    },
    { timeoutMs: 30_000, what: `the killed worker's database sessions (${name}) ending` },
  );
}

/**
 * Kills the worker with SIGKILL once the sink has accepted `count` messages, and waits for it to
 * be gone (rejects after `timeoutMs` with what the worker printed).
 */
export async function killAfterAccepted(sink: { onAccepted?: (count: number) => void }, worker: ChildProcess, count: number, timeoutMs: number, output: string[]): Promise<void> {
  const exited = once(worker, 'exit');
  sink.onAccepted = (accepted) => {
    if (accepted >= count && worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
  };
  await Promise.race([
    exited,
    new Promise((_, reject) => setTimeout(() => reject(new Error(`the worker did not get ${count} messages out in ${timeoutMs / 1000} s:\n${output.join('')}`)), timeoutMs)),
  ]);
}
