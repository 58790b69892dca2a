import type { AbTestSettings } from '@postlark/shared/ab-tests';
import { describe, expect, it } from 'vitest';
import { cutoffsAt, liftOf, restSendAt } from './ab-test-engine';
import { testGroupSize } from './ab-tests.repository';

const START = new Date('2026-06-01T10:00:00Z');
const MINUTE = 60_000;
const sendTime: AbTestSettings = {
  dimension: 'send_time',
  metric: 'open_rate',
  test_share: 20,
  wait_minutes: 60,
  variants: [{}, { send_delay_minutes: 120 }, { send_delay_minutes: 30 }],
};
const subject: AbTestSettings = { dimension: 'subject', metric: 'open_rate', test_share: 20, wait_minutes: 60, variants: [{}, { subject: 'B' }] };
const test = { startedAt: START, deadlineAt: new Date(START.getTime() + 180 * MINUTE) };

describe('the A/B test engine’s arithmetic', () => {
  it('makes the test group a multiple of the variants, at least one each, everyone at 100%', () => {
    expect(testGroupSize(62, 50, 2)).toBe(30);
    expect(testGroupSize(1000, 20, 3)).toBe(198);
    expect(testGroupSize(10, 5, 4)).toBe(4);
    expect(testGroupSize(3, 5, 4)).toBe(3);
    expect(testGroupSize(7, 100, 2)).toBe(7);
    expect(testGroupSize(0, 20, 2)).toBe(0);
  });

  it('compares send times over the same time since each variant’s own send, never past the deadline', () => {
    // 150 minutes in: the last variant (+120) went 30 minutes ago, so each counts its first 30 minutes.
    expect(cutoffsAt(test, sendTime, new Date(START.getTime() + 150 * MINUTE)).map((date) => (date.getTime() - START.getTime()) / MINUTE)).toEqual([30, 150, 60]);
    expect(cutoffsAt(test, sendTime, new Date(START.getTime() + 500 * MINUTE)).map((date) => (date.getTime() - START.getTime()) / MINUTE)).toEqual([60, 180, 90]);
    expect(cutoffsAt(test, subject, new Date(START.getTime() + 45 * MINUTE)).map((date) => (date.getTime() - START.getTime()) / MINUTE)).toEqual([45, 45]);
  });

  it('sends the rest at once, or a send-time winner at its next time of day', () => {
    const now = new Date(START.getTime() + 200 * MINUTE);
    expect(restSendAt(test, subject, 1, now)).toEqual(now);
    // B went at 12:00; decided at 13:20, the rest get it at 12:00 the next day.
    expect(restSendAt(test, sendTime, 1, now).toISOString()).toBe('2026-06-02T12:00:00.000Z');
    expect(restSendAt(test, sendTime, 0, now).toISOString()).toBe('2026-06-02T10:00:00.000Z');
    expect(restSendAt(test, sendTime, 2, new Date(START.getTime() + 20 * MINUTE)).toISOString()).toBe('2026-06-01T10:30:00.000Z');
  });

  it('gives the lift over A, or A’s over the best other variant, and none over nothing', () => {
    expect(liftOf([0.2, 0.26], 1)).toBeCloseTo(0.3, 10);
    expect(liftOf([0.3, 0.2, 0.25], 0)).toBeCloseTo(0.2, 10);
    expect(liftOf([0, 0.1], 1)).toBeNull();
    expect(liftOf([null, 0.1], 1)).toBeNull();
  });
});
