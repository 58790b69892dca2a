import { describe, expect, it } from 'vitest';
import { expectedOrderValue, gammaGammaLogLikelihood, populationMeanValue } from './gamma-gamma';
import { logGamma } from '../../lib/special-functions';

const CDNOW = { p: 6.25, q: 3.74, v: 15.44 };

describe('Gamma-Gamma', () => {
  it('shrinks a person’s mean towards the population’s, less the more they bought', () => {
    const population = populationMeanValue(CDNOW)!;
    expect(population).toBeCloseTo((6.25 * 15.44) / 2.74, 10);
    const once = expectedOrderValue(CDNOW, { x: 1, m: 100 })!;
    const often = expectedOrderValue(CDNOW, { x: 20, m: 100 })!;
    expect(once).toBeGreaterThan(population);
    expect(once).toBeLessThan(often);
    expect(often).toBeLessThan(100);
    expect(once).toBeCloseTo((6.25 * (15.44 + 100)) / (6.25 + 2.74), 10);
    expect(expectedOrderValue(CDNOW, null)).toBe(population);
    expect(populationMeanValue({ ...CDNOW, q: 0.9 })).toBeNull();
  });

  it('scores the likelihood of a mean from its closed form', () => {
    const { p, q, v } = CDNOW;
    const [x, m] = [3, 40];
    const expected =
      logGamma(p * x + q) - logGamma(p * x) - logGamma(q) + q * Math.log(v) + (p * x - 1) * Math.log(m) + p * x * Math.log(x) - (p * x + q) * Math.log(x * m + v);
    expect(gammaGammaLogLikelihood(CDNOW, [{ x, m }])).toBeCloseTo(expected, 12);
    expect(gammaGammaLogLikelihood({ ...CDNOW, v: 0 }, [{ x, m }])).toBe(-Infinity);
  });
});
