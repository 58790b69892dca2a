import { describe, expect, it } from 'vitest';
import { hyp2f1 } from '../../lib/hypergeometric';
import { logGamma } from '../../lib/special-functions';
import { bgNbdLogLikelihood, expectedOrders, probabilityAlive, weeksToNextOrder } from './bg-nbd';

// The published CDNOW estimates (Fader, Hardie and Lee 2005).
const CDNOW = { r: 0.243, alpha: 4.414, a: 0.793, b: 2.426 };
// The paper's worked example: customer 0001, 2 repeat purchases, t_x = 30.43, T = 38.86 weeks.
const EXAMPLE = { x: 2, tx: 30.43, T: 38.86 };

describe('BG/NBD', () => {
  it('reproduces the paper’s worked example: 1.226 expected purchases in the 39-week holdout', () => {
    expect(expectedOrders(CDNOW, 39, EXAMPLE)).toBeCloseTo(1.226, 3);
  });

  it('agrees with the unconditional expectation (equation 9) for a customer with no history', () => {
    const { r, alpha, a, b } = CDNOW;
    const t = 52;
    const unconditional = ((a + b - 1) / (a - 1)) * (1 - (alpha / (alpha + t)) ** r * hyp2f1(r, b, a + b - 1, t / (alpha + t)));
    expect(expectedOrders(CDNOW, t, { x: 0, tx: 0, T: 0 })).toBeCloseTo(unconditional, 10);
  });

  it('agrees with equation 10 taken literally, and stays finite where the literal form overflows', () => {
    const { r, alpha, a, b } = CDNOW;
    const person = { x: 7, tx: 35, T: 38 };
    const t = 52;
    const z = t / (alpha + person.T + t);
    const literal =
      (((a + b + person.x - 1) / (a - 1)) * (1 - ((alpha + person.T) / (alpha + person.T + t)) ** (r + person.x) * hyp2f1(r + person.x, b + person.x, a + b + person.x - 1, z))) /
      (1 + (a / (b + person.x - 1)) * ((alpha + person.T) / (alpha + person.tx)) ** (r + person.x));
    expect(expectedOrders(CDNOW, t, person)).toBeCloseTo(literal, 10);
    // 2,000 repeat days: 2F1(r+x, b+x; ...) is far beyond a double. The answer lies below the
    // no-dropout expectation (r+x)/(α+T) × t ≈ 2,343 and, with a dropout chance per order of
    // about a/(a+b+x) ≈ 1/2,500, well above half of it.
    const heavy = expectedOrders(CDNOW, 52, { x: 2000, tx: 40, T: 40 })!;
    expect(heavy).toBeLessThan(((0.243 + 2000) / 44.414) * 52);
    expect(heavy).toBeGreaterThan(((0.243 + 2000) / 44.414) * 26);
    // a = 1 exactly, where the closed form is 0/0.
    expect(expectedOrders({ ...CDNOW, a: 1 }, 39, EXAMPLE)).toBeCloseTo(
      (expectedOrders({ ...CDNOW, a: 1 - 1e-4 }, 39, EXAMPLE)! + expectedOrders({ ...CDNOW, a: 1 + 1e-4 }, 39, EXAMPLE)!) / 2,
      6,
    );
  });

  it('gives P(alive) of 1 to one-time buyers and less to those long silent', () => {
    expect(probabilityAlive(CDNOW, { x: 0, tx: 0, T: 30 })).toBe(1);
    const recent = probabilityAlive(CDNOW, { x: 3, tx: 30, T: 31 });
    const silent = probabilityAlive(CDNOW, { x: 3, tx: 5, T: 31 });
    expect(recent).toBeGreaterThan(0.8);
    expect(silent).toBeLessThan(0.3);
    // The closed form: 1 / (1 + a/(b+x−1) ((α+T)/(α+t_x))^(r+x)).
    expect(silent).toBeCloseTo(1 / (1 + (0.793 / (2.426 + 2)) * ((4.414 + 31) / (4.414 + 5)) ** 3.243), 12);
  });

  it('dates the next order where it is as likely as not, and gives none to people more likely gone', () => {
    const weeks = weeksToNextOrder(CDNOW, EXAMPLE)!;
    const alive = probabilityAlive(CDNOW, EXAMPLE);
    const chance = alive * (1 - ((CDNOW.alpha + EXAMPLE.T) / (CDNOW.alpha + EXAMPLE.T + weeks)) ** (CDNOW.r + EXAMPLE.x));
    expect(chance).toBeCloseTo(0.5, 10);
    expect(weeksToNextOrder(CDNOW, { x: 3, tx: 5, T: 31 })).toBeNull();
  });

  it('scores the likelihood in log space and refuses invalid parameters', () => {
    // Customer 0001's contribution, from the paper's formula on plain numbers.
    const { r, alpha, a, b } = CDNOW;
    const { x, tx, T } = EXAMPLE;
    const gamma = (n: number) => Math.exp(logGamma(n));
    const beta = (p: number, q: number) => (gamma(p) * gamma(q)) / gamma(p + q);
    const likelihood =
      ((beta(a, b + x) / beta(a, b)) * gamma(r + x) * alpha ** r) / (gamma(r) * (alpha + T) ** (r + x)) +
      ((beta(a + 1, b + x - 1) / beta(a, b)) * gamma(r + x) * alpha ** r) / (gamma(r) * (alpha + tx) ** (r + x));
    expect(bgNbdLogLikelihood(CDNOW, [EXAMPLE])).toBeCloseTo(Math.log(likelihood), 10);
    expect(bgNbdLogLikelihood({ ...CDNOW, r: -1 }, [EXAMPLE])).toBe(-Infinity);
  });
});
