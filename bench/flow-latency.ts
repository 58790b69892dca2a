import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { type ApiServer, BENCH_CONTACT, createApiKey, createCustomer, signInSession, startApiServer } from './api-client';
import { type ThrowawayDatabase, throwawayDatabase } from './throwaway-postgres';

/**
 * From an order_placed event to the automation's email, end to end: a flow "on order_placed, send
 * a thank-you" is active on a server on PostgreSQL that relays to a loopback SMTP server; events
 * arrive through POST /api/v1/events at 1,000 a second (a call of 100 every 100 ms), one per
 * subscriber, and each person's latency runs from just before their call left to the moment the
 * SMTP server accepted their email. The events only start runs: the flow has no wait.
 */

// Automation email may only be From a domain that signs: the bench customers' senders are their
// sign-up addresses at the platform's own domain (DKIM_DOMAIN), signed with the platform's key.
export const PLATFORM_DKIM = {
  DKIM_DOMAIN: 'bench.example',
  DKIM_SELECTOR: 'bench',
  DKIM_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  MAIL_FROM: 'Postlark <no-reply@bench.example>',
};

export const FLOW_LATENCY = { perSecond: 1_000, seconds: 30, perCall: 100, drainSeconds: 120 } as const;
export const FLOW_LATENCY_TARGET_P95_MS = 5_000;

export interface FlowLatencyReport {
  sent: number;
  delivered: number;
  /** What the load achieved: events accepted per second over the sending window. */
  eventsPerSecond: number;
  /** Emails that arrived a second, from the first event sent to the last email's arrival. */
  emailsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  problems: string[];
}

