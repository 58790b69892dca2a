import { readFileSync, readdirSync } from 'node:fs';

/** CPU time used so far, to say where an operation's time goes. */

// /proc reports clock ticks; USER_HZ is 100 on every mainstream Linux build (getconf CLK_TCK).
const CLOCK_TICKS_PER_SECOND = 100;

function statFields(statPath: string): string[] {
  // The command name may hold spaces and parentheses: fields are counted after the last ')'.
  const stat = readFileSync(statPath, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

function ticksOf(statPath: string): number {
  const fields = statFields(statPath);
  // utime and stime are fields 14 and 15 of the line, 12th and 13th after the name.
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * CPU time in ms of a server that forks a process per connection (PostgreSQL): the parent's own,
 * that of its children still running, and that of those already gone (cutime and cstime, fields
 * 16 and 17). Undefined where /proc is not available.
 */
export function processTreeCpuMs(parentPid: number): number | undefined {
  try {
    const parent = statFields(`/proc/${parentPid}/stat`);
    let ticks = Number(parent[11]) + Number(parent[12]) + Number(parent[13]) + Number(parent[14]);
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const fields = statFields(`/proc/${entry}/stat`);
        // ppid is field 4, the 2nd after the name.
        if (Number(fields[1]) === parentPid) ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // Gone meanwhile: its time is now in the parent's cutime.
      }
    }
    return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

export interface ProcessCpu {
  /** All threads: the JavaScript thread, libuv's pool (argon2), V8's compiler and GC helpers. */
  totalMs: number;
  /** The JavaScript thread alone (its thread id is the process id). */
  mainThreadMs: number;
}

/** Another process's CPU time from /proc (Linux); undefined where /proc is not available. */
export function childCpu(pid: number | undefined): ProcessCpu | undefined {
  if (pid === undefined) return undefined;
  try {
    const toMs = (ticks: number) => (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
    return { totalMs: toMs(ticksOf(`/proc/${pid}/stat`)), mainThreadMs: toMs(ticksOf(`/proc/${pid}/task/${pid}/stat`)) };
  } catch {
    return undefined;
  }
}

/** This process's CPU time over all its threads, in ms. */
export function ownCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}
