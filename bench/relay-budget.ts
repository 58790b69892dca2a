import { spawn } from 'node:child_process';
import path from 'node:path';
import { openDatabase } from '../apps/api/src/db/client';
import { baseEnv } from './child-server';
import { type ThrowawayDatabase, throwawayDatabase } from './throwaway-postgres';

/**
 * The relay's sending budget (apps/api/src/mail/relay-budget.ts) across worker processes: two
 * processes on one PostgreSQL, each with 10 senders awaiting a turn before every message, drawing
 * from one relay's budget at CAMPAIGN_SEND_RATE = R; next to it, in the same run, the per-process
 * pace the campaign sender used before (lib/pace.ts), which lets each process send R: 2R together.
 */

export const RELAY_BUDGET = {
  rate: 200,
  processes: 2,
  callers: 10,
  seconds: 12,
  /** The first seconds are left out of the steady figure: the bucket starts full (one second's burst). */
  warmUpSeconds: 2,
} as const;

export interface RelayBudgetRun {
  mode: 'budget' | 'pace';
  /** Turns all processes got over the whole run, and per second. */
  turns: number;
  perSecond: number;
  /** Turns a second after the warm-up. */
  steadyPerSecond: number;
  /** Database statements a second, all processes together (the budget's takes). */
  statementsPerSecond: number;
  perProcess: number[];
}

export interface RelayBudgetReport {
  database: string;
  budget: RelayBudgetRun;
  pace: RelayBudgetRun;
  problems: string[];
}

async function runOnce(benchDir: string, databaseUrl: string, mode: 'budget' | 'pace'): Promise<RelayBudgetRun> {
  const { rate, processes, callers, seconds, warmUpSeconds } = RELAY_BUDGET;
  // Started together a little ahead, once every process has had time to load and connect.
  const startAt = Date.now() + 4_000;
  const results = await Promise.all(
    Array.from({ length: processes }, (_unused, index) =>
      new Promise<{ turns: number; steady: number; statements: number }>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', path.join(benchDir, 'relay-budget-worker.ts')], {
          cwd: benchDir,
          env: {
            ...baseEnv(),
            DATABASE_URL: databaseUrl,
            MODE: mode,
            RATE: String(rate),
            START_AT: String(startAt),
            SECONDS: String(seconds),
            WARM_UP_SECONDS: String(warmUpSeconds),
            CALLERS: String(callers),
            RELAY: `bench-${mode}`,
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString('utf8');
        });
        child.on('exit', (code) => {
          if (code !== 0) reject(new Error(`relay-budget worker ${index + 1} (${mode}) exited with code ${code}`));
          else resolve(JSON.parse(output.trim().split('\n').at(-1)!));
        });
      }),
    ),
  );
  const turns = results.reduce((sum, result) => sum + result.turns, 0);
  return {
    mode,
    turns,
    perSecond: turns / seconds,
    steadyPerSecond: results.reduce((sum, result) => sum + result.steady, 0) / (seconds - warmUpSeconds),
    statementsPerSecond: results.reduce((sum, result) => sum + result.statements, 0) / seconds,
    perProcess: results.map((result) => result.turns),
  };
}

export async function measureRelayBudget(repoRoot: string, log: (line: string) => void): Promise<RelayBudgetReport> {
  let database: ThrowawayDatabase | undefined;
  try {
    database = await throwawayDatabase();
    log(`PostgreSQL: ${database.description}`);
    // Migrated once here, so the workers find the schema in place.
    await (await openDatabase({ kind: 'postgres', url: database.url })).close();
    const benchDir = path.join(repoRoot, 'bench');
    log(`shared budget: ${RELAY_BUDGET.processes} processes × ${RELAY_BUDGET.callers} senders, R = ${RELAY_BUDGET.rate}/s, ${RELAY_BUDGET.seconds} s …`);
    const budget = await runOnce(benchDir, database.url, 'budget');
    log(`per-process pace: the same, each process paced at R on its own …`);
    const paced = await runOnce(benchDir, database.url, 'pace');
    const problems: string[] = [];
    const { rate, seconds } = RELAY_BUDGET;
    // One second's burst (the bucket starts full) and a chunk per process are all it may add to R × time.
    const allowed = rate * seconds + rate + RELAY_BUDGET.processes * Math.ceil(rate / 4);
    if (budget.turns > allowed) problems.push(`the shared budget let ${budget.turns} through in ${seconds} s, more than R × time + burst (${allowed})`);
    if (budget.perProcess.some((turns) => turns === 0)) problems.push('a process got no turn at all from the shared budget');
    return { database: database.description, budget, pace: paced, problems };
  } finally {
    await database?.close();
  }
}

export function printRelayBudget(report: RelayBudgetReport): boolean {
  const { rate } = RELAY_BUDGET;
  const line = (run: RelayBudgetRun, name: string) =>
    console.log(
      `  ${name.padEnd(18)} ${run.steadyPerSecond.toFixed(1).padStart(7)} msg/s steady (${((run.steadyPerSecond / rate) * 100).toFixed(0)} % of R), ${run.perSecond.toFixed(1)} over the whole run; per process ${run.perProcess.join(' + ')}; ${run.statementsPerSecond.toFixed(1)} statements/s`,
    );
  console.log(`\n== relay budget: ${RELAY_BUDGET.processes} worker processes, R = ${rate} msg/s (${report.database}) ==`);
  line(report.budget, 'shared budget');
  line(report.pace, 'per-process pace');
  for (const problem of report.problems) console.log(`  !! ${problem}`);
  return report.problems.length === 0;
}
