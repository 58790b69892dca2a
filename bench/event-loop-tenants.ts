import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { apiCall, createCustomer, signIn, startApiServer } from './api-client';
import { baseEnv } from './child-server';
import { EVENT_LOOP_LOAD, EVENT_LOOP_TARGET_P99_MS, type LoopFigures, peakRssMb, phase, setUp } from './event-loop';

/**
 * Issue 31's event-loop figure: the server's event-loop delay while one tenant's own AI provider
 * streams the worst-case answer and uploads of 10 MB arrive without an API key, next to the normal
 * traffic of bench (h), against the same normal traffic alone, in one run on one server.
 */

export const TENANT_ATTACKS = {
  /** Characters of the hostile answer: what made parseRewrite and cleanLine quadratic (spaces or quotes between two letters). */
  answerCharacters: 1_000_000,
  /** Unauthenticated uploads in flight at once, each starting again when answered. */
  uploaders: 4,
  uploadBytes: 10 * 1024 * 1024,
} as const;

// An answer is a 401/429 before the body is read; a connection the server closes on a body it
// will not read is what a client sees too (fetch reports it as a TypeError).
const REFUSED_UPLOAD = /^(401|413|429|TypeError|SocketError)$/;

// BENCH_TENANT_ATTACKS=ai or =uploads sends only those (to see which costs what); both by default.
const ATTACKS = new Set((process.env.BENCH_TENANT_ATTACKS ?? 'ai,uploads').split(','));

export interface TenantLoopReport {
  normal: LoopFigures;
  attack: LoopFigures;
  serverPeakRssMb: number | undefined;
  problems: string[];
}

interface HostileProvider {
  url: string;
  apiKey: string;
  model: string;
  /** Chat requests it has answered so far. */
  asked(): number;
  close(): Promise<void>;
}

/** bench/hostile-provider.ts in a child process: its address once it listens. */
function startHostileProvider(repoRoot: string): Promise<HostileProvider> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/hostile-provider.ts'], {
    cwd: repoRoot,
    env: { ...baseEnv(), HOSTILE_ANSWER_CHARACTERS: String(TENANT_ATTACKS.answerCharacters) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let asked = 0;
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    child.once('exit', (code) => reject(new Error(`the hostile provider exited with code ${code} before it listened`)));
    lines.on('line', (line) => {
      if (line === 'chat') {
        asked += 1;
        return;
      }
      const address = JSON.parse(line) as { url: string; apiKey: string; model: string };
      resolve({
        ...address,
        asked: () => asked,
        close: () => new Promise<void>((done) => {
          child.removeAllListeners('exit');
          child.once('exit', () => done());
          child.kill('SIGTERM');
        }),
      });
    });
  });
}

