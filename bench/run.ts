import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AB_TARGETS, measureAbSimulation, printAbSimulation } from './ab-simulation';
import { measureSendTimeAndScores, oracleShare, printSendTimeAndScores, SEND_TIME_TARGETS } from './send-time-and-scores';
import { type BundleReport, GZIP_LEVEL, INITIAL_JS_BUDGET_BYTES, measureBundle } from './bundle-size';
import { SCALE, SCALE_TARGETS, type ScaleReport, measureAudienceScale } from './audience-scale';
import { CAMPAIGN_SEND, CAMPAIGN_SEND_TARGETS, type CampaignSendReport, measureCampaignSend } from './campaign-send';
import { measureRelayBudget, printRelayBudget, RELAY_BUDGET } from './relay-budget';
import { measureCdnow, printCdnow } from './cdnow';
import { measureBounceClassifier, printBounceClassifier } from './bounce-classifier';
import { measureInboundReceiver, printInboundReceiver } from './inbound-receiver';
import { measureMediaUpload, printMediaUpload } from './media-upload';
import { INSIGHTS_REFRESH_TARGETS, measureInsightsRefresh, printInsightsRefresh } from './insights-refresh';
import { measurePlatformImport, PLATFORM_IMPORT, printPlatformImport } from './platform-import';
import { measurePlatformSteady, PLATFORM_STEADY, printPlatformSteady } from './platform-steady';
import { GROCERIES, measureGroceries, printGroceries } from './groceries';
import { killAllChildren } from './child-server';
import { measureLighthouse, printLighthouse, summariseLighthouse } from './lighthouse';
import { FLOW_LATENCY_TARGET_P95_MS, measureFlowLatency, printFlowLatency } from './flow-latency';
import { measureFlowFairness, printFlowFairness } from './flow-fairness';
import { EVENTS_INGEST_TARGETS, measureEventsIngest, printEventsIngest } from './events-ingest';
import { EVENT_LOOP_LOAD, EVENT_LOOP_TARGET_P99_MS, type EventLoopReport, measureEventLoop } from './event-loop';
import { measureTenantEventLoop, printTenantEventLoop } from './event-loop-tenants';
import { measureTrackingThroughput, TRACKING_LOAD, TRACKING_TARGETS, type TrackingReport } from './tracking-throughput';
import { BENCH_EMAIL_SEND_LIMIT_PER_MINUTE, EMAIL_SEND_LOAD, type EmailSendReport, measureEmailSendThroughput } from './email-send-throughput';
import { ARGON2_MIRROR, SIGN_IN_LOAD, type SignInReport, measureSignInThroughput } from './sign-in-throughput';
import {
  BENCH_WAITLIST_LIMIT_PER_MINUTE,
  CONNECTION_LEVELS,
  LOAD,
  type TargetFigures,
  TARGET_RATIO,
  type ThroughputReport,
  measureWaitlistThroughput,
} from './waitlist-throughput';

// `npm run bench` builds the web app first, then runs this: bundle sizes, waitlist throughput,
// sign-ins against raw argon2, email-send requests, a million subscribers on PostgreSQL, a campaign
// of 100,000 messages next to raw nodemailer, tracking hits next to a bare route, and the server's
// event-loop delay while hostile inputs arrive next to normal traffic.
// `npm run bench -- audience` (or any of the section names below) runs only the sections named.
const SECTIONS = ['bundle', 'waitlist', 'sign-in', 'email-send', 'audience', 'send', 'relay-budget', 'tracking', 'event-loop', 'tenant-loop', 'events', 'flows', 'flow-fairness', 'cdnow', 'insights-refresh', 'platform-import', 'platform-steady', 'groceries', 'ab-simulation', 'send-time-and-scores', 'bounces', 'inbound', 'media', 'lighthouse'] as const;
type Section = (typeof SECTIONS)[number];
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(SECTIONS as readonly string[]).includes(name));
if (unknown.length > 0) {
  console.error(`unknown bench section ${unknown.join(', ')}: choose from ${SECTIONS.join(', ')}`);
  process.exit(2);
}
const runs = (section: Section) => asked.length === 0 || asked.includes(section);

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.join(repoRoot, 'apps/web/dist');

// The bench must never leave a server behind holding a port or a PGlite lock.
process.on('exit', killAllChildren);
process.once('SIGINT', () => {
  console.error('\ninterrupted: stopping child servers');
  process.exit(130);
});
process.once('SIGTERM', () => process.exit(143));
// Bounded: a hung server or client fails the bench instead of keeping a CI slot forever.
// About 19 minutes are expected (waitlist ~2 min, sign-in ~1 min, email-send ~30 s, audience ~2 min, send ~10 min, tracking ~2 min, event-loop ~1 min).
const WATCHDOG_MS = 1_500_000;
setTimeout(() => {
  console.error(`\nbench did not finish within ${WATCHDOG_MS / 1000} s: stopping`);
  process.exit(1);
}, WATCHDOG_MS).unref();

