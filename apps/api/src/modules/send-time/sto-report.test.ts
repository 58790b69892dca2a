import { describe, expect, it } from 'vitest';
import { rateInterval } from '../ab-tests/sequential-test';
import { stoGroupSizes } from './send-times.repository';
import { differenceInterval, resultOf } from './sto-report';

describe('the lift of optimised over holdout', () => {
  it('is Newcombe’s hybrid score interval: his worked examples 56/70 − 48/80 and 9/10 − 3/10', () => {
    // Newcombe (1998), Statistics in Medicine 17:873–890, table II, method 10.
    const lift = differenceInterval(rateInterval(56, 70), rateInterval(48, 80))!;
    expect(lift.estimate).toBeCloseTo(0.2, 10);
    expect(lift.low).toBeCloseTo(0.0524, 4);
    expect(lift.high).toBeCloseTo(0.3339, 4);
    const small = differenceInterval(rateInterval(9, 10), rateInterval(3, 10))!;
    expect(small.low).toBeCloseTo(0.1705, 4);
    expect(small.high).toBeCloseTo(0.809, 4);
  });

  it('stays within [−1, 1] at the extremes, and is null while a group has nothing sent', () => {
    const all = differenceInterval(rateInterval(10, 10), rateInterval(0, 10))!;
    expect(all.estimate).toBe(1);
    expect(all.high).toBeLessThanOrEqual(1);
    expect(all.low).toBeGreaterThan(0.5);
    expect(differenceInterval(rateInterval(3, 10), rateInterval(0, 0))).toBeNull();
  });
});

describe('the explore and holdout shares', () => {
  it('are whole people, rounded, and never more than the audience', () => {
    expect(stoGroupSizes(200, { window_hours: 24, explore_percent: 15, holdout_percent: 20 })).toEqual({ explore: 30, holdout: 40 });
    expect(stoGroupSizes(7, { window_hours: 24, explore_percent: 10, holdout_percent: 10 })).toEqual({ explore: 1, holdout: 1 });
    expect(stoGroupSizes(1, { window_hours: 24, explore_percent: 50, holdout_percent: 50 })).toEqual({ explore: 1, holdout: 0 });
    expect(stoGroupSizes(0, { window_hours: 24, explore_percent: 10, holdout_percent: 10 })).toEqual({ explore: 0, holdout: 0 });
  });
});

describe('a group’s figures', () => {
  it('rate opens and clicks over the measured messages (sent at least a span ago), not over every message sent', () => {
    const group = resultOf({ group: 1, recipients: 12, sent: 10, measured: 4, openers: 2, clickers: 1, maturing: 8 });
    expect(group).toEqual({ recipients: 12, sent: 10, measured: 4, human_opens: 2, clicks: 1, human_open_rate: rateInterval(2, 4), click_rate: rateInterval(1, 4) });
    // Sent, but none measured yet: no rate rather than 0%.
    expect(resultOf({ group: 3, recipients: 5, sent: 5, measured: 0, openers: 0, clickers: 0, maturing: 5 })).toMatchObject({ human_open_rate: null, click_rate: null });
    expect(resultOf(undefined)).toEqual({ recipients: 0, sent: 0, measured: 0, human_opens: 0, clicks: 0, human_open_rate: null, click_rate: null });
  });
});
