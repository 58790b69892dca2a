import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FingerprintSet } from './fingerprint-set';

const digest = (text: string) => createHash('sha256').update(text).digest();

describe('FingerprintSet', () => {
  it('answers true for a new key and false for one seen before, across growth', () => {
    const set = new FingerprintSet();
    for (let i = 0; i < 50_000; i += 1) expect(set.add(digest(`user${i}@example.com`))).toBe(true);
    for (let i = 0; i < 50_000; i += 7) expect(set.add(digest(`user${i}@example.com`))).toBe(false);
    expect(set.size).toBe(50_000);
  });

  it('keeps zero fingerprints apart from empty slots', () => {
    const set = new FingerprintSet();
    const zero = new Uint8Array(32);
    const lowOne = Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(set.add(zero)).toBe(true);
    expect(set.add(zero)).toBe(false);
    // (0, 0) is stored as (0, 1), so a real (0, 1) is taken as the same key: the odds are 2⁻⁶⁴.
    expect(set.add(lowOne)).toBe(false);
    expect(set.size).toBe(1);
  });
});
