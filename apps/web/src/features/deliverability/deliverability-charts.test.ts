import { describe, expect, it } from 'vitest';
import type { DeliverabilityDayCounts } from '@postlark/shared/deliverability';
import { axisPercent, dayFigures, figuresOf, hasMail, peakDay, providersWithMail, rateScale, rateText, totalFigures, warmUpNotBegun } from './deliverability-charts';

const DATES = ['2026-12-01', '2026-12-02', '2026-12-03'];
const row = (date: string, provider: DeliverabilityDayCounts['provider'], counts: Partial<DeliverabilityDayCounts>): DeliverabilityDayCounts => ({
  date,
  provider,
  sent: 0,
  hard: 0,
  soft: 0,
  complaints: 0,
  refusals: 0,
  ...counts,
});

const COUNTS = [
  row('2026-12-01', 'gmail', { sent: 1_000, hard: 10, soft: 20, complaints: 2 }),
  row('2026-12-01', 'microsoft', { sent: 500, hard: 5, complaints: 1, refusals: 3 }),
  row('2026-12-03', 'gmail', { sent: 2_000, complaints: 8 }),
  // A late bounce on a day nothing was sent.
  row('2026-12-02', 'yahoo', { hard: 1 }),
];

describe('the Deliverability page’s figures', () => {
  it('gives every date, oldest first, with the empty days as zeros and no rates', () => {
    const days = dayFigures(DATES, COUNTS, 'gmail');
    expect(days.map((day) => day.date)).toEqual(DATES);
    expect(days[1]).toEqual({ date: '2026-12-02', sent: 0, hard: 0, soft: 0, complaints: 0, refusals: 0, delivered: 0, complaintRate: null, hardRate: null, softRate: null });
    expect(days[0]).toMatchObject({ sent: 1_000, delivered: 970, complaintRate: 0.002, hardRate: 0.01, softRate: 0.02 });
    expect(days[2]).toMatchObject({ sent: 2_000, delivered: 2_000, complaintRate: 0.004, hardRate: 0 });
  });

  it('adds the providers up for All, rates over the sums (not an average of the providers’ rates)', () => {
    const [first, second] = dayFigures(DATES, COUNTS, 'all');
    expect(first).toMatchObject({ sent: 1_500, hard: 15, soft: 20, complaints: 3, refusals: 3, delivered: 1_465, complaintRate: 0.002, hardRate: 0.01 });
    // Bounces with nothing sent that day: counted, but no rate and nothing delivered.
    expect(second).toMatchObject({ sent: 0, hard: 1, delivered: 0, hardRate: null });
  });

  it('totals the period with its own rates', () => {
    const total = totalFigures(dayFigures(DATES, COUNTS, 'gmail'));
    expect(total).toMatchObject({ sent: 3_000, hard: 10, soft: 20, complaints: 10, delivered: 2_970 });
    expect(total.complaintRate).toBeCloseTo(10 / 3_000);
    expect(figuresOf({ sent: 0, hard: 0, soft: 0, complaints: 0, refusals: 0 }).complaintRate).toBeNull();
  });

  it('offers only the providers the counters name, in the shared order', () => {
    expect(providersWithMail(COUNTS)).toEqual(['gmail', 'microsoft', 'yahoo']);
    expect(providersWithMail([])).toEqual([]);
    expect(hasMail([])).toBe(false);
    expect(hasMail(COUNTS)).toBe(true);
  });

  it('scales rates to round percentages that keep a reference line in view', () => {
    // Nothing above Gmail's 0.3% ceiling: the axis still reaches past it.
    expect(rateScale(0.0012, 0.003)).toEqual({ max: 0.004, ticks: [0, 0.001, 0.002, 0.003, 0.004] });
    expect(rateScale(0.18)).toEqual({ max: 0.2, ticks: [0, 0.05, 0.1, 0.15, 0.2] });
    expect(rateScale(0).max).toBeGreaterThan(0);
    expect([0.001, 0.0005, 0.12, 0].map(axisPercent)).toEqual(['0.1%', '0.05%', '12%', '0%']);
  });

  it('writes rates as people read them, and finds the day a chart peaks', () => {
    expect([0.0031, 0.052, 0.25, 0, null].map(rateText)).toEqual(['0.31%', '5.2%', '25%', '0%', '—']);
    const days = dayFigures(DATES, COUNTS, 'all');
    expect(peakDay(days, (day) => day.complaintRate)).toEqual({ date: '2026-12-03', value: 0.004 });
    expect(peakDay(days.slice(1, 2), (day) => day.complaintRate)).toBeNull();
  });

  it('tells a warm-up that waits for the first message from one under way', () => {
    const asOf = '2026-12-03T10:00:00.000Z';
    expect(warmUpNotBegun({ since: '2026-12-03T10:00:00.004Z', used: 0, domain: null }, asOf)).toBe(true);
    expect(warmUpNotBegun({ since: '2026-12-01T08:00:00.000Z', used: 0, domain: null }, asOf)).toBe(false);
    expect(warmUpNotBegun({ since: '2026-12-03T09:59:30.000Z', used: 12, domain: null }, asOf)).toBe(false);
  });
});
