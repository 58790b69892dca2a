import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../apps/api/src/config/env';
import { openDatabase, rawQuery } from '../apps/api/src/db/client';
import { deliveryHeaders } from '../apps/api/src/modules/campaigns/delivery-headers';
import { returnPathsOf } from '../apps/api/src/modules/inbound/return-paths';
import { startInboundReceiver } from '../apps/api/src/modules/inbound/start-inbound-receiver';
import { getOrCreateSecret } from '../apps/api/src/modules/secrets/secrets.repository';
import { complaintReport, deliveryStatusReport } from '../apps/api/test/support/delivery-reports';
import { baseEnv } from './child-server';

/**
 * Issue 32's receiver figure: delivery reports handed over SMTP on loopback to the real inbound
 * receiver (startInboundReceiver on PGlite on disk, in this process) — one distinct report per
 * ledger row, each read, matched and recorded before its 250 — next to the same client handing the
 * same messages to a plain smtp-server that reads and discards them (the cost of SMTP itself),
 * with this process's event-loop delay during each phase. The client is a child process, so its
 * work is not on the loop measured.
 */

export const INBOUND = {
  /** Ledger rows with a timed report each, and rows for a warm-up (not timed, but recorded and checked). */
  reports: 2_000,
  warmup: 200,
  connections: 4,
  /** Messages per SMTP connection before the client opens a new one (nodemailer's pool default). */
  messagesPerConnection: 100,
  /** monitorEventLoopDelay's resolution, as bench/event-loop-probe.ts (an idle loop reads about this). */
  resolutionMs: 5,
} as const;

const BOUNCE_DOMAIN = 'bounces.lark.example';
const CLIENT_FLAG = '--inbound-client';
// Row i gets KINDS[i % 4]: a hard bounce, a soft one (one each: never enough to suppress), a
// refusal of the sender (no change to the reader), and an ARF complaint to abuse@ that names its
// delivery only through the quoted original's signed correlation header.
const KINDS = ['hard', 'soft', 'blocklist', 'complaint'] as const;
const OUTCOME = { hard: 'dead', soft: 'soft', blocklist: 'sender', complaint: 'complaint' } as const;

interface Delivery {
  from: string | false;
  to: string;
  raw: string;
}
interface ClientRun {
  sent: number;
  refused: number;
  firstError: string | null;
  seconds: number;
}
type ClientJob = { port: number; deliveries: Delivery[] };

