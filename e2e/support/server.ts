import { generateKeyPairSync } from 'node:crypto';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { WaitlistStatus } from '@postlark/shared/waitlist';

// The browser tests drive the real product: the same entry point `npm run start:api` runs, on a
// free port, with a throw-away data directory so no test sees another test's rows.

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_ENTRY = 'apps/api/src/server.ts';
/** Ends the server with the worker that started it (its stdin is the worker's pipe). */
const EXIT_WITH_PARENT = './e2e/support/exit-with-parent.mjs';
const SUBMISSIONS_CLI = 'apps/api/src/cli/submissions.ts';
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;
// Two workers can pick the same port between our probe and the server's listen; a retry settles it.
const START_ATTEMPTS = 3;

const execFileAsync = promisify(execFile);

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  /** SIGTERM, then wait for the process to exit, so PGlite has released the data directory. */
  stop(): Promise<void>;
}

/** One row as the operator CLI prints it with `--format json`. */
export interface StoredSubmission {
  created_at: string;
  status: WaitlistStatus;
  email: string;
  message: string;
  user_agent: string;
  ip_hash: string;
  /** The account a Help panel message came from; empty for the site's forms. */
  customer_id: string;
}

/** Settings a test may give its server on top of the defaults, e.g. `{ SMTP_URL: relay.url }`. */
export type ServerSettings = Record<string, string>;

/** The environment for the server and the CLI: ours, minus anything that would point them elsewhere. */
function serverEnv(extra: ServerSettings): NodeJS.ProcessEnv {
  // A DATABASE_URL in the developer's shell would send these fresh-per-test servers to one shared
  // PostgreSQL; the browser tests always use the embedded database in their own directory. Likewise
  // an SMTP_URL would send the tests' mail to a real relay instead of the dev outbox or the test's own
  // relay, and an APP_URL would put another site in the emailed links.
  const {
    DATABASE_URL: _database,
    PORT: _port,
    HOST: _host,
    DATA_DIR: _dataDir,
    SMTP_URL: _smtp,
    APP_URL: _appUrl,
    ...rest
  } = process.env;
  return { ...rest, LOG_LEVEL: 'warn', ...platformDkim(), ...extra };
}

let dkimKey: string | undefined;

/**
 * The platform's DKIM key for lark.example, the operator's domain here: campaigns may only be From
 * a domain that signs, and the tests' confirmed senders are news-…@lark.example. Made once per worker.
 */
function platformDkim(): ServerSettings {
  dkimKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return { DKIM_DOMAIN: 'lark.example', DKIM_SELECTOR: 'postlark', DKIM_PRIVATE_KEY: dkimKey };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') {
        probe.close();
        reject(new Error('could not read the probe port'));
        return;
      }
      probe.close(() => resolve(address.port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function waitUntilReady(baseURL: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exitedEarly = false;
  void exited(child).then(() => {
    exitedEarly = true;
  });
  while (Date.now() < deadline) {
    if (exitedEarly) throw new Error(`the server exited before it was ready:\n${output()}`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server was not ready within ${READY_TIMEOUT_MS} ms:\n${output()}`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = exited(child);
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await done;
  clearTimeout(timer);
}

async function startOnce(dataDir: string, settings: ServerSettings, fixedPort?: number): Promise<RunningServer> {
  const port = fixedPort ?? (await freePort());
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', EXIT_WITH_PARENT, SERVER_ENTRY], {
    cwd: REPO_ROOT,
    // The server builds emailed links from APP_URL and only mails links to its own origin, so it is
    // the address the browser uses.
    env: serverEnv({ APP_URL: baseURL, ...settings, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir }),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  // Kept so a failed start explains itself; only the tail matters.
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  try {
    await waitUntilReady(baseURL, child, () => log);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { baseURL, dataDir, stop: () => stopChild(child) };
}

/**
 * Starts the real server on a free port with a fresh data directory, and waits for /api/health.
 * Without SMTP_URL in `settings` its mail goes to the dev outbox at /dev/mailbox.
 */
export async function startServer(settings: ServerSettings = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'postlark-e2e-'));
  let lastError: unknown;
  for (let attempt = 1; attempt <= START_ATTEMPTS; attempt += 1) {
    try {
      return await startOnce(dataDir, settings);
    } catch (error) {
      lastError = error;
    }
  }
  await removeDataDir(dataDir);
  throw lastError;
}

/**
 * Stops the server and starts a new process on the same data directory and port, so the page's
 * session and baseURL go on working: for what a process holds in memory only (the sending guard
 * judges an account at most once a minute per process).
 */
export async function restartServer(server: RunningServer, settings: ServerSettings = {}): Promise<RunningServer> {
  await server.stop();
  const port = Number(new URL(server.baseURL).port);
  let lastError: unknown;
  for (let attempt = 1; attempt <= START_ATTEMPTS; attempt += 1) {
    try {
      return await startOnce(server.dataDir, settings, port);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

/** What the server stored, read by the operator CLI. The server using dataDir must be stopped first. */
export async function readSubmissions(dataDir: string): Promise<StoredSubmission[]> {
  const { stdout } = await execFileAsync(
    process.execPath,
    ['--import', 'tsx', SUBMISSIONS_CLI, '--format', 'json'],
    { cwd: REPO_ROOT, env: serverEnv({ DATA_DIR: dataDir }), maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as StoredSubmission[];
}

export async function removeDataDir(dataDir: string): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
}

/** A fresh server for as long as a fixture is in use, then stopped and its data removed. */
export async function runServer(use: (server: RunningServer) => Promise<void>, settings: ServerSettings = {}): Promise<void> {
  const server = await startServer(settings);
  try {
    await use(server);
  } finally {
    await server.stop();
    await removeDataDir(server.dataDir);
  }
}
