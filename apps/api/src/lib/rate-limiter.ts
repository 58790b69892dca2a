export interface RateLimitVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

export interface RateLimiter {
  hit(key: string): RateLimitVerdict;
  /** How many keys it holds now: at most those of one window, and never more than maxKeys. */
  readonly size: number;
}

interface Window {
  key: string;
  startedAt: number;
  count: number;
}

// A hard cap on the keys one limiter holds (about 100 bytes each). A flood of more distinct
// clients than this within one window evicts the oldest windows first: those clients start
// afresh, the price of a bounded memory.
const DEFAULT_MAX_KEYS = 100_000;

/**
 * A fixed-window counter per key, in this process's memory. Several API processes each count on
 * their own, so the effective limit grows with their number; that is acceptable for abuse
 * protection on a form, which is all it guards.
 *
 * Windows are queued in the order they start, which is the order they end (all are as long): an
 * expired one is always at the front, so each new window pops what has expired, or the oldest
 * past maxKeys, in O(1) amortised time, never a scan of the whole map.
 */
export function createRateLimiter(options: { limit: number; windowMs: number; now?: () => number; maxKeys?: number }): RateLimiter {
  const { limit, windowMs, now = Date.now, maxKeys = DEFAULT_MAX_KEYS } = options;
  const windows = new Map<string, Window>();
  // Windows in start order; `head` is the front. A restarted key leaves its old, expired window
  // here until it reaches the front; the map tells it apart (it holds the new one).
  let queue: Window[] = [];
  let head = 0;

  function evict(at: number) {
    while (head < queue.length) {
      const oldest = queue[head] as Window;
      const current = windows.get(oldest.key) === oldest;
      if (current && at - oldest.startedAt < windowMs && windows.size < maxKeys) break;
      if (current) windows.delete(oldest.key);
      head += 1;
    }
    // Drop the popped front once it is half the array, so the queue's memory follows the map's.
    if (head > 1024 && head * 2 > queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
  }

  return {
    get size() {
      return windows.size;
    },
    hit(key) {
      const at = now();
      let window = windows.get(key);
      if (!window || at - window.startedAt >= windowMs) {
        if (window) windows.delete(key);
        evict(at);
        window = { key, startedAt: at, count: 0 };
        windows.set(key, window);
        queue.push(window);
      }
      window.count += 1;
      const retryAfterSeconds = Math.max(1, Math.ceil((window.startedAt + windowMs - at) / 1000));
      return { allowed: window.count <= limit, retryAfterSeconds };
    },
  };
}