const bytes = (value: number) => value.toLocaleString('en-US');
const kb = (value: number) => `${(value / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

function printBundle(report: BundleReport) {
  console.log(`\n== (a) Landing page initial JS and CSS (gzip: node:zlib level ${GZIP_LEVEL}) ==`);
  console.log(`from ${path.relative(repoRoot, report.distDir)}/index.html: entry script, modulepreloads, stylesheets, and static imports followed recursively\n`);
  const rows = report.initial.map((asset) => ({
    file: asset.file,
    why: asset.importedBy ? `${asset.reason} (${path.basename(asset.importedBy)})` : asset.reason,
    raw: bytes(asset.raw),
    gzip: bytes(asset.gzip),
  }));
  const width = (key: keyof (typeof rows)[number], title: string) => Math.max(title.length, ...rows.map((row) => row[key].length));
  const [fileW, whyW, rawW, gzipW] = [width('file', 'file'), width('why', 'loaded as'), width('raw', 'raw B'), width('gzip', 'gzip B')];
  console.log(`  ${'file'.padEnd(fileW)}  ${'loaded as'.padEnd(whyW)}  ${'raw B'.padStart(rawW)}  ${'gzip B'.padStart(gzipW)}`);
  for (const row of rows) console.log(`  ${row.file.padEnd(fileW)}  ${row.why.padEnd(whyW)}  ${row.raw.padStart(rawW)}  ${row.gzip.padStart(gzipW)}`);
  const verdict = report.withinBudget ? 'PASS' : 'OVER';
  console.log(`\n  initial JS : ${bytes(report.initialJsGzip)} B gzip (${kb(report.initialJsGzip)})   target: initial JS ≤ 100 KB gzip (${bytes(INITIAL_JS_BUDGET_BYTES)} B)   ${verdict}`);
  console.log(`  initial CSS: ${bytes(report.initialCssGzip)} B gzip (${kb(report.initialCssGzip)})`);
  console.log(`  for information, loaded lazily: JS ${bytes(report.lazyJsGzip)} B gzip in ${report.lazyJs.length} chunks, CSS ${bytes(report.lazyCssGzip)} B gzip in ${report.lazyCss.length} files`);
}

function loudProblems(name: string, figures: Pick<TargetFigures, 'non2xx' | 'statusCodes' | 'errors' | 'timeouts' | 'firstError'>): string[] {
  const problems: string[] = [];
  if (figures.non2xx > 0) problems.push(`${name}: ${figures.non2xx} non-2xx responses (status codes ${JSON.stringify(figures.statusCodes)})`);
  if (figures.errors > 0) problems.push(`${name}: ${figures.errors} connection errors (${figures.timeouts} timeouts; first: ${figures.firstError})`);
  return problems;
}

function printThroughput(report: ThroughputReport) {
  console.log(`\n== (b) Waitlist POST throughput vs a bare Fastify route (autocannon, ${report.connections} connections) ==`);
  console.log(
    `  ${report.connections} connections, pipelining ${LOAD.pipelining}, ${LOAD.warmupSeconds} s warm-up each (discarded), then runs of ${LOAD.runSeconds} s ordered bare, waitlist, waitlist, bare`,
  );
  console.log('  each server in its own child process on 127.0.0.1; waitlist = apps/api/src/server.ts on PGlite on disk (fresh DATA_DIR), LOG_LEVEL=warn');
  console.log(`  WAITLIST_LIMIT_PER_MINUTE raised from 20 to ${bytes(BENCH_WAITLIST_LIMIT_PER_MINUTE)}: every bench request comes from one client`);
  console.log('  each waitlist request carries a different email (autocannon idReplacement), so each is a real insert\n');
  const line = (name: string, figures: TargetFigures) =>
    `  ${name.padEnd(28)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${ms(figures.p50).padStart(8)}   p99 ${ms(figures.p99).padStart(8)}   non-2xx ${figures.non2xx}   errors ${figures.errors}`;
  console.log(line('bare   POST /bare', report.bare));
  console.log(line('waitlist POST /api/landing/v1/waitlist/', report.waitlist));
  console.log('  (req/s counts 2xx only, over both runs; p50/p99 are the means of the two runs)');
  const verdict = report.meetsTarget ? 'PASS' : 'BELOW';
  console.log(`\n  waitlist / bare = ${(report.ratio * 100).toFixed(1)} %   target: ≥ ${TARGET_RATIO * 100}% of the bare route on PGlite   ${verdict}`);
  const stored = report.storedRows === undefined ? 'unknown' : bytes(report.storedRows);
  console.log(`  rows stored: ${stored} Waitlist rows (${report.storedRowsNote})`);
  console.log(
    `  201 responses counted, warm-up included: ${bytes(report.created)}; the ${bytes((report.storedRows ?? report.created) - report.created)} more rows are requests in flight when a run ended (≤ ${report.uncountedInFlightMax} expected)`,
  );
  const problems = [...loudProblems('bare', report.bare), ...loudProblems('waitlist', report.waitlist)];
  const extra = report.storedRows === undefined ? 0 : report.storedRows - report.created;
  if (extra < 0 || extra > report.uncountedInFlightMax) {
    problems.push(`waitlist: ${bytes(report.created)} answered 201 but ${bytes(report.storedRows ?? 0)} rows are stored`);
  }
  const alreadyJoined = report.waitlist.statusCodes['200'] ?? 0;
  if (alreadyJoined > 0) problems.push(`waitlist: ${alreadyJoined} answered 200 (already joined): those were not new inserts`);
  for (const problem of problems) console.log(`\n  !!! ${problem} — the figures above are NOT trustworthy !!!`);
  return problems.length === 0;
}

function printSignIn(report: SignInReport) {
  console.log(`\n== (c) Sign-ins per second vs raw argon2 verifications per second (${report.connections} in flight) ==`);
  console.log('  sign-in: POST /api/authentication/v1/login/ on apps/api/src/server.ts (PGlite on disk, fresh DATA_DIR, LOG_LEVEL=warn), one customer');
  console.log('  created through email-send, the dev outbox link, email-verification and signup; every request the right password');
  console.log(
    `  raw: @node-rs/argon2 verify in the bench process, argon2id m=${ARGON2_MIRROR.memoryCost} KiB t=${ARGON2_MIRROR.timeCost} p=${ARGON2_MIRROR.parallelism} (mirrored from passwords.ts), while the server is idle`,
  );
  console.log(
    `  ${SIGN_IN_LOAD.warmupSeconds} s warm-up each (discarded), then ${SIGN_IN_LOAD.runSeconds} s runs ordered argon2, sign-in, sign-in, argon2; ${report.threadPool}\n`,
  );
  console.log(
    `  sign-in  POST /login/      ${report.signIn.requestsPerSecond.toFixed(1).padStart(7)} sign-ins/s        p50 ${ms(report.signIn.p50).padStart(8)}   p99 ${ms(report.signIn.p99).padStart(8)}   non-2xx ${report.signIn.non2xx}   errors ${report.signIn.errors}`,
  );
  console.log(
    `  raw argon2 verify          ${report.argon2.perSecond.toFixed(1).padStart(7)} verifications/s   p50 ${ms(report.argon2.p50).padStart(8)}   p99 ${ms(report.argon2.p99).padStart(8)}   mismatches ${report.argon2.failures}`,
  );
  console.log('  (per second over both runs of each side; p50/p99 the means of the two runs; operations in flight when a run ended are not counted on either side)');
  console.log(`\n  sign-ins / raw verifications = ${(report.ratio * 100).toFixed(1)} %`);
  if (report.cpu) {
    const { signInMs, signInMainThreadMs, verifyMs, signInCores, verifyCores } = report.cpu;
    console.log(
      `  CPU per sign-in ${signInMs.toFixed(1)} ms (server, all threads; ${signInMainThreadMs.toFixed(1)} ms on its JavaScript thread: HTTP, validation, PGlite) vs per raw verification ${verifyMs.toFixed(1)} ms (bench process)`,
    );
    console.log(
      `  cores busy on average: server ${signInCores.toFixed(2)} during sign-ins, bench ${verifyCores.toFixed(2)} during raw verifications, of ${availableParallelism()}; with both saturated, the ratio would be about ${((verifyMs / signInMs) * 100).toFixed(0)} %`,
    );
  } else {
    console.log('  CPU per operation: unavailable (needs /proc)');
  }
  console.log(
    `  the server's hashPassword writes m,t,p = ${report.serverParameters}: ${report.parametersMatch ? 'the same as the mirror' : 'NOT the mirrored parameters'}`,
  );
  const problems = loudProblems('sign-in', report.signIn);
  if (report.signIn.non2xx > 0) problems.push('sign-in: a failed sign-in counts towards the throttle (429s follow)');
  if (report.argon2.failures > 0) problems.push(`argon2: ${report.argon2.failures} verifications answered false`);
  if (!report.parametersMatch) problems.push(`argon2: the mirrored parameters differ from the server's (${report.serverParameters}); update ARGON2_MIRROR`);
  for (const problem of problems) console.log(`\n  !!! ${problem} — the figures above are NOT trustworthy !!!`);
  return problems.length === 0;
}