/** In the child: every delivery through one pooled transport of `connections`, all queued at once. */
async function deliverAll({ port, deliveries }: ClientJob): Promise<ClientRun> {
  const client = nodemailer.createTransport({
    pool: true,
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
    maxConnections: INBOUND.connections,
    maxMessages: INBOUND.messagesPerConnection,
  });
  let refused = 0;
  let firstError: string | null = null;
  const started = performance.now();
  await Promise.all(
    deliveries.map((delivery) =>
      client.sendMail({ envelope: { from: delivery.from, to: [delivery.to] }, raw: delivery.raw }).catch((error: unknown) => {
        refused += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  client.close();
  return { sent: deliveries.length, refused, firstError, seconds };
}

if (process.argv[2] === CLIENT_FLAG) {
  process.on('message', (job: ClientJob) => void deliverAll(job).then((run) => process.send?.(run)));
  process.on('disconnect', () => process.exit(0));
  // A message sent before the listener above existed would be lost: the bench waits for this.
  process.send?.('ready');
}

export interface PhaseFigures extends ClientRun {
  perSecond: number;
  loopP50: number;
  loopP99: number;
  loopMax: number;
}
export interface InboundReport {
  sinkBefore: PhaseFigures;
  receiver: PhaseFigures;
  sinkAfter: PhaseFigures;
  meanBytes: number;
  stored: Record<string, number>;
  expected: Record<string, number>;
  problems: string[];
}

/** The child's next message; a child that exits first fails the bench instead of hanging it. */
async function nextMessage<T>(child: ChildProcess): Promise<T> {
  const exited = once(child, 'exit').then(([code]) => Promise.reject(new Error(`the SMTP client exited with code ${code}`)));
  return ((await Promise.race([once(child, 'message'), exited])) as [T])[0];
}

/** Sends the child a job and measures this process's loop while it runs; the warm-up first, untimed. */
async function phase(child: ChildProcess, port: number, warmup: Delivery[], timed: Delivery[]): Promise<PhaseFigures> {
  const run = async (deliveries: Delivery[]) => {
    const answer = nextMessage<ClientRun>(child);
    child.send({ port, deliveries } satisfies ClientJob);
    return answer;
  };
  const warm = await run(warmup);
  const loop = monitorEventLoopDelay({ resolution: INBOUND.resolutionMs });
  loop.enable();
  const figures = await run(timed);
  loop.disable();
  const ms = (nanoseconds: number) => nanoseconds / 1e6;
  return {
    ...figures,
    refused: figures.refused + warm.refused,
    firstError: warm.firstError ?? figures.firstError,
    perSecond: (figures.sent - figures.refused) / figures.seconds,
    loopP50: ms(loop.percentile(50)),
    loopP99: ms(loop.percentile(99)),
    loopMax: ms(loop.max),
  };
}

export async function measureInboundReceiver(benchDir: string): Promise<InboundReport> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'postlark-bench-inbound-'));
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  const { db } = database;
  // All the bench's mail comes from 127.0.0.1: the per-client message limit (600 a minute) is raised out of the way.
  const config = loadConfig({ LOG_LEVEL: 'silent', BOUNCE_DOMAIN, INBOUND_SMTP_PORT: '0', INBOUND_SMTP_HOST: '127.0.0.1', INBOUND_MESSAGES_PER_CLIENT_PER_MINUTE: '100000000' });

  // The ledger in SQL, as the sending engine leaves it: one customer, one sent campaign, a row per reader.
  const rows = INBOUND.warmup + INBOUND.reports;
  const [customer] = await rawQuery<{ id: string }>(db, `insert into customers (email, password_hash, first_name, gender, dob, country) values ('ada@lark.example', 'x', 'Ada', 'female', '1990-01-01', 'GB') returning id`, []);
  await rawQuery(db, `insert into subscribers (customer_id, email, status, created_at, updated_at, consent_source, consent_at, confirmed_at)
    select $1::uuid, 'reader' || g || '@readers.example', 'active', now(), now(), 'import', now(), now() from generate_series(1, $2::int) g`, [customer!.id, rows]);
  const [campaign] = await rawQuery<{ id: string }>(db, `insert into campaigns (customer_id, name, audience, status, created_at, updated_at, started_at, finished_at)
    values ($1::uuid, 'November news', '{"type":"all"}'::jsonb, 'sent', now(), now(), now(), now()) returning id`, [customer!.id]);
  const ledger = await rawQuery<{ id: string; email: string; message_id: string }>(db, `insert into campaign_messages (campaign_id, subscriber_id, email, status, message_id, next_attempt_at, sent_at)
    select $1::uuid, id, email, 'sent', '<' || id || '@lark.example>', now(), now() from subscribers where customer_id = $2::uuid order by email
    returning id, email, message_id`, [campaign!.id, customer!.id]);

  // The same secrets the receiver reads (getOrCreateSecret answers the stored one), so the VERP
  // addresses and correlation headers are the ones the engine would have sent.
  const paths = await returnPathsOf(db, BOUNCE_DOMAIN);
  const headers = deliveryHeaders(await getOrCreateSecret(db, 'delivery-headers'), new URL(config.APP_URL).hostname);
  const deliveries: Delivery[] = ledger.map((row, index) => {
    const kind = KINDS[index % KINDS.length]!;
    const original = { messageId: row.message_id, to: row.email };
    if (kind === 'complaint') return { from: 'fbl@provider.example', to: `abuse@${BOUNCE_DOMAIN}`, raw: complaintReport({ recipient: row.email, original: { ...original, correlation: headers.correlation(row.message_id) } }) };
    const dsn = {
      hard: { status: '5.1.1', diagnostic: `550 5.1.1 <${row.email}>: User unknown in virtual mailbox table` },
      soft: { status: '4.2.2', diagnostic: '452 4.2.2 Mailbox full', action: 'delayed' as const },
      blocklist: { status: '5.7.1', diagnostic: '554 5.7.1 Service unavailable; client host [192.0.2.1] blocked using zen.spamhaus.org' },
    }[kind];
    return { from: false, to: paths.bounceAddress(Number(row.id), BOUNCE_DOMAIN), raw: deliveryStatusReport({ id: `dsn-${row.id}`, recipient: row.email, original, ...dsn }) };
  });
  const [warmup, timed] = [deliveries.slice(0, INBOUND.warmup), deliveries.slice(INBOUND.warmup)];

  // The baseline: smtp-server reading each message to its end and dropping it, in this process too.
  const sink = new SMTPServer({ disabledCommands: ['AUTH', 'STARTTLS'], authOptional: true, logger: false, closeTimeout: 200, disableReverseLookup: true,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const sinkPort = (sink.server.address() as AddressInfo).port;
  const warnings: string[] = [];
  const receiver = await startInboundReceiver({ config, db, log: { info: () => {}, warn: (object) => warnings.push(JSON.stringify(object).slice(0, 300)) } });
  if (!receiver) throw new Error('the inbound receiver did not start');

  const child = fork(fileURLToPath(import.meta.url), [CLIENT_FLAG], { cwd: benchDir, env: baseEnv(), execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    await nextMessage<'ready'>(child);
    // Sink before and after the receiver: how much the machine moved during the run.
    const sinkBefore = await phase(child, sinkPort, warmup, timed);
    const receiverFigures = await phase(child, receiver.port, warmup, timed);
    const sinkAfter = await phase(child, sinkPort, warmup, timed);

    const count = async (query: string) => Number((await rawQuery<{ n: string }>(db, query, []))[0]!.n);
    const stored: Record<string, number> = {
      reports: await count('select count(*) as n from delivery_reports'),
      'reports on their delivery': await count(`select count(*) as n from delivery_reports where campaign_id is not null and subscriber_id is not null`),
      bounced: await count(`select count(*) as n from subscribers where status = 'bounced'`),
      complained: await count(`select count(*) as n from subscribers where status = 'complained'`),
    };
    for (const row of await rawQuery<{ outcome: string; n: string }>(db, 'select outcome, count(*) as n from delivery_reports group by outcome', [])) stored[row.outcome] = Number(row.n);
    const ofKind = (kind: (typeof KINDS)[number]) => ledger.filter((_row, index) => KINDS[index % KINDS.length] === kind).length;
    const expected: Record<string, number> = { reports: rows, 'reports on their delivery': rows, bounced: ofKind('hard'), complained: ofKind('complaint') };
    for (const kind of KINDS) expected[OUTCOME[kind]] = ofKind(kind);

    const problems: string[] = [];
    for (const [name, figures] of [['sink (before)', sinkBefore], ['receiver', receiverFigures], ['sink (after)', sinkAfter]] as const) {
      if (figures.refused > 0) problems.push(`${name}: ${figures.refused} messages refused (first: ${figures.firstError})`);
    }
    for (const [name, want] of Object.entries(expected)) if (stored[name] !== want) problems.push(`database: ${stored[name] ?? 0} ${name}, expected ${want}`);
    if (warnings.length > 0) problems.push(`receiver: ${warnings.length} warnings (first: ${warnings[0]})`);
    const meanBytes = deliveries.reduce((sum, delivery) => sum + delivery.raw.length, 0) / deliveries.length;
    return { sinkBefore, receiver: receiverFigures, sinkAfter, meanBytes, stored, expected, problems };
  } finally {
    child.disconnect();
    await receiver.stop();
    await new Promise<void>((resolve) => sink.close(() => resolve()));
    await database.close();
  }
}

export function printInboundReceiver(report: InboundReport): boolean {
  const { reports, warmup, connections, messagesPerConnection, resolutionMs } = INBOUND;
  console.log(`\n== Inbound SMTP receiver: ${reports.toLocaleString('en-US')} delivery reports over loopback, ${connections} SMTP connections (issue 32) ==`);
  console.log('  receiver: startInboundReceiver on PGlite on disk (a temporary DATA_DIR), in the bench process; each report read, matched and recorded before its 250');
  console.log(`  one report per ledger row of one sent campaign, to its VERP address (hard 5.1.1, soft 4.2.2, blocklist 5.7.1) or an ARF complaint to abuse@, in turn; ${Math.round(report.meanBytes)} B each`);
  console.log(`  client: nodemailer's pool in a child process, all messages queued at once, ${messagesPerConnection} per connection; ${warmup} warm-up reports first (untimed, own ledger rows)`);
  console.log(`  baseline: the same client and messages to a plain smtp-server in the bench process that reads and discards them, before and after the receiver`);
  console.log(`  event-loop delay: monitorEventLoopDelay (resolution ${resolutionMs} ms: an idle loop reads about ${resolutionMs} ms) in the bench process, over each timed phase\n`);
  const line = (name: string, figures: PhaseFigures) =>
    `  ${name.padEnd(14)} ${figures.perSecond.toFixed(0).padStart(6)} reports/s   ${figures.sent - figures.refused} in ${figures.seconds.toFixed(2)} s   loop p50 ${figures.loopP50.toFixed(1).padStart(6)} ms  p99 ${figures.loopP99.toFixed(1).padStart(6)} ms  max ${figures.loopMax.toFixed(1).padStart(7)} ms   refused ${figures.refused}`;
  console.log(line('sink (before)', report.sinkBefore));
  console.log(line('receiver', report.receiver));
  console.log(line('sink (after)', report.sinkAfter));
  const sinkMean = (report.sinkBefore.perSecond + report.sinkAfter.perSecond) / 2;
  console.log(`\n  receiver / sink (mean of both) = ${((report.receiver.perSecond / sinkMean) * 100).toFixed(1)} %`);
  console.log(`  stored: ${Object.entries(report.stored).map(([name, n]) => `${name} ${n}${report.expected[name] === undefined ? '' : ` (expected ${report.expected[name]})`}`).join(', ')}`);
  for (const problem of report.problems) console.log(`\n  !!! ${problem} — the figures above are NOT trustworthy !!!`);
  return report.problems.length === 0;
}