const percentile = (sorted: readonly number[], share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A loopback relay that notes when each recipient's message was accepted (flow-fairness.ts too). */
export async function arrivalRecorder() {
  const arrivals = new Map<string, number>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        const at = Date.now();
        for (const recipient of session.envelope.rcptTo) if (!arrivals.has(recipient.address)) arrivals.set(recipient.address.toLowerCase(), at);
        callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, arrivals, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export async function measureFlowLatency(repoRoot: string, log: (line: string) => void): Promise<FlowLatencyReport> {
  const people = FLOW_LATENCY.perSecond * FLOW_LATENCY.seconds;
  let database: ThrowawayDatabase | undefined;
  let api: ApiServer | undefined;
  const relay = await arrivalRecorder();
  try {
    database = await throwawayDatabase();
    // Signing up reads its link from the dev outbox, which exists only without a relay: the setup
    // runs on a server of its own, then the measured one starts on the same database.
    api = await startApiServer(repoRoot, 'flow-setup-server', { DATABASE_URL: database.url, ...PLATFORM_DKIM });
    const email = 'flows@bench.example';
    await createCustomer(api, email);
    const session = await signInSession(api, email);
    await session.ok('PUT', `/api/home/v1/user/${session.customerId}/contact`, BENCH_CONTACT);
    const key = await createApiKey(api, session.cookie);

    log(`adding ${people.toLocaleString('en-US')} subscribers and the flow`);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(
        `insert into subscribers (customer_id, email, first_name, status, created_at, updated_at, consent_source, consent_at)
         select $1::uuid, 'buyer' || i || '@bench.example', 'Buyer', 'active', now(), now(), 'import', now() from generate_series(1, $2::int) as i`,
        [session.customerId, people],
      );
      await client.query('vacuum (analyze) subscribers');
    } finally {
      await client.end();
    }
    const flow = await session.ok<{ flow: { id: string } }>('POST', '/api/automations/v1/flows', {
      name: 'Thank you',
      definition: {
        trigger: { type: 'event', event: 'order_placed', filters: [] },
        start: 'thanks',
        steps: [{ id: 'thanks', type: 'email', subject: 'Thank you, {{ first_name }}', from_name: 'Lark', from_email: email, content_html: '<p>Thanks for your order.</p>', next: null }],
      },
    });
    await session.ok('POST', `/api/automations/v1/flows/${flow.flow.id}/activate`);

    await api.close();
    // BENCH_SERVER_CPU_PROFILE=<dir> writes the measured server's CPU profile of the run there (cpu-profile.ts).
    const profile = process.env.BENCH_SERVER_CPU_PROFILE;
    const profiling = profile ? { env: { BENCH_SERVER_CPU_PROFILE: profile }, preload: [new URL('./cpu-profile.ts', import.meta.url).pathname] } : { env: {}, preload: [] };
    api = await startApiServer(
      repoRoot,
      'flow-latency-server',
      { DATABASE_URL: database.url, SMTP_URL: relay.url, API_REQUESTS_PER_MINUTE: '100000', CAMPAIGN_MESSAGES_PER_DAY: '1000000', FLOW_ENTRIES_PER_HOUR: '1000000', CAMPAIGN_SEND_RATE: '100000', ...PLATFORM_DKIM, ...profiling.env },
      undefined,
      profiling.preload,
    );

    log(`sending ${FLOW_LATENCY.perSecond} order_placed events a second for ${FLOW_LATENCY.seconds} s`);
    const sentAt = new Map<string, number>();
    const problems: string[] = [];
    const calls: Promise<void>[] = [];
    const started = Date.now();
    let accepted = 0;
    for (let call = 0; call < people / FLOW_LATENCY.perCall; call += 1) {
      const due = started + (call * 1000 * FLOW_LATENCY.perCall) / FLOW_LATENCY.perSecond;
      if (due > Date.now()) await sleep(due - Date.now());
      const events = Array.from({ length: FLOW_LATENCY.perCall }, (_, offset) => {
        const n = call * FLOW_LATENCY.perCall + offset + 1;
        return { name: 'order_placed', email: `buyer${n}@bench.example`, id: `order-${n}`, value: 20, currency: 'EUR', properties: { order_id: `order-${n}` } };
      });
      const at = Date.now();
      for (const event of events) sentAt.set(event.email, at);
      calls.push(
        fetch(`${api.server.url}/api/v1/events`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ events }) }).then(async (response) => {
          const text = await response.text();
          if (response.status !== 202) problems.push(`a call answered ${response.status}: ${text.slice(0, 200)}`);
          else accepted += (JSON.parse(text) as { payload: { accepted: number } }).payload.accepted;
        }),
      );
    }
    await Promise.all(calls);
    const sendingSeconds = (Date.now() - started) / 1000;

    const deadline = Date.now() + FLOW_LATENCY.drainSeconds * 1000;
    while (relay.arrivals.size < people && Date.now() < deadline) await sleep(250);
    const latencies = [...sentAt].flatMap(([address, at]) => {
      const arrived = relay.arrivals.get(address);
      return arrived === undefined ? [] : [arrived - at];
    });
    latencies.sort((left, right) => left - right);
    let lastArrival = Number.NaN;
    for (const at of relay.arrivals.values()) if (!(at <= lastArrival)) lastArrival = at;
    if (latencies.length < people) problems.push(`${people - latencies.length} of ${people} emails had not arrived ${FLOW_LATENCY.drainSeconds} s after the last event`);
    return {
      sent: people,
      delivered: latencies.length,
      eventsPerSecond: accepted / sendingSeconds,
      emailsPerSecond: latencies.length / ((lastArrival - started) / 1000),
      p50: percentile(latencies, 0.5),
      p95: percentile(latencies, 0.95),
      p99: percentile(latencies, 0.99),
      max: latencies.at(-1) ?? Number.NaN,
      problems,
    };
  } finally {
    await api?.close();
    await database?.close();
    await relay.close();
  }
}

/** Prints the section; answers whether it ran clean. */
export function printFlowLatency(report: FlowLatencyReport): boolean {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  console.log(`\n== From an order_placed event to the automation's email at a loopback SMTP server (PostgreSQL) ==`);
  console.log(
    `  ${report.sent.toLocaleString('en-US')} events at ${report.eventsPerSecond.toFixed(0)} a second, ${report.delivered.toLocaleString('en-US')} emails arrived (${report.emailsPerSecond.toFixed(0)} a second from the first event to the last email)`,
  );
  console.log(`  latency p50 ${ms(report.p50)}, p95 ${ms(report.p95)} (target < ${FLOW_LATENCY_TARGET_P95_MS} ms: ${report.p95 < FLOW_LATENCY_TARGET_P95_MS ? 'PASS' : 'OVER'}), p99 ${ms(report.p99)}, max ${ms(report.max)}`);
  for (const problem of report.problems) console.log(`  !!! ${problem}`);
  return report.problems.length === 0;
}
