import { describe, expect, it } from 'vitest';
import { hyp2f1, logHyp2f1 } from './hypergeometric';
import { logGamma } from './special-functions';

// Gauss's sum: 2F1(a, b; c; 1) = Γ(c)Γ(c-a-b) / (Γ(c-a)Γ(c-b)) when c - a - b > 0.
const gaussSum = (a: number, b: number, c: number): number =>
  Math.exp(logGamma(c) + logGamma(c - a - b) - logGamma(c - a) - logGamma(c - b));

const close = (actual: number, expected: number, relative = 1e-11) =>
  expect(Math.abs(actual - expected) / Math.abs(expected)).toBeLessThan(relative);

describe('hyp2f1', () => {
  it('matches closed forms inside the unit interval and for negative z', () => {
    close(hyp2f1(1, 1, 2, 0.5), 2 * Math.log(2)); // -ln(1 - z) / z
    close(hyp2f1(1, 1, 2, -0.5), Math.log(1.5) / 0.5);
    close(hyp2f1(2.5, 0.7, 0.7, 0.3), 0.7 ** -2.5); // 2F1(a,b;b;z) = (1-z)^-a
    // A polynomial: Σ (-3)_n (2)_n / ((5)_n n!) z^n for n = 0..3.
    close(hyp2f1(-3, 2, 5, 0.8), 1 - (6 / 5) * 0.8 + (36 / 60) * 0.64 - (144 / 1260) * 0.512);
  });

  it('converges near z = 1 through the 1 - z transformation and the long series alike', () => {
    // arcsin(x)/x = 2F1(1/2, 1/2; 3/2; x²): c - a - b = 1/2, so the transformation is used.
    const x = Math.sqrt(0.995);
    close(hyp2f1(0.5, 0.5, 1.5, x * x), Math.asin(x) / x);
    // c - a - b = 0: the transformation's terms would cancel, the direct series runs long instead.
    close(hyp2f1(1, 1, 2, 0.9999), -Math.log(1e-4) / 0.9999, 1e-10);
    // At z = 1 itself with c - a - b > 0: Gauss's sum.
    close(hyp2f1(0.3, 0.8, 2.4, 1), gaussSum(0.3, 0.8, 2.4));
    close(hyp2f1(0.3, 0.8, 2.4, 0.999999), gaussSum(0.3, 0.8, 2.4), 1e-4);
  });

  it('agrees with itself across the switch between the series and the transformation', () => {
    // Parameters shaped like BG/NBD's (r + x, b + x; a + b + x - 1) for a frequent buyer.
    const [a, b, c] = [7.243, 9.426, 9.219];
    // z = 0.9 is summed directly; just above it the 1 - z transformation takes over.
    const viaSeries = logHyp2f1(a, b, c, 0.9)!;
    const viaTransformation = logHyp2f1(a, b, c, 0.9 + 1e-12)!;
    expect(viaTransformation.sign).toBe(1);
    expect(Math.abs(viaTransformation.log - viaSeries.log)).toBeLessThan(1e-9);
    // And the long direct series at 0.95 (forced by c - a - b made integral) against the
    // transformation at a neighbouring c.
    const integral = logHyp2f1(a, b, a + b - 7, 0.95)!;
    const nearby = logHyp2f1(a, b, a + b - 7 + 2e-3, 0.95)!;
    expect(Math.abs(integral.log - nearby.log)).toBeLessThan(0.01);
  });

  it('keeps values far beyond double range in log space', () => {
    // c - a - b = -400: 2F1 grows like (1 - z)^-400.
    const value = logHyp2f1(300.2, 300.5, 200.7, 0.9)!;
    expect(Number.isFinite(value.log)).toBe(true);
    expect(value.log).toBeGreaterThan(700);
    // Euler's transformation gives the same: 2F1(a,b;c;z) = (1-z)^(c-a-b) 2F1(c-a, c-b; c; z).
    const euler = logHyp2f1(200.7 - 300.2, 200.7 - 300.5, 200.7, 0.9)!;
    expect(Math.abs(value.log - (euler.log + (200.7 - 300.2 - 300.5) * Math.log(0.1))) / value.log).toBeLessThan(1e-10);
  });

  it('refuses what is undefined', () => {
    expect(logHyp2f1(1, 1, -2, 0.5)).toBeNull();
    expect(logHyp2f1(1, 1, 1.5, 1)).toBeNull();
    expect(logHyp2f1(1, 1, 2, 1.5)).toBeNull();
    expect(hyp2f1(1, 1, 2, NaN)).toBeNaN();
  });
});
