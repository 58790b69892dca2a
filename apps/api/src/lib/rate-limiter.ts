export interface RateLimitVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

export interface RateLimiter {
  hit(key: string): RateLimitVerdict;
}

interface Window {
  startedAt: number;
  count: number;
}

// Sweeping expired windows only once the map grows keeps memory bounded without a timer.
const SWEEP_THRESHOLD = 10_000;

/**
 * A fixed-window counter per key, in this process's memory. Several API processes each count on
 * their own, so the effective limit grows with their number; that is acceptable for abuse
 * protection on a form, which is all it guards.
 */
export function createRateLimiter(options: { limit: number; windowMs: number; now?: () => number }): RateLimiter {
  const { limit, windowMs, now = Date.now } = options;
  const windows = new Map<string, Window>();

  function sweep(at: number) {
    for (const [key, window] of windows) if (at - window.startedAt >= windowMs) windows.delete(key);
  }

  return {
    hit(key) {
      const at = now();
      let window = windows.get(key);
      if (!window || at - window.startedAt >= windowMs) {
        if (windows.size >= SWEEP_THRESHOLD) sweep(at);
        window = { startedAt: at, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      const retryAfterSeconds = Math.max(1, Math.ceil((window.startedAt + windowMs - at) / 1000));
      return { allowed: window.count <= limit, retryAfterSeconds };
    },
  };
}
