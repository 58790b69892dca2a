import { describe, expect, it } from 'vitest';
import { obrienFlemingBoundaries, obrienFlemingSpent, startTrack, testLook } from './group-sequential';

describe("O'Brien-Fleming-type spending", () => {
  it('spends alpha by the information fraction: nothing at 0, all at 1', () => {
    expect(obrienFlemingSpent(0, 0.025)).toBe(0);
    expect(obrienFlemingSpent(1, 0.025)).toBe(0.025);
    // α(0.5) = 2 − 2Φ(2.2414/√0.5) = 2 − 2Φ(3.1699)
    expect(obrienFlemingSpent(0.5, 0.025)).toBeCloseTo(0.0015249, 6);
  });

  it('matches the published boundaries (gsDesign sfLDOF; Jennison and Turnbull): 5 and 4 equal looks, 0.025 one-sided', () => {
    const five = obrienFlemingBoundaries([0.2, 0.4, 0.6, 0.8, 1], 0.025);
    [4.8769, 3.3569, 2.6803, 2.2898, 2.031].forEach((published, look) => expect(Math.abs(five[look]! - published)).toBeLessThan(0.001));
    const four = obrienFlemingBoundaries([0.25, 0.5, 0.75, 1], 0.025);
    [4.3326, 2.9631, 2.359, 2.0141].forEach((published, look) => expect(Math.abs(four[look]! - published)).toBeLessThan(0.001));
  });

  it('is the fixed-sample critical value with one look', () => {
    expect(obrienFlemingBoundaries([1], 0.025)[0]).toBeCloseTo(1.959964, 5);
  });

  it('spends exactly what it is asked to, and tests nothing without new information', () => {
    const first = testLook(startTrack(), 0.5, 0.01)!;
    expect(first.track.spent).toBeCloseTo(0.01, 10);
    const second = testLook(first.track, 1, 0.025)!;
    expect(second.track.spent).toBeCloseTo(0.025, 10);
    expect(second.boundary).toBeLessThan(first.boundary);
    expect(testLook(second.track, 1, 0.03)).toBeNull();
    expect(testLook(second.track, 0.8, 0.03)).toBeNull();
  });

  it('gives no boundary (infinite) to a look whose share of the error is nil', () => {
    const look = testLook(startTrack(), 0.01, 0)!;
    expect(look.boundary).toBe(Infinity);
    expect(look.track.spent).toBe(0);
  });
});
