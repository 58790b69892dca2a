import { describe, expect, it } from 'vitest';
import { logAddExp, logBeta, logGamma, logGammaSigned } from './special-functions';

const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));

describe('logGamma', () => {
  it('matches factorials at the integers and √π at one half', () => {
    for (const n of [1, 2, 3, 5, 10, 20, 30]) expect(logGamma(n)).toBeCloseTo(Math.log(factorial(n - 1)), 10);
    expect(logGamma(0.5)).toBeCloseTo(0.5 * Math.log(Math.PI), 12);
    expect(logGamma(1.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI) / 2), 12);
  });

  it('stays accurate for large and tiny arguments', () => {
    // Stirling with two correction terms is exact to ~1e-12 at 1000.
    const x = 1000;
    const stirling = (x - 0.5) * Math.log(x) - x + 0.5 * Math.log(2 * Math.PI) + 1 / (12 * x) - 1 / (360 * x ** 3);
    expect(logGamma(x)).toBeCloseTo(stirling, 8);
    // Γ(x) ~ 1/x - γ near 0.
    expect(logGamma(1e-8)).toBeCloseTo(-Math.log(1e-8) - 0.5772156649e-8, 8);
  });

  it('gives the sign and size of Γ for negative arguments, and a pole at the non-positive integers', () => {
    // Γ(-0.5) = -2√π, Γ(-1.5) = 4√π/3.
    expect(logGammaSigned(-0.5)).toEqual({ log: expect.closeTo(Math.log(2 * Math.sqrt(Math.PI)), 12) as number, sign: -1 });
    expect(logGammaSigned(-1.5)).toEqual({ log: expect.closeTo(Math.log((4 * Math.sqrt(Math.PI)) / 3), 12) as number, sign: 1 });
    expect(logGamma(0)).toBe(Infinity);
    expect(logGamma(-3)).toBe(Infinity);
  });
});

describe('logBeta and logAddExp', () => {
  it('computes B(a, b) and sums in log space without overflow', () => {
    expect(logBeta(2, 3)).toBeCloseTo(Math.log(1 / 12), 12);
    expect(logBeta(0.5, 0.5)).toBeCloseTo(Math.log(Math.PI), 12);
    expect(logAddExp(Math.log(2), Math.log(3))).toBeCloseTo(Math.log(5), 14);
    expect(logAddExp(1000, 1000)).toBeCloseTo(1000 + Math.log(2), 10);
    expect(logAddExp(-Infinity, 4)).toBe(4);
  });
});
