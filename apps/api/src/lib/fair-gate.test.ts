import { describe, expect, it } from 'vitest';
import { fairGate } from './fair-gate';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** Lets every promise that can settle settle. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('fairGate', () => {
  it('runs at most `concurrency` turns at once, the rest in the order asked', async () => {
    const gate = fairGate(2);
    const started: string[] = [];
    const holds = { a: deferred(), b: deferred(), c: deferred(), d: deferred() };
    const runs = (Object.keys(holds) as (keyof typeof holds)[]).map((name) =>
      gate.turn(async () => {
        started.push(name);
        await holds[name].promise;
        return name;
      }),
    );
    await settle();
    expect(started).toEqual(['a', 'b']);
    holds.b.resolve();
    await runs[1];
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    holds.a.resolve();
    holds.c.resolve();
    holds.d.resolve();
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('gives an account one claim at a time, and another once it is given back (twice is once)', () => {
    const gate = fairGate(4);
    const release = gate.claim('a');
    expect(release).not.toBeNull();
    expect(gate.claim('a')).toBeNull();
    const other = gate.claim('b');
    expect(other).not.toBeNull();
    release!();
    release!();
    const again = gate.claim('a');
    expect(again).not.toBeNull();
    // The first release, called again, did not give back the second claim.
    release!();
    expect(gate.claim('a')).toBeNull();
  });

  it('frees the turn of work that failed', async () => {
    const gate = fairGate(1);
    await expect(gate.turn(async () => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    expect(await gate.turn(async () => 'next')).toBe('next');
  });
});
