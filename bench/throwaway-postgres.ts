import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './child-server';
import { processTreeCpuMs } from './cpu-time';

/**
 * A PostgreSQL database the bench may fill and throw away: a fresh database on BENCH_DATABASE_URL's
 * server when that is set, else a cluster of its own (Debian's server binaries, as CI installs
 * them) on loopback and a free port, removed afterwards.
 */

export interface ThrowawayDatabase {
  url: string;
  /** Where it runs and how it is configured, for the report. */
  description: string;
  /** CPU time its processes used so far, in ms; undefined for a server the bench did not start. */
  cpuMs(): number | undefined;
  close(): Promise<void>;
}

// Stock settings except the buffer cache: PostgreSQL's 128 MB default is sized for a laptop, and a
// server holding a million subscribers (about 650 MB with indexes) is given a quarter of its RAM.
const SERVER_SETTINGS = ['shared_buffers=1GB', 'max_wal_size=4GB'];

function serverBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest === undefined ? undefined : path.join(root, newest, 'bin');
}

async function freshDatabaseOn(serverUrl: string): Promise<ThrowawayDatabase> {
  const name = `postlark_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    description: `database ${name} on BENCH_DATABASE_URL's server (its own settings)`,
    cpuMs: () => undefined,
    async close() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function throwawayDatabase(): Promise<ThrowawayDatabase> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) return freshDatabaseOn(given);
  const bin = serverBinaries();
  if (!bin) {
    throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql: run `apt-get install postgresql`, or set BENCH_DATABASE_URL');
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'postlark-bench-pg-'));
  const dataDir = path.join(dir, 'data');
  // initdb refuses to run as root: the cluster then belongs to Debian's postgres user.
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) =>
    asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args], { stdio: 'pipe' }) : execFileSync(path.join(bin, command), args, { stdio: 'pipe' });
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), Number(execFileSync('id', ['-g', 'postgres']).toString().trim()));
  const port = await freePort();
  const removeOnExit = () => {
    try {
      run('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
    } catch {
      // Not running (any more).
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', removeOnExit);
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = [`-c listen_addresses=127.0.0.1`, `-p ${port}`, `-k ${dir}`, ...SERVER_SETTINGS.map((setting) => `-c ${setting}`)].join(' ');
  run('pg_ctl', ['-D', dataDir, '-w', '-l', path.join(dir, 'log'), '-o', options, 'start']);
  const version = path.basename(path.dirname(bin));
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    cpuMs: () => {
      // The postmaster's pid is the first line of postmaster.pid.
      const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      return processTreeCpuMs(pid);
    },
    description: `a throwaway PostgreSQL ${version} cluster on 127.0.0.1:${port}, stock settings but ${SERVER_SETTINGS.join(', ')}`,
    async close() {
      removeOnExit();
      process.removeListener('exit', removeOnExit);
    },
  };
}
