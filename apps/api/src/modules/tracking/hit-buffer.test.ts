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
      () => events.push('error'),
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
      (_error, waiting) => errors.push(waiting),
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
      (_error, waiting) => errors.push(waiting),
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
});