function printEmailSend(report: EmailSendReport) {
  console.log(`\n== (d) Email-send requests accepted per second (autocannon, ${report.connections} connections) ==`);
  console.log('  POST /api/authentication/v1/email-send/ to the sign-up page on apps/api/src/server.ts (PGlite on disk, fresh DATA_DIR, no SMTP_URL: dev outbox)');
  console.log(`  EMAIL_SEND_LIMIT_PER_MINUTE raised from 10 to ${bytes(BENCH_EMAIL_SEND_LIMIT_PER_MINUTE)}: every bench request comes from one client`);
  console.log(`  each request a different email (autocannon idReplacement): a new token and a queued mail; ${EMAIL_SEND_LOAD.warmupSeconds} s warm-up (discarded), one ${EMAIL_SEND_LOAD.runSeconds} s run\n`);
  const run = report.run;
  console.log(
    `  email-send POST /email-send/  ${run.requestsPerSecond.toFixed(0).padStart(6)} accepted/s (200)   p50 ${ms(run.p50).padStart(8)}   p99 ${ms(run.p99).padStart(8)}   non-2xx ${run.non2xx}   errors ${run.errors}`,
  );
  const delivered = report.deliveredAtEnd === undefined ? 'unknown' : bytes(report.deliveredAtEnd);
  const afterStop = report.outboxAfterStop === undefined ? 'unknown' : bytes(report.outboxAfterStop);
  console.log(`\n  accepted (200), warm-up included: ${bytes(report.accepted)}; in the dev outbox when the run ended: ${delivered}; after the server stopped: ${afterStop}`);
  const jobs = report.jobsAfterStop ? Object.entries(report.jobsAfterStop).map(([state, count]) => `${state} ${bytes(count)}`).join(', ') : 'unknown';
  console.log(`  email-link and send-email jobs after the server stopped: ${jobs} (${report.note})`);
  console.log('  the answers never waited for a mail: the rest stayed queued in pg-boss (a restart would deliver them; the bench deletes the DATA_DIR)');
  const problems = loudProblems('email-send', run);
  for (const problem of problems) console.log(`\n  !!! ${problem} — the figures above are NOT trustworthy !!!`);
  return problems.length === 0;
}

function printScale(report: ScaleReport) {
  const { importSeconds, serverMemoryMb, p95Ms } = SCALE_TARGETS;
  console.log(`\n== (e) A million subscribers on PostgreSQL, through the server ==`);
  console.log(`  ${report.database}; apps/api/src/server.ts with DATABASE_URL, its queue workers in the same process, LOG_LEVEL=warn`);
  console.log(`  a generated CSV of ${bytes(report.rows)} rows (${(report.fileBytes / 1e6).toFixed(1)} MB: email, first and last name, two attributes), imported into one list\n`);
  const rowsPerSecond = report.rows / report.importSeconds;
  console.log(
    `  import      ${report.importSeconds.toFixed(1)} s from the first byte uploaded to "done" (${rowsPerSecond.toFixed(0)} rows/s)   target ≤ ${importSeconds} s   ${report.importSeconds <= importSeconds ? 'PASS' : 'OVER'}`,
  );
  if (report.jobSeconds !== undefined) console.log(`              of which the background job ran ${report.jobSeconds.toFixed(1)} s (${(report.rows / report.jobSeconds).toFixed(0)} rows/s); added ${bytes(report.added)}, rejected ${bytes(report.rejected)}`);
  const cpu = (value: number | undefined) => (value === undefined ? '?' : `${value.toFixed(1)} s`);
  console.log(`              CPU during the import: server ${cpu(report.importCpu.serverSeconds)}, PostgreSQL ${cpu(report.importCpu.databaseSeconds)} (of ${availableParallelism()} cores)`);
  const peak = report.peakRssMb;
  console.log(
    `  server RSS  peak ${peak === undefined ? '?' : peak.toFixed(0)} MB over its life (VmHWM), ${report.peakRssDuringImportMb?.toFixed(0) ?? '?'} MB sampled during the import (${report.rssBeforeImportMb?.toFixed(0) ?? '?'} MB before it)   target < ${serverMemoryMb} MB   ${peak !== undefined && peak < serverMemoryMb ? 'PASS' : 'OVER'}`,
  );
  console.log(`\n  on the ${bytes(report.rows)} subscribers, after vacuum analyze; ${SCALE.warmupRequests} warm-up requests each, then ${SCALE.timedRequests} timed one after another:`);
  for (const request of report.requests) {
    console.log(
      `  ${request.name.padEnd(26)} p50 ${ms(request.p50).padStart(9)}   p95 ${ms(request.p95).padStart(9)}   max ${ms(request.max).padStart(9)}   target p95 ≤ ${p95Ms} ms   ${request.p95 <= p95Ms ? 'PASS' : 'OVER'}`,
    );
    console.log(`  ${''.padEnd(26)} ${request.what}; answered ${bytes(request.answer)}`);
  }
  for (const problem of report.problems) console.log(`\n  !!! ${problem} — the figures above are NOT trustworthy !!!`);
  return report.problems.length === 0;
}

