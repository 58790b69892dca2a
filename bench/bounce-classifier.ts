import { corpusMessages, expectedOutcome, OUTCOMES } from '../apps/api/src/modules/inbound/bounce-corpus';
import type { ReportOutcome } from '../apps/api/src/modules/inbound/report-outcome';
import { type ReadReport, readReport } from '../apps/api/src/modules/inbound/report-reader';

/**
 * Bounce classification on real returned mail (datasets/bounces, README there): every message read
 * by the product's reader (apps/api/src/modules/inbound/report-reader.ts) and each recipient's
 * outcome compared with what go-sisimai's tests expect, translated into our outcomes
 * (bounce-corpus.ts); recipients matched by order, a missing one a miss. Next to it, in the same
 * run and on the same extracted codes, the rule a competitor uses: "5xx reply or 5.x.x status →
 * hard bounce (dead), 4xx → soft, ARF → complaint, else none". Then messages read per second.
 */

export const BOUNCES = {
  /** Passes over the corpus for the throughput figure (the first, a warm-up, not counted). */
  timedPasses: 5,
} as const;

export interface ClassRow {
  outcome: ReportOutcome;
  expected: number;
  agreed: number;
  baselineAgreed: number;
}

export interface BounceReport {
  messages: number;
  recipients: number;
  rows: ClassRow[];
  agreed: number;
  baselineAgreed: number;
  dsnStatuses: number;
  dsnStatusesAgreed: number;
  messagesPerSecond: number;
  megabytesPerSecond: number;
}

/** The competitor's rule, on the codes our parser extracted for the recipient. */
function baseline(report: ReadReport, index: number): ReportOutcome | null {
  const recipient = report.recipients[index];
  if (!recipient) return null;
  if (report.kind === 'arf') return 'complaint';
  if (recipient.reply?.startsWith('5') || recipient.status?.startsWith('5')) return 'dead';
  if (recipient.reply?.startsWith('4') || recipient.status?.startsWith('4')) return 'soft';
  return 'none';
}

export async function measureBounceClassifier(): Promise<BounceReport> {
  const messages = corpusMessages();
  const rows = new Map<ReportOutcome, ClassRow>(OUTCOMES.map((outcome) => [outcome, { outcome, expected: 0, agreed: 0, baselineAgreed: 0 }]));
  let recipients = 0;
  let dsnStatuses = 0;
  let dsnStatusesAgreed = 0;
  for (const message of messages) {
    const report = await readReport(message.raw);
    message.expected.forEach((entry, index) => {
      const want = expectedOutcome(entry);
      const row = rows.get(want)!;
      recipients += 1;
      row.expected += 1;
      if (report.recipients[index]?.outcome === want) row.agreed += 1;
      if (baseline(report, index) === want) row.baselineAgreed += 1;
      if (report.kind === 'dsn' && entry.status) {
        dsnStatuses += 1;
        if (report.recipients[index]?.status === entry.status) dsnStatusesAgreed += 1;
      }
    });
  }
  const bytes = messages.reduce((sum, message) => sum + message.raw.length, 0);
  let elapsedMs = 0;
  for (let pass = 0; pass < BOUNCES.timedPasses; pass++) {
    const started = performance.now();
    for (const message of messages) await readReport(message.raw);
    if (pass > 0) elapsedMs += performance.now() - started;
  }
  const passesTimed = BOUNCES.timedPasses - 1;
  const list = [...rows.values()];
  return {
    messages: messages.length,
    recipients,
    rows: list,
    agreed: list.reduce((sum, row) => sum + row.agreed, 0),
    baselineAgreed: list.reduce((sum, row) => sum + row.baselineAgreed, 0),
    dsnStatuses,
    dsnStatusesAgreed,
    messagesPerSecond: (messages.length * passesTimed) / (elapsedMs / 1000),
    megabytesPerSecond: (bytes * passesTimed) / 1e6 / (elapsedMs / 1000),
  };
}

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${((part / whole) * 100).toFixed(1)} %`);

export function printBounceClassifier(report: BounceReport): boolean {
  console.log(`\n== Bounce classification on ${report.messages} real returned messages (datasets/bounces, Sisimai's corpus) ==`);
  console.log(`  ${report.recipients} recipients; expected outcome from go-sisimai's expectations (hard → dead, reasons mapped in bounce-corpus.ts); recipients matched by order`);
  console.log('  baseline: "5xx reply or 5.x.x status → dead, 4xx → soft, ARF → complaint, else none" on the codes our parser extracted\n');
  console.log(`  ${'class'.padEnd(10)} ${'expected'.padStart(8)} ${'agreed'.padStart(7)} ${'accuracy'.padStart(9)}   ${'baseline agreed'.padStart(15)} ${'accuracy'.padStart(9)}`);
  for (const row of report.rows) {
    console.log(
      `  ${row.outcome.padEnd(10)} ${String(row.expected).padStart(8)} ${String(row.agreed).padStart(7)} ${percent(row.agreed, row.expected).padStart(9)}   ${String(row.baselineAgreed).padStart(15)} ${percent(row.baselineAgreed, row.expected).padStart(9)}`,
    );
  }
  console.log(
    `  ${'overall'.padEnd(10)} ${String(report.recipients).padStart(8)} ${String(report.agreed).padStart(7)} ${percent(report.agreed, report.recipients).padStart(9)}   ${String(report.baselineAgreed).padStart(15)} ${percent(report.baselineAgreed, report.recipients).padStart(9)}`,
  );
  console.log(`\n  DSN status codes equal to the expected: ${report.dsnStatusesAgreed} of ${report.dsnStatuses} (${percent(report.dsnStatusesAgreed, report.dsnStatuses)})`);
  console.log(
    `  throughput: ${report.messagesPerSecond.toFixed(0)} messages/s (${report.megabytesPerSecond.toFixed(1)} MB/s), one core, ${BOUNCES.timedPasses - 1} passes after a warm-up`,
  );
  return report.recipients > 0;
}
