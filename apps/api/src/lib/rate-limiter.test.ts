import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limiter';

describe('createRateLimiter', () => {
  it('allows the limit per window, then refuses until the window ends', () => {
    let now = 1_000_000;
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, now: () => now });
    expect([1, 2, 3].map(() => limiter.hit('a').allowed)).toEqual([true, true, true]);
    const refused = limiter.hit('a');
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(60);
    expect(limiter.hit('b').allowed).toBe(true);
    now += 60_000;
    expect(limiter.hit('a').allowed).toBe(true);
  });

  it('forgets expired windows as new keys arrive, so memory follows the clients of one window', () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, now: () => now });
    // 200,000 clients, one a millisecond: at most a window's worth (1,000) is ever kept.
    let largest = 0;
    for (let index = 0; index < 200_000; index += 1) {
      now += 1;
      limiter.hit(`client-${index}`);
      largest = Math.max(largest, limiter.size);
    }
    expect(largest).toBeLessThanOrEqual(1000);
    // A key seen long ago starts a fresh window; one seen within the window is still limited.
    expect(limiter.hit('client-1').allowed).toBe(true);
    expect(limiter.hit('client-199999').allowed).toBe(false);
  });

  it('keeps at most maxKeys under a flood of new keys in one window, evicting the oldest, and still limits live keys', () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000, now: () => 0, maxKeys: 1000 });
    let largest = 0;
    for (let index = 0; index < 30_000; index += 1) {
      limiter.hit(`flood-${index}`);
      largest = Math.max(largest, limiter.size);
    }
    expect(largest).toBe(1000);
    expect([1, 2, 3].map(() => limiter.hit('late').allowed)).toEqual([true, true, false]);
    // The newest flood keys are still counted: their second hit is allowed, the third refused.
    expect([1, 2].map(() => limiter.hit('flood-29999').allowed)).toEqual([true, false]);
    expect(limiter.size).toBe(1000);
  });

  it('restarts a key whose window ended without keeping its old entry', () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, now: () => now });
    for (let round = 0; round < 1000; round += 1) {
      now += 1000;
      expect(limiter.hit('same').allowed).toBe(true);
      expect(limiter.hit('same').allowed).toBe(false);
    }
    expect(limiter.size).toBe(1);
  });
});