function printCampaignSend(report: CampaignSendReport) {
  const { messagesPerSecond, ratioOfRaw } = CAMPAIGN_SEND_TARGETS;
  const { engine, raw } = report;
  console.log(`\n== (f) Campaign sending: ${bytes(CAMPAIGN_SEND.recipients)} messages to a loopback SMTP sink, ${CAMPAIGN_SEND.connections} SMTP connections ==`);
  console.log(`  ${report.database}; the sink (smtp-server) in its own process; every rate is from the first accepted message to the last, at the sink`);
  console.log(`  engine: apps/api/src/worker.ts, CAMPAIGN_SEND_RATE=${bytes(CAMPAIGN_SEND.rate)}, CAMPAIGN_SMTP_CONNECTIONS=${CAMPAIGN_SEND.connections}, LOG_LEVEL=warn`);
  console.log(`  raw: nodemailer's pooled transport in the bench process, ${raw.inFlight} sendMail calls in flight, rendered copies of the same campaign\n`);
  const cpu = (value: number | undefined) => (value === undefined ? '?' : `${value.toFixed(1)} s`);
  const line = (name: string, run: CampaignSendReport['raw'] | CampaignSendReport['engine']) =>
    `  ${name.padEnd(16)} ${run.perSecond.toFixed(0).padStart(6)} msg/s   ${bytes(run.accepted)} accepted in ${run.seconds.toFixed(1)} s, ${bytes(run.distinctMessageIds)} distinct Message-IDs, ${bytes(Math.round(run.meanBytes))} B each; DKIM d= ${Object.entries(run.signedBy).map(([domains, count]) => `${domains} ×${bytes(count)}`).join(', ')}; sender CPU ${cpu(run.senderCpuSeconds)}`;
  console.log(line('engine (worker)', engine));
  console.log(`  ${''.padEnd(16)} worker start to campaign sent ${engine.wallSeconds.toFixed(1)} s (first message after ${engine.firstMessageSeconds.toFixed(1)} s: start-up and making the rows); PostgreSQL CPU ${cpu(engine.databaseCpuSeconds)}; ledger ${JSON.stringify(engine.ledger)}`);
  console.log(line('raw nodemailer', raw));
  console.log(
    `\n  engine ${engine.perSecond.toFixed(0)} msg/s   target ≥ ${bytes(messagesPerSecond)} msg/s   ${engine.perSecond >= messagesPerSecond ? 'PASS' : 'BELOW'}`,
  );
  console.log(`  engine / raw nodemailer = ${(report.ratio * 100).toFixed(1)} %   target ≥ ${ratioOfRaw * 100}%   ${report.ratio >= ratioOfRaw ? 'PASS' : 'BELOW'}`);
  for (const problem of report.problems) console.log(`\n  !!! ${problem} — the figures above are NOT trustworthy !!!`);
  return report.problems.length === 0;
}

function printTracking(report: TrackingReport) {
  console.log(`\n== (g) Tracking hits per second vs a bare Fastify route (${TRACKING_LOAD.connections} connections, PGlite) ==`);
  console.log(`open pixels and click redirects of ${report.paths / 2} real messages, in turn; the bare route answers the same GIF\n`);
  for (const [name, figures] of [['bare', report.bare], ['tracking', report.tracking]] as const) {
    console.log(`  ${name.padEnd(9)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} hits/s   p50 ${ms(figures.p50)}  p99 ${ms(figures.p99)}`);
  }
  console.log(`\n  ratio ${(report.ratio * 100).toFixed(1)} % (target ≥ ${TRACKING_TARGETS.ratio * 100}%)   hits/s target ≥ ${bytes(TRACKING_TARGETS.hitsPerSecond)}`);
  console.log(`  stored after a clean stop and restart: ${bytes(report.stored)} of ${bytes(report.answered)} answered (up to ${report.uncountedInFlightMax} more answered after autocannon stopped counting)`);
  const problems = [...loudProblems('bare', report.bare), ...loudProblems('tracking', report.tracking)];
  if (report.stored < report.answered) problems.push(`tracking: ${bytes(report.answered - report.stored)} answered hits were lost`);
  if (report.stored > report.answered + report.uncountedInFlightMax) problems.push(`tracking: ${bytes(report.stored)} stored, more than answered`);
  for (const problem of problems) console.log(`\n  !!! ${problem} — the figures above are NOT trustworthy !!!`);
  return problems.length === 0;
}

