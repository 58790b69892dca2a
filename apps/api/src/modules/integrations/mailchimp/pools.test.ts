import { describe, expect, it } from 'vitest';
import { keyPool, keyPools } from './pools';

// Mailchimp's pools per key (finding 16): a stream of keys cannot grow them for ever, and a key's
// ten slots hold while it is in use.

describe('Mailchimp’s pools per key', () => {
  it('keeps at most maxKeys pools however many keys come, closing the ones it lets go', () => {
    const pools = keyPools({ maxKeys: 100, perKey: 10 });
    const first = pools.pool('key-0');
    for (let index = 1; index < 10_000; index += 1) pools.pool(`key-${index}`);
    expect(pools.size).toBe(100);
    expect(first.closed).toBe(true);
    // A key asked for again gets a fresh pool.
    expect(pools.pool('key-0')).not.toBe(first);
    expect(pools.pool('key-0').closed).toBe(false);
  });

  it('lets go of the least recently used idle pool first, not one with requests in flight', async () => {
    const pools = keyPools({ maxKeys: 3, perKey: 1 });
    const busy = pools.pool('busy');
    const release = await busy.acquire();
    const recent = pools.pool('recent');
    pools.pool('old');
    pools.pool('recent');
    pools.pool('newcomer');
    // 'busy' is the oldest but has a request in flight; 'old' is the oldest idle one.
    expect(busy.closed).toBe(false);
    expect(pools.pool('busy')).toBe(busy);
    expect(recent.closed).toBe(false);
    release();
  });

  it('an evicted pool lends no new slot, and what it queued still goes', async () => {
    const pool = keyPool(1);
    const first = await pool.acquire();
    let second = false;
    const queued = pool.acquire().then((release) => {
      second = true;
      release();
    });
    pool.close();
    await expect(pool.acquire()).rejects.toThrow(/closed/);
    expect(second).toBe(false);
    first();
    await queued;
    expect(second).toBe(true);
    expect(pool.idle).toBe(true);
  });

  it('lets ten requests of a key through at once and queues the eleventh', async () => {
    const pool = keyPools({ maxKeys: 10, perKey: 10 }).pool('key');
    const releases = await Promise.all(Array.from({ length: 10 }, () => pool.acquire()));
    let eleventh = false;
    const waiting = pool.acquire().then((release) => {
      eleventh = true;
      return release;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(eleventh).toBe(false);
    releases[0]!();
    (await waiting)();
    expect(eleventh).toBe(true);
    releases.slice(1).forEach((release) => release());
    expect(pool.idle).toBe(true);
  });
});
