// Mailchimp lets one credential have at most 10 requests in flight (a 429 past that, without a
// Retry-After), so every client made for a key in this process shares one pool of 10. The pools are
// kept by a digest of the key, at most `maxKeys` of them, the least recently used going first: a
// stream of keys (every key someone tries to connect makes a client) cannot grow the map for ever.
// An evicted pool is closed: it lends no new slot, and what it already lent or queued finishes as
// it would have (the next request of that key opens a fresh pool).

export interface KeyPool {
  acquire(): Promise<() => void>;
  /** Nothing in flight and nothing queued. */
  readonly idle: boolean;
  readonly closed: boolean;
  close(): void;
}

/** At most `size` requests in flight; the rest queue in order. */
export function keyPool(size: number): KeyPool {
  let running = 0;
  let closed = false;
  const waiting: Array<() => void> = [];
  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next();
    }
  };
  return {
    async acquire() {
      if (closed) throw new Error('This pool was closed: ask the pools for the key again.');
      if (running < size) running += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      let released = false;
      return () => {
        if (released) return;
        released = true;
        release();
      };
    },
    get idle() {
      return running === 0 && waiting.length === 0;
    },
    get closed() {
      return closed;
    },
    close() {
      closed = true;
    },
  };
}

export interface KeyPools {
  /** The key's pool (made, or moved to the most recently used end). */
  pool(key: string): KeyPool;
  readonly size: number;
}

export function keyPools(options: { maxKeys: number; perKey: number }): KeyPools {
  // A Map iterates in insertion order: deleting and setting again makes a key the most recent.
  const pools = new Map<string, KeyPool>();
  function evictOne() {
    // The least recently used idle pool first; if every pool is busy, the least recently used.
    let victim: string | undefined;
    for (const [key, pool] of pools) {
      if (pool.idle) {
        victim = key;
        break;
      }
    }
    victim ??= pools.keys().next().value;
    if (victim === undefined) return;
    pools.get(victim)?.close();
    pools.delete(victim);
  }
  return {
    pool(key) {
      let pool = pools.get(key);
      if (pool) pools.delete(key);
      else {
        while (pools.size >= options.maxKeys) evictOne();
        pool = keyPool(options.perKey);
      }
      pools.set(key, pool);
      return pool;
    },
    get size() {
      return pools.size;
    },
  };
}
