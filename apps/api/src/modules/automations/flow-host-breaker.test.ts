import { describe, expect, it } from 'vitest';
import { hostBreaker } from './flow-host-breaker';

const at = (seconds: number) => new Date(Date.UTC(2026, 5, 1, 10, 0, seconds));

describe('the webhook host breaker', () => {
  it('opens after the failures in a row, lets one trial through when the pause ends, and pauses twice as long when it fails', () => {
    const breaker = hostBreaker({ failures: 3, openMs: 10_000, maxOpenMs: 15_000 });
    for (let call = 0; call < 3; call += 1) {
      expect(breaker.admit('a', 'tarpit.example', at(0))).toEqual({ allowed: true });
      breaker.record('a', 'tarpit.example', false, at(0));
    }
    expect(breaker.admit('a', 'tarpit.example', at(5))).toEqual({ allowed: false, until: at(10), failures: 3 });
    // Another account's calls to the same host are its own.
    expect(breaker.admit('b', 'tarpit.example', at(5))).toEqual({ allowed: true });

    expect(breaker.admit('a', 'tarpit.example', at(10))).toEqual({ allowed: true });
    expect(breaker.admit('a', 'tarpit.example', at(10)).allowed).toBe(false);
    breaker.record('a', 'tarpit.example', false, at(11));
    // Twice the pause, capped at 15 s.
    expect(breaker.admit('a', 'tarpit.example', at(20))).toEqual({ allowed: false, until: at(26), failures: 4 });
  });

  it('closes at the first answer, whatever its status, and counts failures in a row only', () => {
    const breaker = hostBreaker({ failures: 2, openMs: 10_000, maxOpenMs: 60_000 });
    breaker.record('a', 'hooks.example', false, at(0));
    breaker.record('a', 'hooks.example', true, at(1));
    breaker.record('a', 'hooks.example', false, at(2));
    expect(breaker.admit('a', 'hooks.example', at(3))).toEqual({ allowed: true });
    breaker.record('a', 'hooks.example', false, at(3));
    expect(breaker.admit('a', 'hooks.example', at(4)).allowed).toBe(false);
    expect(breaker.admit('a', 'hooks.example', at(13)).allowed).toBe(true);
    breaker.record('a', 'hooks.example', true, at(13));
    expect(breaker.admit('a', 'hooks.example', at(14))).toEqual({ allowed: true });
  });

  it('lets the next trial through when an admitted one did not go', () => {
    const breaker = hostBreaker({ failures: 1, openMs: 10_000, maxOpenMs: 60_000 });
    breaker.record('a', 'hooks.example', false, at(0));
    expect(breaker.admit('a', 'hooks.example', at(10)).allowed).toBe(true);
    breaker.release('a', 'hooks.example');
    expect(breaker.admit('a', 'hooks.example', at(10)).allowed).toBe(true);
  });
});
