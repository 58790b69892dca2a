import { describe, expect, it } from 'vitest';
import { type ArmTally, type LookResult, lookAt, meanInterval, rateInterval, type SequentialState, type TestDesign } from './sequential-test';

const LOOKS = 48; // 4 hours, every 5 minutes

/** Runs the looks of a test whose arms reach `finalSuccesses` linearly; stops at the first decision. */
function run(design: TestDesign, n: number[], finalSuccesses: number[], options: { throughJson?: boolean } = {}) {
  let state: SequentialState | null = null;
  const results: LookResult[] = [];
  for (let look = 1; look <= LOOKS; look++) {
    const arms: ArmTally[] = n.map((size, arm) => ({ n: size, successes: Math.round((finalSuccesses[arm]! * look) / LOOKS) }));
    const result = lookAt(design, state, { at: look * 300_000, final: look === LOOKS, arms });
    results.push(result);
    state = options.throughJson ? (JSON.parse(JSON.stringify(result.state)) as SequentialState) : result.state;
    if (result.verdict.kind !== 'continue') break;
  }
  return results;
}

/** Every number inside a value (NaN included, which JSON would quietly turn into null). */
function numbersIn(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(numbersIn);
  return [];
}

const opens = (arms: number): TestDesign => ({ metric: 'open_rate', arms });

