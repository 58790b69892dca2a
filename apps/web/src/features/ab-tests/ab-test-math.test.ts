import { describe, expect, it } from 'vitest';
import { detectableSentence, formatInterval, formatLift, formatPoints, minimumDetectableDifference, perVariant } from './ab-test-math';

describe('what a test can tell apart', () => {
  it('is 2.8 standard errors of the difference of two rates', () => {
    // 20% against 20%, 1,000 each: sqrt(2 · 0.16 / 1000) = 0.01789, times 2.8 = 0.0501.
    expect(minimumDetectableDifference(0.2, 1000)).toBeCloseTo(0.0501, 4);
    expect(minimumDetectableDifference(0.25, 400)).toBeCloseTo(0.0857, 4);
    expect(minimumDetectableDifference(0.25, 0)).toBe(Number.POSITIVE_INFINITY);
  });

  it('splits the test group evenly, rounding down', () => {
    expect(perVariant(4000, 20, 2)).toBe(400);
    expect(perVariant(1000, 20, 3)).toBe(66);
    expect(perVariant(0, 20, 2)).toBe(0);
  });

  it('says the difference in points at the audience size, as approximate', () => {
    expect(detectableSentence({ audience: 4000, testShare: 20, variants: 2, metric: 'open_rate' })).toBe(
      'With about 400 people per variant, only a difference of about 8.6 points in open rate (from a typical 25%) can be told apart. Approximate: smaller differences end as “No clear winner”.',
    );
    expect(detectableSentence({ audience: 100_000, testShare: 20, variants: 2, metric: 'click_rate' })).toContain('about 10,000 people per variant, only a difference of about 0.7 points in click rate');
  });

  it('is honest when the group is too small, or the audience not known yet', () => {
    expect(detectableSentence({ audience: 100, testShare: 20, variants: 2, metric: 'open_rate' })).toContain('cannot tell variants apart');
    expect(detectableSentence({ audience: 600, testShare: 20, variants: 2, metric: 'click_rate' })).toBe('With about 60 people per variant, only a variant that roughly doubles the click rate can be told apart.');
    expect(detectableSentence({ audience: null, testShare: 20, variants: 2, metric: 'open_rate' })).toContain('Choose the audience');
  });

  it('writes points with a decimal while small', () => {
    expect(formatPoints(0.034)).toBe('3.4');
    expect(formatPoints(0.12)).toBe('12');
  });
});

describe('lift and intervals', () => {
  it('writes a lift with its sign', () => {
    expect(formatLift(0.3)).toBe('+30%');
    expect(formatLift(-0.052)).toBe('\u22125.2%');
    expect(formatLift(0.0001)).toBe('0%');
    expect(formatLift(null)).toBe('—');
    expect(formatLift(Number.NaN)).toBe('—');
  });

  it('writes an estimate with its 95% interval', () => {
    expect(formatInterval({ estimate: 0.2534, low: 0.221, high: 0.287 }, 'open_rate')).toBe('25.3% (22.1%–28.7%)');
    expect(formatInterval({ estimate: 1.5, low: 0.25, high: 2.75 }, 'revenue', 'EUR')).toBe('€1.50 (€0.25–€2.75)');
    expect(formatInterval(null, 'click_rate')).toBe('—');
  });
});
