import pg from 'pg';
import { startTarpit } from '../apps/api/test/support/tarpit';
import { type ApiServer, BENCH_CONTACT, createApiKey, createCustomer, signInSession, startApiServer } from './api-client';
import { arrivalRecorder, PLATFORM_DKIM } from './flow-latency';
import { type ThrowawayDatabase, throwawayDatabase } from './throwaway-postgres';

/**
 * One account's automation email latency with and without a noisy neighbour, in one run (issue 31,
 * point 3). Account B has a welcome flow (on `signed_up`, one email); account A a flow whose only
 * step calls a webhook on a host that never answers (a tarpit in the bench's process: it takes
 * the connection and says nothing, so every call runs to the server's 10 s timeout). First B's
 * people sign up alone, 20 a second, each through POST /api/v1/events; then A's 20,000 people
 * sign up in calls of 5,000 and, while A's webhook steps time out, B's next people sign up at the
 * same rate. Each latency runs from just before a person's call left to the moment a loopback SMTP
 * server accepted their email. One server on PostgreSQL, as in production.
 */

export const FLOW_FAIRNESS = { perSecond: 20, seconds: 15, noisyPeople: 20_000, noisyPerCall: 5_000, drainSeconds: 90 } as const;

export interface LatencyFigures {
  sent: number;
  delivered: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface FlowFairnessReport {
  quiet: LatencyFigures;
  noisy: LatencyFigures;
  /** What A's flood came to by the end: its runs, the calls that reached its host, its steps by status. */
  neighbour: { runs: number; calls: number; steps: Record<string, number> };
  problems: string[];
}

const percentile = (sorted: readonly number[], share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function figures(sentAt: ReadonlyMap<string, number>, arrivals: ReadonlyMap<string, number>): LatencyFigures {
  const latencies = [...sentAt].flatMap(([address, at]) => {
    const arrived = arrivals.get(address);
    return arrived === undefined ? [] : [arrived - at];
  });
  latencies.sort((left, right) => left - right);
  return { sent: sentAt.size, delivered: latencies.length, p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), p99: percentile(latencies, 0.99), max: latencies.at(-1) ?? Number.NaN };
}

export async function measureFlowFairness(repoRoot: string, log: (line: string) => void): Promise<FlowFairnessReport> {
  const perPhase = FLOW_FAIRNESS.perSecond * FLOW_FAIRNESS.seconds;
  let database: ThrowawayDatabase | undefined;
  let api: ApiServer | undefined;
  const relay = await arrivalRecorder();
  const host = await startTarpit();
  const problems: string[] = [];
  try {
    database = await throwawayDatabase();
    // Sign-up reads its link from the dev outbox, which exists only without a relay: the accounts
    // are made on a server of their own, then the measured one starts on the same database.
    const settings = { DATABASE_URL: database.url, WEBHOOKS_ALLOW_LOCAL: 'true', ...PLATFORM_DKIM };
    api = await startApiServer(repoRoot, 'flow-fairness-setup', settings);
    const accounts: { email: string; customerId: string; key: string; flowId: string }[] = [];
    for (const [email, definition] of [
      ['quiet@bench.example', (from: string) => ({ trigger: { type: 'event', event: 'signed_up' }, start: 'welcome', steps: [{ id: 'welcome', type: 'email', subject: 'Welcome, {{ first_name }}', from_name: 'Lark', from_email: from, content_html: '<p>Welcome aboard.</p>', next: null }] })],
      ['noisy@bench.example', () => ({ trigger: { type: 'event', event: 'signed_up' }, start: 'crm', steps: [{ id: 'crm', type: 'webhook', url: host.url, next: null }] })],
    ] as const) {
      await createCustomer(api, email);
      const session = await signInSession(api, email);
      await session.ok('PUT', `/api/home/v1/user/${session.customerId}/contact`, BENCH_CONTACT);
      const key = await createApiKey(api, session.cookie);
      const flow = await session.ok<{ flow: { id: string } }>('POST', '/api/automations/v1/flows', { name: email.startsWith('quiet') ? 'Welcome' : 'Sync to our CRM', definition: definition(email) });
      await session.ok('POST', `/api/automations/v1/flows/${flow.flow.id}/activate`);
      accounts.push({ email, customerId: session.customerId, key, flowId: flow.flow.id });
    }
    const [quiet, noisy] = accounts as [(typeof accounts)[number], (typeof accounts)[number]];
    log(`adding ${(2 * perPhase).toLocaleString('en-US')} subscribers to B and ${FLOW_FAIRNESS.noisyPeople.toLocaleString('en-US')} to A`);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const insert = `insert into subscribers (customer_id, email, first_name, status, created_at, updated_at, consent_source, consent_at)
        select $1::uuid, $2 || i || '@bench.example', 'Reader', 'active', now(), now(), 'import', now() from generate_series(1, $3::int) as i`;
      await client.query(insert, [quiet.customerId, 'reader', 2 * perPhase]);
      await client.query(insert, [noisy.customerId, 'lead', FLOW_FAIRNESS.noisyPeople]);
      await client.query('vacuum (analyze) subscribers');
    } finally {
      await client.end();
    }
    await api.close();
    api = await startApiServer(repoRoot, 'flow-fairness-server', { ...settings, SMTP_URL: relay.url, API_REQUESTS_PER_MINUTE: '100000', CAMPAIGN_MESSAGES_PER_DAY: '1000000', CAMPAIGN_SEND_RATE: '100000' });
    const server = api.server.url;
    const post = async (key: string, events: object[]) => {
      const response = await fetch(`${server}/api/v1/events`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ events }) });
      const text = await response.text();
      if (response.status !== 202) problems.push(`an events call answered ${response.status}: ${text.slice(0, 200)}`);
    };

    /** B's people `from`..`from + perPhase - 1` sign up, one call each at the rate; answers when each call left. */
    const signUps = async (from: number) => {
      const sentAt = new Map<string, number>();
      const calls: Promise<void>[] = [];
      const started = Date.now();
      for (let n = 0; n < perPhase; n += 1) {
        const due = started + (n * 1000) / FLOW_FAIRNESS.perSecond;
        if (due > Date.now()) await sleep(due - Date.now());
        const email = `reader${from + n}@bench.example`;
        sentAt.set(email, Date.now());
        calls.push(post(quiet.key, [{ name: 'signed_up', email, id: `signup-${email}` }]));
      }
      await Promise.all(calls);
      const deadline = Date.now() + FLOW_FAIRNESS.drainSeconds * 1000;
      while ([...sentAt.keys()].some((email) => !relay.arrivals.has(email)) && Date.now() < deadline) await sleep(250);
      return sentAt;
    };

    log(`B alone: ${perPhase} sign-ups at ${FLOW_FAIRNESS.perSecond} a second`);
    const quietSent = await signUps(1);
    log(`A's ${FLOW_FAIRNESS.noisyPeople.toLocaleString('en-US')} sign-ups in calls of ${FLOW_FAIRNESS.noisyPerCall.toLocaleString('en-US')}, then B's next ${perPhase} while A's webhooks time out`);
    for (let call = 0; call < FLOW_FAIRNESS.noisyPeople / FLOW_FAIRNESS.noisyPerCall; call += 1) {
      await post(
        noisy.key,
        Array.from({ length: FLOW_FAIRNESS.noisyPerCall }, (_, offset) => {
          const email = `lead${call * FLOW_FAIRNESS.noisyPerCall + offset + 1}@bench.example`;
          return { name: 'signed_up', email, id: `signup-${email}` };
        }),
      );
    }
    const firstCall = Date.now() + 30_000;
    while (host.connections === 0 && Date.now() < firstCall) await sleep(100);
    if (host.connections === 0) problems.push("A's webhook steps never reached the tarpit");
    const noisySent = await signUps(perPhase + 1);

    const report = { quiet: figures(quietSent, relay.arrivals), noisy: figures(noisySent, relay.arrivals) };
    for (const [name, phase] of Object.entries(report)) if (phase.delivered < phase.sent) problems.push(`${name}: ${phase.sent - phase.delivered} of ${phase.sent} emails had not arrived ${FLOW_FAIRNESS.drainSeconds} s after the last sign-up`);
    const reader = new pg.Client({ connectionString: database.url });
    await reader.connect();
    try {
      const runs = (await reader.query<{ n: number }>('select count(*)::int as n from flow_runs where flow_id = $1', [noisy.flowId])).rows[0]!.n;
      const steps = Object.fromEntries(
        (await reader.query<{ status: string; n: number }>('select status, count(*)::int as n from flow_step_runs where flow_id = $1 group by status order by status', [noisy.flowId])).rows.map((row) => [row.status, row.n]),
      );
      return { ...report, neighbour: { runs, calls: host.connections, steps }, problems };
    } finally {
      await reader.end();
    }
  } finally {
    await api?.close();
    await database?.close();
    await relay.close();
    await host.close();
  }
}