function printEventLoop(report: EventLoopReport) {
  const { phaseSeconds, normalClients, probeEveryMs } = EVENT_LOOP_LOAD;
  console.log(`\n== (h) Event-loop delay under hostile inputs next to normal traffic (issue 18, points 2 and 3) ==`);
  console.log('  apps/api/src/server.ts on PGlite (fresh DATA_DIR), with bench/event-loop-probe.ts loaded by --import: perf_hooks.monitorEventLoopDelay inside the server');
  console.log(`  and, as a client sees it, GET /api/health polled every ${probeEveryMs} ms; ${normalClients} clients of normal traffic (waitlist POST, campaign save, report read)`);
  console.log(`  two phases of ${phaseSeconds} s on the same server: normal traffic only, then the same with the attacks (1 MB worst-case addresses in From, Reply-To`);
  console.log('  and a test recipient; "<a " that never closes saved, previewed and its sent campaign\'s report read: one every');
  console.log(`  ${EVENT_LOOP_LOAD.attackEveryMs} ms, in turn), and a 100 MB CSV whose quote never closes, uploaded at the start\n`);
  const line = (name: string, figures: EventLoopReport['normal']) =>
    `  ${name.padEnd(20)} inside p50 ${ms(figures.p50).padStart(8)}  p99 ${ms(figures.p99).padStart(8)}  max ${ms(figures.max).padStart(9)} (${bytes(figures.samples)} samples)   health probe p50 ${ms(figures.probeP50).padStart(8)}  p99 ${ms(figures.probeP99).padStart(8)}  max ${ms(figures.probeMax).padStart(9)} (${bytes(figures.probes)})`;
  console.log(line('normal traffic only', report.normal));
  console.log(line('normal + attacks', report.attack));
  for (const [name, figures] of [['normal only', report.normal], ['normal + attacks', report.attack]] as const) {
    console.log(`\n  requests, ${name}:`);
    for (const [kind, counts] of Object.entries(figures.requests)) {
      const statuses = Object.entries(counts).map(([status, count]) => `${status} × ${bytes(count)}`).join(', ');
      console.log(`    ${kind.padEnd(40)} ${statuses.padEnd(14)} slowest ${ms(figures.slowest[kind] ?? 0)}`);
    }
  }
  const { csv } = report;
  console.log(`\n  the 100 MB CSV: uploaded, and its import ended ${csv.status}, ${csv.uploadSeconds.toFixed(1)} s after the upload began: ${csv.error ?? '(no reason given)'}`);
  console.log(`  server peak RSS over its life (VmHWM): ${csv.serverPeakRssMb === undefined ? '?' : `${csv.serverPeakRssMb.toFixed(0)} MB`}`);
  const verdict = report.attack.p99 < EVENT_LOOP_TARGET_P99_MS ? 'PASS' : 'OVER';
  console.log(`\n  event-loop delay p99 under attack ${ms(report.attack.p99)} (normal only ${ms(report.normal.p99)})   target < ${EVENT_LOOP_TARGET_P99_MS} ms   ${verdict}`);
  for (const problem of report.problems) console.log(`\n  !!! ${problem} — the figures above are NOT trustworthy !!!`);
  return report.problems.length === 0;
}

