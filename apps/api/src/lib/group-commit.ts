/**
 * Group commit: calls made while a write is in flight are queued and written together by the next
 * one. Under load, N waiting submissions cost one statement instead of N; a lone call waits only
 * two turns of the event loop. Every caller's promise settles only after its own item is stored,
 * so an answer never gets ahead of the database. One bad item never fails the others: a failed
 * batch is tried again one call at a time.
 *
 * Writes start from setImmediate, after the event loop has read every request that arrived: an
 * embedded database (PGlite) runs on this thread, so while it writes no new request is read, and
 * starting from a microtask would write each request alone. Clients answered together come back
 * together, but spread over a few turns; a write waits while each turn still brings more (at 10
 * busy connections: 9 a statement instead of 5, and 10,600 waitlist POSTs a second, not 9,100).
 */

// Bounds how long a call waits for company: a handful of turns, each a few microseconds when idle.
const MAX_GATHER_TURNS = 8;
// A batch this big already spreads the statement's cost; waiting for more would only hold every
// client at once (at 100 connections the server then idles while they all send their next call).
const GATHER_BELOW = 16;

export function groupCommit<Item, Result>(
  writeBatch: (items: Item[]) => Promise<Result[]>,
  options: { maxBatch: number },
): (item: Item) => Promise<Result> {
  interface Pending {
    item: Item;
    resolve(result: Result): void;
    reject(error: unknown): void;
  }
  let queue: Pending[] = [];
  let writing = false;

  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

  // While each turn of the event loop still reads more calls, wait one more: the next write then
  // carries them too, instead of writing a half and leaving the rest for a write of their own.
  async function gather() {
    for (let turn = 0; turn < MAX_GATHER_TURNS && queue.length < Math.min(GATHER_BELOW, options.maxBatch); turn += 1) {
      const before = queue.length;
      await nextTurn();
      if (queue.length === before) return;
    }
  }

  // A batch one bad item failed (a value the database refuses) is written again one call at a time,
  // so that item's caller alone gets the error and the others are stored.
  async function writeOneByOne(batch: Pending[]) {
    for (const pending of batch) {
      try {
        const [result] = await writeBatch([pending.item]);
        pending.resolve(result as Result);
      } catch (error) {
        pending.reject(error);
      }
    }
  }

  async function drain() {
    while (queue.length > 0) {
      await gather();
      const batch = queue.slice(0, options.maxBatch);
      queue = queue.slice(batch.length);
      try {
        const results = await writeBatch(batch.map((pending) => pending.item));
        batch.forEach((pending, index) => pending.resolve(results[index] as Result));
      } catch (error) {
        if (batch.length === 1) batch[0]!.reject(error);
        else await writeOneByOne(batch);
      }
      await nextTurn();
    }
    writing = false;
  }

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!writing) {
        writing = true;
        setImmediate(() => void drain());
      }
    });
}
