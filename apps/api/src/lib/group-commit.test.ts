import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit';

function deferred() {
  let release = () => {};
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe('groupCommit', () => {
  it('writes a lone call within a few turns of the event loop', async () => {
    const batches: number[][] = [];
    const write = groupCommit(async (items: number[]) => {
      batches.push(items);
      return items.map((item) => item * 2);
    }, { maxBatch: 10 });
    expect(await write(4)).toBe(8);
    expect(batches).toEqual([[4]]);
  });

  it('writes calls made in the same turn of the event loop as one batch', async () => {
    const batches: number[][] = [];
    const write = groupCommit(async (items: number[]) => {
      batches.push(items);
      return items;
    }, { maxBatch: 10 });
    expect(await Promise.all([write(1), write(2), write(3)])).toEqual([1, 2, 3]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('keeps gathering while calls still arrive on successive turns, then writes them as one batch', async () => {
    const batches: number[][] = [];
    const write = groupCommit(async (items: number[]) => {
      batches.push(items);
      return items;
    }, { maxBatch: 10 });
    const calls = [write(1)];
    for (let item = 2; item <= 4; item += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      calls.push(write(item));
    }
    expect(await Promise.all(calls)).toEqual([1, 2, 3, 4]);
    expect(batches).toEqual([[1, 2, 3, 4]]);
  });

  it('writes the calls made during a write as the next batch, each getting its own result', async () => {
    const batches: number[][] = [];
    const gate = deferred();
    const firstWriteStarted = deferred();
    const write = groupCommit(async (items: number[]) => {
      batches.push(items);
      if (batches.length === 1) {
        firstWriteStarted.release();
        await gate.promise;
      }
      return items.map((item) => item * 10);
    }, { maxBatch: 3 });
    const first = write(1);
    await firstWriteStarted.promise;
    const waiting = [2, 3, 4, 5].map((item) => write(item));
    gate.release();
    expect(await Promise.all([first, ...waiting])).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([[1], [2, 3, 4], [5]]);
  });

  it('retries a failed batch one call at a time: the call that fails alone fails, the others are stored', async () => {
    const batches: string[][] = [];
    const write = groupCommit(async (items: string[]) => {
      batches.push(items);
      if (items.includes('poison')) throw new Error('invalid byte sequence');
      return items.map((item) => item.toUpperCase());
    }, { maxBatch: 10 });
    const calls = [write('a'), write('poison'), write('b')];
    expect(await calls[0]).toBe('A');
    await expect(calls[1]).rejects.toThrow('invalid byte sequence');
    expect(await calls[2]).toBe('B');
    expect(batches).toEqual([['a', 'poison', 'b'], ['a'], ['poison'], ['b']]);
    expect(await write('c')).toBe('C');
  });

  it('fails every call while the database fails them all, and carries on with the next batch', async () => {
    let down = true;
    const write = groupCommit(async (items: string[]) => {
      if (down) throw new Error('database unavailable');
      return items;
    }, { maxBatch: 10 });
    const failed = [write('a'), write('b')];
    await expect(failed[0]).rejects.toThrow('database unavailable');
    await expect(failed[1]).rejects.toThrow('database unavailable');
    down = false;
    expect(await write('c')).toBe('c');
  });
});