async function main() {
  const started = Date.now();
  let clean = true;
  const summary: string[] = [];
  if (runs('bundle')) {
    const bundle = await measureBundle(distDir);
    printBundle(bundle);
    summary.push(`  initial JS   ${bytes(bundle.initialJsGzip)} B gzip (level ${GZIP_LEVEL}) ≤ ${bytes(INITIAL_JS_BUDGET_BYTES)} B   ${bundle.withinBudget ? 'PASS' : 'OVER'}`);
    summary.push(`  initial CSS  ${bytes(bundle.initialCssGzip)} B gzip   lazy JS ${bytes(bundle.lazyJsGzip)} B gzip (information)`);
  }
  if (runs('waitlist')) {
    for (const connections of CONNECTION_LEVELS) {
      console.log(`\nmeasuring throughput with ${connections} connections (about a minute) …`);
      const throughput = await measureWaitlistThroughput(repoRoot, connections, (line) => console.log(`  ${line}`));
      clean = printThroughput(throughput) && clean;
      summary.push(
        `  waitlist at ${String(throughput.connections).padStart(3)} connections  ${throughput.waitlist.requestsPerSecond.toFixed(0)} req/s vs bare ${throughput.bare.requestsPerSecond.toFixed(0)} req/s = ${(throughput.ratio * 100).toFixed(1)} % (target ≥ ${TARGET_RATIO * 100}%)   ${throughput.meetsTarget ? 'PASS' : 'BELOW'}`,
      );
    }
  }
  if (runs('sign-in')) {
    console.log('\nmeasuring sign-ins against raw argon2 (about a minute) …');
    const signIn = await measureSignInThroughput(repoRoot, (line) => console.log(`  ${line}`));
    clean = printSignIn(signIn) && clean;
    summary.push(
      `  sign-in       ${signIn.signIn.requestsPerSecond.toFixed(1)} sign-ins/s (p50 ${ms(signIn.signIn.p50)}, p99 ${ms(signIn.signIn.p99)}) vs raw argon2 ${signIn.argon2.perSecond.toFixed(1)} verifications/s = ${(signIn.ratio * 100).toFixed(1)} %   (${signIn.connections} in flight)`,
    );
  }
  if (runs('email-send')) {
    console.log('\nmeasuring email-send (about 30 s) …');
    const emailSend = await measureEmailSendThroughput(repoRoot, (line) => console.log(`  ${line}`));
    clean = printEmailSend(emailSend) && clean;
    summary.push(
      `  email-send    ${emailSend.run.requestsPerSecond.toFixed(0)} accepted/s (p50 ${ms(emailSend.run.p50)}, p99 ${ms(emailSend.run.p99)}, ${emailSend.connections} connections); ${emailSend.deliveredAtEnd === undefined ? '?' : bytes(emailSend.deliveredAtEnd)} of ${bytes(emailSend.accepted)} mails in the outbox when the run ended`,
    );
  }
  if (runs('audience')) {
    console.log('\nmeasuring a million subscribers on PostgreSQL (about 2 minutes) …');
    const scale = await measureAudienceScale(repoRoot, (line) => console.log(`  ${line}`));
    clean = printScale(scale) && clean;
    const { importSeconds, serverMemoryMb, p95Ms } = SCALE_TARGETS;
    summary.push(
      `  audience      import ${bytes(scale.rows)} rows in ${scale.importSeconds.toFixed(1)} s (≤ ${importSeconds} s ${scale.importSeconds <= importSeconds ? 'PASS' : 'OVER'}), server peak ${scale.peakRssMb?.toFixed(0) ?? '?'} MB (< ${serverMemoryMb} MB ${scale.peakRssMb !== undefined && scale.peakRssMb < serverMemoryMb ? 'PASS' : 'OVER'})`,
    );
    for (const request of scale.requests) summary.push(`                ${request.name.padEnd(26)} p95 ${ms(request.p95)} (≤ ${p95Ms} ms ${request.p95 <= p95Ms ? 'PASS' : 'OVER'})`);
  }

  if (runs('send')) {
    console.log('\nmeasuring campaign sending, engine and raw nodemailer (about 2 minutes) …');
    const send = await measureCampaignSend(repoRoot, (line) => console.log(`  ${line}`));
    clean = printCampaignSend(send) && clean;
    const { messagesPerSecond, ratioOfRaw } = CAMPAIGN_SEND_TARGETS;
    summary.push(
      `  send          engine ${send.engine.perSecond.toFixed(0)} msg/s (≥ ${bytes(messagesPerSecond)} ${send.engine.perSecond >= messagesPerSecond ? 'PASS' : 'BELOW'}) vs raw nodemailer ${send.raw.perSecond.toFixed(0)} msg/s = ${(send.ratio * 100).toFixed(1)} % (≥ ${ratioOfRaw * 100}% ${send.ratio >= ratioOfRaw ? 'PASS' : 'BELOW'})`,
    );
  }

  if (runs('relay-budget')) {
    console.log('\nmeasuring the relay budget shared by two worker processes, next to the old per-process pace (about 40 s) …');
    const budget = await measureRelayBudget(repoRoot, (line) => console.log(`  ${line}`));
    clean = printRelayBudget(budget) && clean;
    summary.push(
      `  relay-budget  2 processes at R = ${RELAY_BUDGET.rate}/s: shared budget ${budget.budget.steadyPerSecond.toFixed(0)} msg/s (${((budget.budget.steadyPerSecond / RELAY_BUDGET.rate) * 100).toFixed(0)} % of R) vs per-process pace ${budget.pace.steadyPerSecond.toFixed(0)} msg/s (${((budget.pace.steadyPerSecond / RELAY_BUDGET.rate) * 100).toFixed(0)} % of R); ${budget.budget.statementsPerSecond.toFixed(1)} statements/s`,
    );
  }

  if (runs('tracking')) {
    console.log('\nmeasuring tracking hits against a bare route (about a minute) …');
    const tracking = await measureTrackingThroughput(repoRoot, (line) => console.log(`  ${line}`));
    clean = printTracking(tracking) && clean;
    const { hitsPerSecond, ratio } = TRACKING_TARGETS;
    summary.push(
      `  tracking      ${tracking.tracking.requestsPerSecond.toFixed(0)} hits/s (≥ ${bytes(hitsPerSecond)} ${tracking.tracking.requestsPerSecond >= hitsPerSecond ? 'PASS' : 'BELOW'}) vs bare ${tracking.bare.requestsPerSecond.toFixed(0)} = ${(tracking.ratio * 100).toFixed(1)} % (≥ ${ratio * 100}% ${tracking.ratio >= ratio ? 'PASS' : 'BELOW'}); ${bytes(tracking.stored)} of ${bytes(tracking.answered)} stored`,
    );
  }

  if (runs('event-loop')) {
    console.log('\nmeasuring the event-loop delay under hostile inputs (about a minute) …');
    const loop = await measureEventLoop(repoRoot, (line) => console.log(`  ${line}`));
    clean = printEventLoop(loop) && clean;
    summary.push(
      `  event-loop    p99 ${ms(loop.attack.p99)} under attack vs ${ms(loop.normal.p99)} normal only (< ${EVENT_LOOP_TARGET_P99_MS} ms ${loop.attack.p99 < EVENT_LOOP_TARGET_P99_MS ? 'PASS' : 'OVER'}); health probe p99 ${ms(loop.attack.probeP99)} vs ${ms(loop.normal.probeP99)}`,
    );
  }

  if (runs('tenant-loop')) {
    console.log("\nmeasuring the event-loop delay while a tenant's provider and unauthenticated uploads attack (about a minute) …");
    const loop = await measureTenantEventLoop(repoRoot, (line) => console.log(`  ${line}`));
    clean = printTenantEventLoop(loop) && clean;
    summary.push(
      `  tenant-loop   p99 ${ms(loop.attack.p99)} under tenant attacks vs ${ms(loop.normal.p99)} normal only (< ${EVENT_LOOP_TARGET_P99_MS} ms ${loop.attack.p99 < EVENT_LOOP_TARGET_P99_MS ? 'PASS' : 'OVER'})`,
    );
  }

  if (runs('events')) {
    console.log('\nmeasuring events through the API on PostgreSQL (about five minutes) …');
    const events = await measureEventsIngest(repoRoot, (line) => console.log(`  ${line}`));
    clean = printEventsIngest(events) && clean;
    summary.push(
      `  events        ${events.eventsPerSecond.toFixed(0)} events/s (≥ ${bytes(EVENTS_INGEST_TARGETS.eventsPerSecond)} ${events.eventsPerSecond >= EVENTS_INGEST_TARGETS.eventsPerSecond ? 'PASS' : 'BELOW'}) vs ${events.baselineEventsPerSecond.toFixed(0)} rows/s straight into PostgreSQL; peak RSS ${events.serverPeakRssMb?.toFixed(0) ?? '?'} MB; ${(events.bytesPerMillion.events / 1048576).toFixed(0)} MB per million events`,
    );
  }

  if (runs('cdnow')) {
    console.log('\nmeasuring purchase insights on CDNOW through the API on PostgreSQL (about two minutes) …');
    const cdnow = await measureCdnow(repoRoot, (line) => console.log(`  ${line}`));
    clean = printCdnow(cdnow) && clean;
    const worst = Math.max(...cdnow.fitted.map((row) => Math.abs(row.relative)));
    summary.push(
      `  cdnow         r α a b p q v within ${(worst * 100).toFixed(2)} % of the published (≤ 1% ${worst <= 0.01 ? 'PASS' : 'OFF'}); holdout ${cdnow.holdout.predicted.toFixed(0)} predicted vs ${cdnow.holdout.actual} actual (MAE ${cdnow.holdout.maeModel.toFixed(3)} vs naive ${cdnow.holdout.maeBaseline.toFixed(3)}); full file (${cdnow.master.customers.toLocaleString('en-US')} customers) import ${cdnow.master.importSeconds.toFixed(1)} s + refresh ${cdnow.master.refreshSeconds.toFixed(1)} s`,
    );
  }

  if (runs('insights-refresh')) {
    console.log('\nmeasuring the insights refresh (send times, engagement) for 100,000 and 1,000,000 people on PostgreSQL (about fifteen minutes) …');
    const refresh = await measureInsightsRefresh(repoRoot, (line) => console.log(`  ${line}`));
    clean = printInsightsRefresh(refresh) && clean;
    const million = refresh.runs.find((run) => run.people === 1_000_000);
    const fast = million !== undefined && million.refreshSeconds < INSIGHTS_REFRESH_TARGETS.millionSeconds && (million.serverPeakRssMb ?? Infinity) < INSIGHTS_REFRESH_TARGETS.serverPeakRssMb;
    summary.push(
      `  insights      refresh ${refresh.runs.map((run) => `${run.people.toLocaleString('en-US')} people ${run.refreshSeconds.toFixed(1)} s (peak ${run.serverPeakRssMb?.toFixed(0) ?? '?'} MB)`).join(', ')} (a million < ${INSIGHTS_REFRESH_TARGETS.millionSeconds} s, < ${INSIGHTS_REFRESH_TARGETS.serverPeakRssMb} MB ${fast ? 'PASS' : 'BELOW'})`,
    );
  }

  if (runs('platform-import')) {
    console.log(`\nmeasuring an import of ${PLATFORM_IMPORT.people.toLocaleString('en-US')} people from the Mailchimp fake through the sync, on PGlite and PostgreSQL …`);
    const platformImport = await measurePlatformImport((line) => console.log(`  ${line}`));
    clean = printPlatformImport(platformImport) && clean;
    summary.push(
      `  platform-import ${platformImport.runs.map((run) => `${run.database.split(' ')[0]} ${(platformImport.people / run.platformSeconds).toFixed(0)} people/s (CSV ${(platformImport.people / run.csvSeconds).toFixed(0)}, peak RSS ${run.rssPeakMb.toFixed(0)} MB)`).join(', ')}; the fake paged alone ${(platformImport.people / platformImport.clientSequentialSeconds).toFixed(0)} people/s`,
    );
  }

  if (runs('platform-steady')) {
    console.log(`\nmeasuring the sync's steady cost per connection over a simulated hour (${PLATFORM_STEADY.people.toLocaleString('en-US')} people per platform) …`);
    const steady = await measurePlatformSteady((line) => console.log(`  ${line}`));
    clean = printPlatformSteady(steady) && clean;
    summary.push(
      `  platform-steady requests/min per connection while nothing changes: ${steady.runs.map((run) => `${run.platform} ${(run.quiet.requests / PLATFORM_STEADY.minutes).toFixed(2)}`).join(', ')}; writes ${steady.runs.reduce((sum, run) => sum + run.quiet.writes + run.changing.writes, 0)}`,
    );
  }

  if (runs('groceries')) {
    console.log('\nmeasuring recommendations on the Groceries baskets through the API on PostgreSQL (about a minute) …');
    const groceries = await measureGroceries(repoRoot, (line) => console.log(`  ${line}`));
    clean = printGroceries(groceries) && clean;
    const lift = groceries.hits / groceries.popularHits - 1;
    summary.push(
      `  groceries     held-out item in the top ${GROCERIES.top}: ${((groceries.hits / groceries.evaluated) * 100).toFixed(2)} % vs ${((groceries.popularHits / groceries.evaluated) * 100).toFixed(2)} % for the most popular, ${(lift * 100).toFixed(1)} % more hits (≥ ${GROCERIES.targetLift * 100} % ${lift >= GROCERIES.targetLift ? 'PASS' : 'BELOW'})`,
    );
  }

  if (runs('flows')) {
    console.log('\nmeasuring event-to-email latency of an automation at 1,000 events a second (about two minutes) …');
    const flows = await measureFlowLatency(repoRoot, (line) => console.log(`  ${line}`));
    clean = printFlowLatency(flows) && clean;
    summary.push(
      `  flows         event to email p95 ${flows.p95.toFixed(0)} ms (< ${FLOW_LATENCY_TARGET_P95_MS} ms ${flows.p95 < FLOW_LATENCY_TARGET_P95_MS ? 'PASS' : 'OVER'}), p50 ${flows.p50.toFixed(0)} ms, at ${flows.eventsPerSecond.toFixed(0)} events/s; ${flows.delivered} of ${flows.sent} arrived`,
    );
  }

  if (runs('flow-fairness')) {
    console.log("\nmeasuring one account's automation email latency alone and next to another's timing-out webhooks (about a minute) …");
    const fairness = await measureFlowFairness(repoRoot, (line) => console.log(`  ${line}`));
    clean = printFlowFairness(fairness) && clean;
    summary.push(
      `  flow-fairness B's welcome email p95 ${fairness.noisy.p95.toFixed(0)} ms while A's webhooks time out, ${fairness.quiet.p95.toFixed(0)} ms alone (p50 ${fairness.noisy.p50.toFixed(0)} / ${fairness.quiet.p50.toFixed(0)} ms); ${fairness.noisy.delivered + fairness.quiet.delivered} of ${fairness.noisy.sent + fairness.quiet.sent} arrived`,
    );
  }

  if (runs('ab-simulation')) {
    console.log('\nsimulating A/B test decisions, ours next to the field\'s rules (a few minutes) …');
    const simulation = measureAbSimulation();
    printAbSimulation(simulation);
    const ours = (scenario: string) => simulation.rows.find((row) => row.scenario === scenario && row.rule.startsWith('ours'))!;
    const nullRow = ours('no difference, 20% vs 20%');
    const lift = ours('true 30% lift, 20% vs 26%');
    summary.push(
      `  ab-simulation ours: false winners ${(nullRow.wrong * 100).toFixed(1)} % (≤ ${AB_TARGETS.falseWinners * 100}% ${nullRow.wrong <= AB_TARGETS.falseWinners ? 'PASS' : 'OVER'}); 20% vs 26% right ${(lift.right! * 100).toFixed(1)} % (≥ ${AB_TARGETS.rightPicks * 100}% ${lift.right! >= AB_TARGETS.rightPicks ? 'PASS' : 'BELOW'}), wrong ${(lift.wrong * 100).toFixed(1)} % (≤ ${AB_TARGETS.wrongPicks * 100}% ${lift.wrong <= AB_TARGETS.wrongPicks ? 'PASS' : 'OVER'}), mean ${lift.meanMinutes.toFixed(0)} min to a decision`,
    );
  }

  if (runs('send-time-and-scores')) {
    console.log('\nsimulating send times and engagement scores on a simulated audience, ours next to one fixed time, Mautic\'s rule and Ghost\'s open rate (about 10 s) …');
    const simulation = measureSendTimeAndScores();
    printSendTimeAndScores(simulation);
    const [after12, after40] = [simulation.sendTimes[0]!, simulation.sendTimes[simulation.sendTimes.length - 1]!];
    const [share12, share40] = [oracleShare(after12, after12.ours), oracleShare(after40, after40.ours)];
    const score = simulation.scores[0]!;
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'BELOW');
    summary.push(
      `  send times    ours ${(share12 * 100).toFixed(1)} % of the oracle's gain after 12 campaigns (≥ ${SEND_TIME_TARGETS.shareAfter12 * 100}% ${verdict(share12 >= SEND_TIME_TARGETS.shareAfter12)}), ${(share40 * 100).toFixed(1)} % after 40 (≥ ${SEND_TIME_TARGETS.shareAfter40 * 100}% ${verdict(share40 >= SEND_TIME_TARGETS.shareAfter40)}); Mautic ${(oracleShare(after12, after12.mautic) * 100).toFixed(1)} % / ${(oracleShare(after40, after40.mautic) * 100).toFixed(1)} %; with timezones known ${(oracleShare(after12, after12.oursLocal) * 100).toFixed(1)} % / ${(oracleShare(after40, after40.oursLocal) * 100).toFixed(1)} %`,
      `  engagement    AUC ${score.auc.toFixed(3)} (≥ ${SEND_TIME_TARGETS.auc} ${verdict(score.auc >= SEND_TIME_TARGETS.auc)}), calibration error ${score.calibration.toFixed(3)} (≤ ${SEND_TIME_TARGETS.calibration} ${score.calibration <= SEND_TIME_TARGETS.calibration ? 'PASS' : 'OVER'}); Ghost's open rate so far AUC ${simulation.scores[1]!.auc.toFixed(3)}, calibration error ${simulation.scores[1]!.calibration.toFixed(3)}`,
    );
  }

  if (runs('bounces')) {
    console.log('\nclassifying the bounce corpus (586 real returned messages) next to the 5xx-is-hard rule (a few seconds) …');
    const bounces = await measureBounceClassifier();
    clean = printBounceClassifier(bounces) && clean;
    const share = (part: number) => ((part / bounces.recipients) * 100).toFixed(1);
    summary.push(
      `  bounces       ${share(bounces.agreed)} % of ${bounces.recipients} recipients classified as expected vs ${share(bounces.baselineAgreed)} % for "5xx → hard, 4xx → soft, ARF → complaint"; ${bounces.messagesPerSecond.toFixed(0)} messages/s`,
    );
  }

  if (runs('inbound')) {
    console.log('\nmeasuring the inbound SMTP receiver on PGlite next to a plain SMTP sink (about a minute) …');
    const inbound = await measureInboundReceiver(path.join(repoRoot, 'bench'));
    clean = printInboundReceiver(inbound) && clean;
    const sinkMean = (inbound.sinkBefore.perSecond + inbound.sinkAfter.perSecond) / 2;
    summary.push(
      `  inbound       receiver ${inbound.receiver.perSecond.toFixed(0)} reports/s (loop p99 ${ms(inbound.receiver.loopP99)}) vs plain SMTP sink ${sinkMean.toFixed(0)} reports/s (loop p99 ${ms(Math.max(inbound.sinkBefore.loopP99, inbound.sinkAfter.loopP99))}) = ${((inbound.receiver.perSecond / sinkMean) * 100).toFixed(1)} %`,
    );
  }

  if (runs('media')) {
    console.log('\nprocessing a 12-megapixel photo next to a plain resize, and refusing a PNG bomb (about half a minute) …');
    const media = await measureMediaUpload();
    clean = printMediaUpload(media) && clean;
    summary.push(
      `  media         a 12 MP photo processed in ${media.oursMs.toFixed(0)} ms (two widths, metadata stripped; peak RSS ${media.oursPeakRssMb.toFixed(0)} MB) vs ${media.baselineMs.toFixed(0)} ms for one plain resize; a 400 MP PNG bomb refused in ${media.bombRefusalMs.toFixed(1)} ms`,
    );
  }

  if (runs('lighthouse')) {
    console.log('\nmeasuring /landing, /faq and /login with Lighthouse, three runs each (about two minutes) …');
    const lighthouse = await measureLighthouse(repoRoot, (line) => console.log(`  ${line}`));
    printLighthouse(lighthouse);
    summary.push(...summariseLighthouse(lighthouse));
  }

  console.log('\n== Summary ==');
  for (const line of summary) console.log(line);
  if (!clean) console.log('  !!! non-2xx responses, errors or missing rows: see above !!!');
  console.log(`  took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  // Figures are reported, not enforced: a budget miss is news for the reader, not a crash.
  if (!clean) process.exitCode = 1;
}

main()
  .catch((error: unknown) => {
    console.error('\nbench failed:', error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => {
    // autocannon and fetch can leave keep-alive sockets that would hold the process open.
    process.exit();
  });