export async function measureTenantEventLoop(repoRoot: string, log: (line: string) => void): Promise<TenantLoopReport> {
  const probeFile = path.join(tmpdir(), `postlark-tenant-loop-${process.pid}.json`);
  const provider = await startHostileProvider(repoRoot);
  const api = await startApiServer(
    repoRoot,
    'tenant-loop-server',
    {
      BENCH_EVENT_LOOP_FILE: probeFile,
      WAITLIST_LIMIT_PER_MINUTE: '100000000',
      CAMPAIGN_SEND_RATE: '10000',
      // The tenant's provider is on loopback; the per-minute limit is raised so each answer is parsed.
      AI_ALLOW_LOCAL: 'true',
      AI_GENERATIONS_PER_MINUTE: '100000',
      // A directory here: the server's CPU profile of the run is written there (bench/cpu-profile.ts).
      BENCH_SERVER_CPU_PROFILE: process.env.BENCH_SERVER_CPU_PROFILE,
    },
    undefined,
    ['./bench/event-loop-probe.ts', './bench/cpu-profile.ts'],
  );
  const problems: string[] = [];
  try {
    const setup = await setUp(api, log);
    const hostileEmail = 'hostile-tenant@example.com';
    await createCustomer(api, hostileEmail);
    const hostile = await signIn(api, hostileEmail);
    // apiCall throws on any answer but 2xx.
    await apiCall(api, hostile, 'PUT', 'ai/provider', { base_url: provider.url, api_key: provider.apiKey, model: provider.model });
    log(`a second tenant's AI provider answers ${TENANT_ATTACKS.answerCharacters.toLocaleString('en-US')} spaces or quotes between two letters, streamed`);

    log(`normal traffic only, ${EVENT_LOOP_LOAD.phaseSeconds} s …`);
    const normal = await phase(api, setup, probeFile, 0);
    log(`normal traffic, the hostile AI answers and ${TENANT_ATTACKS.uploaders} unauthenticated 10 MB uploads at a time, ${EVENT_LOOP_LOAD.phaseSeconds} s …`);
    const upload = Buffer.alloc(TENANT_ATTACKS.uploadBytes, ' ');
    upload.write('{"events":[', 'utf8');
    upload.write(']}', TENANT_ATTACKS.uploadBytes - 2, 'utf8');
    const attack = await phase(api, setup, probeFile, normal.sequence, async (running, send) => {
      const generations = async () => {
        for (let turn = 0; running(); turn += 1) {
          const body = turn % 2 === 0 ? { task: 'rewrite', selection: 'Hello there, reader.', style: 'shorter' } : { task: 'subjects', subject: 'Hello', content_html: '<p>Spring news</p>' };
          await send(api, `attack: hostile AI answer (${body.task})`, hostile, 'POST', 'ai/generate', JSON.stringify(body));
        }
      };
      const uploader = async () => {
        while (running()) await send(api, 'attack: 10 MB events POST, no key', '', 'POST', 'v1/events', upload);
      };
      await Promise.all([ATTACKS.has('ai') ? generations() : undefined, ...Array.from({ length: ATTACKS.has('uploads') ? TENANT_ATTACKS.uploaders : 0 }, uploader)]);
    });

    for (const [name, figures] of [['normal', normal.figures], ['attack', attack.figures]] as const) {
      for (const [kind, counts] of Object.entries(figures.requests)) {
        const expected = kind.startsWith('attack: 10 MB') ? REFUSED_UPLOAD : /^2\d\d$/;
        const unexpected = Object.entries(counts).filter(([status]) => !expected.test(status));
        if (unexpected.length > 0) problems.push(`${name} phase, ${kind}: answered ${JSON.stringify(Object.fromEntries(unexpected))}`);
      }
    }
    if (ATTACKS.has('ai') && provider.asked() === 0) problems.push('the hostile provider was never asked: the AI attack did not run');
    if (api.server.unexpectedExit()) problems.push(`the server ${api.server.unexpectedExit()}`);
    return { normal: normal.figures, attack: attack.figures, serverPeakRssMb: await peakRssMb(api.server.pid), problems };
  } finally {
    await api.close();
    await provider.close();
    await rm(probeFile, { force: true });
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Prints the report; false when its figures cannot be trusted. */
export function printTenantEventLoop(report: TenantLoopReport): boolean {
  console.log(`\n== (h2) Event-loop delay while one tenant's provider and unauthenticated uploads attack (issue 31) ==`);
  console.log(`  the server and normal traffic of (h); in the second phase, one tenant's own AI provider streams ${TENANT_ATTACKS.answerCharacters.toLocaleString('en-US')} spaces`);
  console.log(`  (rewrite) or quotes (subjects) between two letters, one generation after another, and ${TENANT_ATTACKS.uploaders} clients POST 10 MB to /api/v1/events without a key\n`);
  const line = (name: string, figures: LoopFigures) =>
    `  ${name.padEnd(22)} inside p50 ${ms(figures.p50).padStart(8)}  p99 ${ms(figures.p99).padStart(8)}  max ${ms(figures.max).padStart(9)} (${figures.samples} samples)   health probe p99 ${ms(figures.probeP99).padStart(8)}`;
  console.log(line('normal traffic only', report.normal));
  console.log(line('normal + tenant attacks', report.attack));
  console.log('\n  requests, normal + tenant attacks:');
  for (const [kind, counts] of Object.entries(report.attack.requests)) {
    const statuses = Object.entries(counts).map(([status, count]) => `${status} × ${count}`).join(', ');
    console.log(`    ${kind.padEnd(40)} ${statuses.padEnd(22)} slowest ${ms(report.attack.slowest[kind] ?? 0)}`);
  }
  console.log(`  server peak RSS over its life (VmHWM): ${report.serverPeakRssMb === undefined ? '?' : `${report.serverPeakRssMb.toFixed(0)} MB`}`);
  const verdict = report.attack.p99 < EVENT_LOOP_TARGET_P99_MS ? 'PASS' : 'OVER';
  console.log(`\n  event-loop delay p99 under tenant attacks ${ms(report.attack.p99)} (normal only ${ms(report.normal.p99)})   target < ${EVENT_LOOP_TARGET_P99_MS} ms   ${verdict}`);
  for (const problem of report.problems) console.log(`\n  !!! ${problem} — the figures above are NOT trustworthy !!!`);
  return report.problems.length === 0;
}
