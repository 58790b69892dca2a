import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BundleReport, GZIP_LEVEL, INITIAL_JS_BUDGET_BYTES, measureBundle } from './bundle-size';
import { killAllChildren } from './child-server';
import {
  BENCH_WAITLIST_LIMIT_PER_MINUTE,
  CONNECTION_LEVELS,
  LOAD,
  type TargetFigures,
  TARGET_RATIO,
  type ThroughputReport,
  measureWaitlistThroughput,
} from './waitlist-throughput';

// `npm run bench` builds the web app first, then runs this: bundle sizes, then waitlist throughput.

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
const WATCHDOG_MS = 300_000;
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

function loudProblems(name: string, figures: TargetFigures): string[] {
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

async function main() {
  const started = Date.now();
  const bundle = await measureBundle(distDir);
  printBundle(bundle);
  const throughputs: ThroughputReport[] = [];
  let clean = true;
  for (const connections of CONNECTION_LEVELS) {
    console.log(`\nmeasuring throughput with ${connections} connections (about a minute) …`);
    const throughput = await measureWaitlistThroughput(repoRoot, connections, (line) => console.log(`  ${line}`));
    clean = printThroughput(throughput) && clean;
    throughputs.push(throughput);
  }

  console.log('\n== Summary ==');
  console.log(`  initial JS   ${bytes(bundle.initialJsGzip)} B gzip (level ${GZIP_LEVEL}) ≤ ${bytes(INITIAL_JS_BUDGET_BYTES)} B   ${bundle.withinBudget ? 'PASS' : 'OVER'}`);
  console.log(`  initial CSS  ${bytes(bundle.initialCssGzip)} B gzip   lazy JS ${bytes(bundle.lazyJsGzip)} B gzip (information)`);
  for (const throughput of throughputs) {
    console.log(
      `  waitlist at ${String(throughput.connections).padStart(3)} connections  ${throughput.waitlist.requestsPerSecond.toFixed(0)} req/s vs bare ${throughput.bare.requestsPerSecond.toFixed(0)} req/s = ${(throughput.ratio * 100).toFixed(1)} % (target ≥ ${TARGET_RATIO * 100}%)   ${throughput.meetsTarget ? 'PASS' : 'BELOW'}`,
    );
  }
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
