import { describe, expect, it } from 'vitest';
import { hitBuffer } from './hit-buffer';

describe('the tracking hit buffer', () => {
  it('writes a large backlog in batches of 5,000, letting waiting requests run between them, and loses none', async () => {
    const events: string[] = [];
    const stored: number[] = [];
    const buffer = hitBuffer<number>(
      async (hits) => {
        events.push(`write ${hits.length}`);
        stored.push(...hits);
      },
      { onError: () => events.push('error'), onDropped: () => events.push('dropped') },
    );
    for (let hit = 0; hit < 12_001; hit += 1) buffer.add(hit);
    // A request that arrived while the first batch was being written.
    setImmediate(() => events.push('request answered'));
    await buffer.flush();

    expect(events).toEqual(['write 5000', 'request answered', 'write 5000', 'write 2001']);
    expect(stored).toEqual(Array.from({ length: 12_001 }, (_, hit) => hit));
  });

  it('keeps a batch whose write failed and writes it with the next', async () => {
    let fail = true;
    const stored: number[] = [];
    const errors: number[] = [];
    const buffer = hitBuffer<number>(
      async (hits) => {
        if (fail) throw new Error('database unavailable');
        stored.push(...hits);
      },
      { onError: (_error, waiting) => errors.push(waiting), onDropped: () => {} },
    );
    buffer.add(1);
    buffer.add(2);
    await buffer.flush();
    expect(stored).toEqual([]);
    expect(errors.at(-1)).toBe(2);

    fail = false;
    buffer.add(3);
    await buffer.flush();
    expect(stored).toEqual([1, 2, 3]);
  });

  it('while the database is down, tries again on its timer rather than on every hit', async () => {
    let attempts = 0;
    const errors: number[] = [];
    const buffer = hitBuffer<number>(
      async () => {
        attempts += 1;
        throw new Error('database unavailable');
      },
      { onError: (_error, waiting) => errors.push(waiting), onDropped: () => {} },
    );
    for (let hit = 0; hit < 12_001; hit += 1) {
      buffer.add(hit);
      if (hit % 1_000 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await new Promise((resolve) => setImmediate(resolve));

    expect(attempts).toBe(1);
    expect(errors).toHaveLength(1);
    await buffer.flush();
    expect(attempts).toBe(3);
    expect(errors.at(-1)).toBe(12_001);
  });

  it('retries a batch a bad row failed one row at a time, drops the bad rows with a count, and lets later batches flow', async () => {
    const stored: number[] = [];
    const dropped: number[] = [];
    const errors: number[] = [];
    // The database refuses a hit over 32,767 as bad data (SQLSTATE 22003), and with it its whole statement.
    const outOfRange = Object.assign(new Error('value out of range'), { code: '22003' });
    const buffer = hitBuffer<number>(
      async (hits) => {
        if (hits.some((hit) => hit > 32_767)) throw outOfRange;
        stored.push(...hits);
      },
      { onError: (_error, waiting) => errors.push(waiting), onDropped: (count) => dropped.push(count) },
    );
    for (const hit of [1, 40_000, 2, 50_000, 3]) buffer.add(hit);
    await buffer.flush();
    expect(stored).toEqual([1, 2, 3]);
    expect(dropped).toEqual([2]);
    expect(errors).toEqual([]);

    buffer.add(4);
    await buffer.flush();
    expect(stored).toEqual([1, 2, 3, 4]);
  });
});