/** Prints the section; answers whether it ran clean. */
export function printFlowFairness(report: FlowFairnessReport): boolean {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const row = (name: string, phase: LatencyFigures) =>
    `  ${name.padEnd(34)} ${String(phase.delivered).padStart(4)}/${String(phase.sent).padEnd(4)} p50 ${ms(phase.p50).padStart(8)}  p95 ${ms(phase.p95).padStart(8)}  p99 ${ms(phase.p99).padStart(8)}  max ${ms(phase.max).padStart(8)}`;
  console.log(`\n== One account's automation email latency next to another's webhooks on a host that never answers (PostgreSQL) ==`);
  console.log(row('B alone', report.quiet));
  console.log(row("B while A's webhooks time out", report.noisy));
  console.log(`  p95 with the neighbour / alone: ${(report.noisy.p95 / report.quiet.p95).toFixed(2)}`);
  const steps = Object.entries(report.neighbour.steps).map(([status, n]) => `${status} ${n.toLocaleString('en-US')}`).join(', ');
  console.log(`  A by the end: ${report.neighbour.runs.toLocaleString('en-US')} runs, ${report.neighbour.calls} calls reached its host, webhook steps ${steps}`);
  for (const problem of report.problems) console.log(`  !!! ${problem}`);
  return report.problems.length === 0;
}
