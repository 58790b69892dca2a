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

  it('forgets expired windows once many keys have been seen', () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, now: () => now });
    for (let index = 0; index < 10_000; index += 1) limiter.hit(`client-${index}`);
    now = 5000;
    // The sweep ran: a key seen long ago starts a fresh window.
    expect(limiter.hit('client-1').allowed).toBe(true);
  });
});