describe('lookAt', () => {
  it('stops early with the obvious winner', () => {
    const results = run(opens(2), [1000, 1000], [200, 320]);
    const last = results.at(-1)!;
    expect(last.verdict).toEqual({ kind: 'winner', arm: 1 });
    expect(results.length).toBeLessThan(LOOKS);
    expect(last.boundaryCrossed).toBe(true);
    expect(last.leader).toBe(1);
    expect(last.information).toBeGreaterThan(0);
    expect(last.information).toBeLessThan(1);
  });

  it('answers no_winner at the deadline when the arms are equal, and never continue there', () => {
    const results = run(opens(2), [1000, 1000], [200, 200]);
    expect(results).toHaveLength(LOOKS);
    expect(results.at(-1)!.verdict).toEqual({ kind: 'no_winner' });
    expect(results.at(-1)!.information).toBe(1);
    expect(results.slice(0, -1).every((result) => result.verdict.kind === 'continue')).toBe(true);
  });

  it('at a single final look is the two-proportion test at 5% two-sided', () => {
    // Pooled two-proportion z for 230/1000 vs 200/1000 is 1.63 (no); for 240 vs 200 it is 2.17 (yes).
    const final = (b: number) => lookAt(opens(2), null, { at: 0, final: true, arms: [{ n: 1000, successes: 200 }, { n: 1000, successes: b }] }).verdict;
    expect(final(230)).toEqual({ kind: 'no_winner' });
    expect(final(240)).toEqual({ kind: 'winner', arm: 1 });
    expect(final(160)).toEqual({ kind: 'winner', arm: 0 });
  });

  it('declares one of 4 variants only when it beats every other', () => {
    const clear = run(opens(4), [1000, 1000, 1000, 1000], [200, 200, 360, 210]).at(-1)!;
    expect(clear.verdict).toEqual({ kind: 'winner', arm: 2 });
    // C beats A and B but not D, which is as good: no winner, and the report says so at the deadline.
    const close = run(opens(4), [1000, 1000, 1000, 1000], [200, 200, 300, 295]);
    expect(close).toHaveLength(LOOKS);
    expect(close.at(-1)!.verdict).toEqual({ kind: 'no_winner' });
  });

  it('handles unequal arms (skips, bounces)', () => {
    const results = run(opens(2), [1000, 640], [200, 260]);
    expect(results.at(-1)!.verdict).toEqual({ kind: 'winner', arm: 1 });
    const even = run(opens(2), [1000, 640], [250, 160]);
    expect(even.at(-1)!.verdict).toEqual({ kind: 'no_winner' });
  });

  it('copes with no conversions, an arm nothing was sent to, and nonsense counts without NaN', () => {
    const none = run(opens(2), [1000, 1000], [0, 0]);
    expect(none.at(-1)!.verdict).toEqual({ kind: 'no_winner' });
    expect(none.at(-1)!.leader).toBeNull();
    const empty = run(opens(3), [0, 1000, 1000], [0, 200, 330]);
    expect(empty.at(-1)!.verdict).toEqual({ kind: 'winner', arm: 2 });
    const alone = lookAt(opens(2), null, { at: 0, final: true, arms: [{ n: 0, successes: 0 }, { n: 10, successes: 9 }] });
    expect(alone.verdict).toEqual({ kind: 'no_winner' });
    const everyone = lookAt(opens(2), null, { at: 0, final: true, arms: [{ n: 10, successes: 10 }, { n: 10, successes: 10 }] });
    expect(everyone.verdict).toEqual({ kind: 'no_winner' });
    const nonsense = lookAt(opens(2), null, { at: 0, final: true, arms: [{ n: Number.NaN, successes: 5 }, { n: 10, successes: 50 }] });
    expect(nonsense.verdict).toEqual({ kind: 'no_winner' });
    for (const result of [...none, ...empty, alone, everyone, nonsense]) expect(numbersIn(result).filter((value) => Number.isNaN(value))).toEqual([]);
  });

  it('gives the same decisions when the state goes through JSON between looks', () => {
    for (const finals of [
      [200, 320],
      [200, 250],
      [200, 200],
    ]) {
      const direct = run(opens(2), [1000, 1000], finals);
      const stored = run(opens(2), [1000, 1000], finals, { throughJson: true });
      expect(stored.map((result) => result.verdict)).toEqual(direct.map((result) => result.verdict));
      expect(stored.at(-1)!.state).toEqual(direct.at(-1)!.state);
    }
  });

  it('keeps the state bounded however many looks there are (72 hours)', () => {
    let state: SequentialState | null = null;
    const looks = 864;
    for (let look = 1; look <= looks; look++) {
      const arms = [0, 1, 2, 3].map(() => ({ n: 1000, successes: Math.round((200 * look) / looks) }));
      state = lookAt(opens(4), state, { at: look * 300_000, final: look === looks, arms }).state;
    }
    expect(state!.verdict).toEqual({ kind: 'no_winner' });
    expect(JSON.stringify(state).length).toBeLessThan(40_000);
  });

  it('answers the same verdict again after a decision', () => {
    const results = run(opens(2), [1000, 1000], [200, 320]);
    const again = lookAt(opens(2), results.at(-1)!.state, { at: 0, final: true, arms: [{ n: 1000, successes: 300 }, { n: 1000, successes: 10 }] });
    expect(again.verdict).toEqual({ kind: 'winner', arm: 1 });
  });

  it('decides revenue per recipient by Welch z, and not on a handful of buyers', () => {
    // 1,000 recipients per arm; 40 buyers of €50 in A; 80 buyers of €50 in B.
    const arm = (buyers: number, value: number): ArmTally => ({ n: 1000, successes: buyers, sum: buyers * value, sumSquares: buyers * value * value });
    const revenue: TestDesign = { metric: 'revenue', arms: 2 };
    expect(lookAt(revenue, null, { at: 0, final: true, arms: [arm(40, 50), arm(80, 50)] }).verdict).toEqual({ kind: 'winner', arm: 1 });
    expect(lookAt(revenue, null, { at: 0, final: true, arms: [arm(40, 50), arm(44, 50)] }).verdict).toEqual({ kind: 'no_winner' });
    expect(lookAt(revenue, null, { at: 0, final: true, arms: [arm(1, 50), arm(6, 900)] }).verdict).toEqual({ kind: 'no_winner' });
  });

  it('runs the mixture test too (the candidate), with the same guarantees at the deadline', () => {
    const mixture: TestDesign = { metric: 'open_rate', arms: 2, method: 'mixture' };
    expect(run(mixture, [1000, 1000], [200, 400]).at(-1)!.verdict).toEqual({ kind: 'winner', arm: 1 });
    expect(run(mixture, [1000, 1000], [200, 210]).at(-1)!.verdict).toEqual({ kind: 'no_winner' });
  });
});

describe('intervals', () => {
  it('gives the Wilson interval', () => {
    const half = rateInterval(5, 10)!;
    expect(half.estimate).toBe(0.5);
    expect(half.low).toBeCloseTo(0.23659, 5);
    expect(half.high).toBeCloseTo(0.76341, 5);
    const none = rateInterval(0, 10)!;
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(0.27753, 5);
    expect(rateInterval(0, 0)).toBeNull();
  });

  it('gives the normal interval of a mean per recipient', () => {
    const interval = meanInterval(10, 30, 5)!; // mean 2, variance 2.5
    expect(interval.estimate).toBe(2);
    expect(interval.high - interval.estimate).toBeCloseTo(1.959964 * Math.sqrt(0.5), 5);
    expect(meanInterval(0, 0, 1)).toBeNull();
  });
});
