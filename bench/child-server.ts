import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Servers under test run in their own processes: autocannon in the parent would otherwise share
 * (and steal) the server's one JavaScript thread, and the figures would measure both at once.
 */

export interface ChildServer {
  name: string;
  url: string;
  pid: number | undefined;
  /** SIGTERM, then SIGKILL if it has not exited in time; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** Why it is gone if it exited without stop() being called, e.g. killed from outside the bench. */
  unexpectedExit(): string | undefined;
}

export interface ChildServerOptions {
  name: string;
  /** Arguments after `node --import tsx`, e.g. the script and its flags. */
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  port: number;
  /** A request that answers 2xx once the server can take load. */
  readiness: { method: 'GET' | 'POST'; path: string; body?: string };
  startTimeoutMs?: number;
}

/** A server under test is gone: the run's figures are void, but a fresh attempt may succeed. */
export class ChildExitedError extends Error {
  override name = 'ChildExitedError';
}

const running = new Set<ChildProcess>();

/** For exit paths that cannot wait (process 'exit', a second Ctrl-C): nothing may outlive the bench. */
export function killAllChildren(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

// Only what a process needs to start: inheriting the shell's environment would let a DATABASE_URL,
// SMTP_URL, TRUST_PROXY or WEB_DIST_DIR set there silently change what is measured.
export function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'SystemRoot']) if (process.env[key] !== undefined) env[key] = process.env[key];
  return env;
}

/** A fresh temporary directory, removed by remove() or, if the bench is interrupted, on exit. */
export async function tempDataDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'postlark-bench-'));
  const removeOnExit = () => rmSync(dir, { recursive: true, force: true });
  process.once('exit', removeOnExit);
  return {
    dir,
    async remove() {
      await rm(dir, { recursive: true, force: true });
      process.removeListener('exit', removeOnExit);
    },
  };
}

/** A port the kernel just handed out on loopback; the tiny race until the child binds it is accepted. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('could not get a free port');
  return address.port;
}

// Enough of a child's output to explain a failure, without letting a chatty server flood the report.
const MAX_FORWARDED_LINES = 20;

function forwardOutput(name: string, child: ChildProcess, tail: string[]) {
  let forwarded = 0;
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      tail.push(line);
      if (tail.length > MAX_FORWARDED_LINES) tail.shift();
      forwarded += 1;
      if (forwarded <= MAX_FORWARDED_LINES) process.stderr.write(`  [${name}] ${line}\n`);
      else if (forwarded === MAX_FORWARDED_LINES + 1) process.stderr.write(`  [${name}] … further output suppressed\n`);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
}

export async function runTsx(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  running.delete(child);
  return { code, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startChildServer(options: ChildServerOptions): Promise<ChildServer> {
  // process.execPath + --import tsx rather than npx: killing npx would leave tsx holding the port.
  const child = spawn(process.execPath, ['--import', 'tsx', ...options.args], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const tail: string[] = [];
  forwardOutput(options.name, child, tail);

  let exitCode: number | null | undefined;
  let stopping = false;
  let unexpected: string | undefined;
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code, signal) => {
      exitCode = code;
      running.delete(child);
      if (!stopping) {
        // A server that handles SIGTERM itself exits 0: then only someone else's signal explains it.
        unexpected = `exited by itself with code ${code}${signal ? ` on ${signal}` : ''}`;
        process.stderr.write(`  [${options.name}] ${unexpected} (pid ${child.pid})\n`);
      }
      resolve(code);
    });
  });

  const url = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (exitCode !== undefined) return exitCode;
    stopping = true;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);
  const { method, path, body } = options.readiness;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new ChildExitedError(`${options.name} ${unexpected ?? `exited with code ${exitCode}`} before it was ready\n${tail.join('\n')}`.trim());
    }
    try {
      const response = await fetch(`${url}${path}`, {
        method,
        body,
        headers: body ? { 'content-type': 'application/json' } : {},
        signal: AbortSignal.timeout(2_000),
      });
      await response.arrayBuffer();
      if (response.ok) return { name: options.name, url, pid: child.pid, stop, unexpectedExit: () => unexpected };
    } catch {
      // Not listening yet: keep polling until the deadline.
    }
    await sleep(100);
  }
  await stop();
  throw new Error(`${options.name} did not answer ${method} ${path} with 2xx within the start timeout:\n${tail.join('\n')}`);
}
