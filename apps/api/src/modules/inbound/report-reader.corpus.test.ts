// The reader on real returned mail: every message of datasets/bounces (README there) compared to
// what go-sisimai's tests expect of it, translated into our outcomes (bounce-corpus.ts). The
// expectations carry no addresses, so recipients are matched by order (Sisimai's `index`); an
// expected recipient the reader does not give counts as a miss. Floors are what the reader reaches
// less a small margin: a change that loses ground fails here.
import { describe, expect, it } from 'vitest';
import { corpusMessages, expectedOutcome, OUTCOMES } from './bounce-corpus';
import type { ReportOutcome } from './report-outcome';
import { readReport } from './report-reader';

const FLOORS: Record<ReportOutcome, number> = { dead: 0.86, soft: 0.9, sender: 0.87, complaint: 0.8, none: 0.85 };
const STATUS_FLOOR = 0.9;

describe('the bounce corpus', () => {
  it('agrees with the expected outcome per class, and with the status codes of DSNs', async () => {
    const messages = corpusMessages();
    expect(messages.length).toBe(586);
    const expected = Object.fromEntries(OUTCOMES.map((outcome) => [outcome, 0])) as Record<ReportOutcome, number>;
    const agreed = { ...expected };
    let dsnStatuses = 0;
    let dsnStatusesAgreed = 0;
    for (const message of messages) {
      const report = await readReport(message.raw);
      message.expected.forEach((entry, index) => {
        const want = expectedOutcome(entry);
        const got = report.recipients[index];
        expected[want] += 1;
        if (got?.outcome === want) agreed[want] += 1;
        if (report.kind === 'dsn' && entry.status) {
          dsnStatuses += 1;
          if (got?.status === entry.status) dsnStatusesAgreed += 1;
        }
      });
    }
    const accuracy = Object.fromEntries(OUTCOMES.map((outcome) => [outcome, agreed[outcome] / expected[outcome]]));
    for (const outcome of OUTCOMES) {
      expect(expected[outcome], outcome).toBeGreaterThan(0);
      expect(accuracy[outcome], outcome).toBeGreaterThanOrEqual(FLOORS[outcome]);
    }
    expect(dsnStatuses).toBeGreaterThan(300);
    expect(dsnStatusesAgreed / dsnStatuses).toBeGreaterThanOrEqual(STATUS_FLOOR);
  });
});
