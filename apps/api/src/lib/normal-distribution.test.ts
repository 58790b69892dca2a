import { describe, expect, it } from 'vitest';
import { normalCdf, normalPdf, normalQuantile, normalUpperTail } from './normal-distribution';

describe('normal distribution', () => {
  it('gives the tabulated values of Φ and its tails', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 15);
    expect(normalCdf(1.96)).toBeCloseTo(0.9750021048517795, 14);
    expect(normalCdf(-1)).toBeCloseTo(0.15865525393145707, 14);
    // Far tails keep their own digits (relative error), where 1 − Φ would round to 0.
    expect(normalUpperTail(5) / 2.866515718791939e-7).toBeCloseTo(1, 8);
    expect(normalUpperTail(8) / 6.220960574271785e-16).toBeCloseTo(1, 7);
    expect(normalCdf(-8) / 6.220960574271785e-16).toBeCloseTo(1, 7);
    expect(normalUpperTail(-3)).toBeCloseTo(0.9986501019683699, 14);
    expect(normalUpperTail(40)).toBe(0);
    expect(normalPdf(0)).toBeCloseTo(0.3989422804014327, 15);
  });

  it('inverts Φ', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 12);
    expect(normalQuantile(0.0125)).toBeCloseTo(-2.241402727604947, 12);
    expect(normalQuantile(0.5)).toBe(0);
    for (const p of [1e-12, 1e-6, 0.01, 0.3, 0.7, 0.99, 1 - 1e-9]) {
      const x = normalQuantile(p);
      const back = p < 0.5 ? normalCdf(x) : 1 - normalUpperTail(x);
      expect(back / p).toBeCloseTo(1, 9);
    }
    expect(normalQuantile(0)).toBe(-Infinity);
    expect(normalQuantile(1)).toBe(Infinity);
    expect(normalQuantile(1.5)).toBeNaN();
  });
});
