import { describe, expect, it } from 'vitest';
import { trialDaysLeft, trialEndsAt } from './plans';

const HOUR = 60 * 60 * 1000;
const created = new Date('2026-06-01T10:00:00Z');
const after = (hours: number) => new Date(created.getTime() + hours * HOUR);

describe('trialDaysLeft', () => {
  it('counts a part of a day as a day, from 7 at creation to 1 in the last hours', () => {
    expect(trialDaysLeft(created, created)).toBe(7);
    expect(trialDaysLeft(created, after(23))).toBe(7);
    expect(trialDaysLeft(created, after(24))).toBe(6);
    expect(trialDaysLeft(created, after(7 * 24 - 1))).toBe(1);
  });

  it('is 0 from the end of the seventh day on', () => {
    expect(trialDaysLeft(created, after(7 * 24))).toBe(0);
    expect(trialDaysLeft(created, after(400 * 24))).toBe(0);
    expect(trialEndsAt(created).toISOString()).toBe('2026-06-08T10:00:00.000Z');
  });

  it('never says more than the trial, even with a clock behind the creation time', () => {
    expect(trialDaysLeft(created, after(-5))).toBe(7);
  });
});
