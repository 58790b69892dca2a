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
  it('runs at most `concurrency` at once, the rest in the order asked', async () => {
    const gate = fairGate(2);
    const started: string[] = [];
    const holds = { a: deferred(), b: deferred(), c: deferred(), d: deferred() };
    const runs = (Object.keys(holds) as (keyof typeof holds)[]).map((account) =>
      gate.run(account, async () => {
        started.push(account);
        await holds[account].promise;
        return account;
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
    expect(await Promise.all(runs)).toEqual([{ value: 'a' }, { value: 'b' }, { value: 'c' }, { value: 'd' }]);
  });

  it('refuses an account a second turn while its first runs, and gives it one after', async () => {
    const gate = fairGate(4);
    const hold = deferred();
    const first = gate.run('a', () => hold.promise.then(() => 1));
    expect(await gate.run('a', async () => 2)).toBeNull();
    expect(await gate.run('b', async () => 3)).toEqual({ value: 3 });
    hold.resolve();
    expect(await first).toEqual({ value: 1 });
    expect(await gate.run('a', async () => 4)).toEqual({ value: 4 });
  });

  it('frees the turn of work that failed', async () => {
    const gate = fairGate(1);
    await expect(gate.run('a', async () => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    expect(await gate.run('a', async () => 'next')).toEqual({ value: 'next' });
  });
});
