import { describe, expect, it } from 'vitest';
import { hitBuffer } from './hit-buffer';

describe('the tracking hit buffer', () => {
  it('writes a large backlog in batches of 500, letting waiting requests run between them, and loses none', async () => {
    const events: string[] = [];
    const stored: number[] = [];
    const buffer = hitBuffer<number>(
      async (hits) => {
        events.push(`write ${hits.length}`);
        stored.push(...hits);
      },
      () => events.push('error'),
    );
    for (let hit = 0; hit < 1_201; hit += 1) buffer.add(hit);
    // A request that arrived while the first batch was being written.
    setImmediate(() => events.push('request answered'));
    await buffer.flush();

    expect(events).toEqual(['write 500', 'request answered', 'write 500', 'write 201']);
    expect(stored).toEqual(Array.from({ length: 1_201 }, (_, hit) => hit));
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
});
