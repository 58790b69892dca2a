/**
 * Group commit: calls made while a write is in flight are queued and written together by the next
 * one. Under load, N waiting submissions cost one statement instead of N; a lone call waits only
 * for the current turn of the event loop. Every caller's promise settles only after its own item
 * is stored, so an answer never gets ahead of the database.
 *
 * Writes start from setImmediate, after the event loop has read every request that arrived: an
 * embedded database (PGlite) runs on this thread, so while it writes no new request is read, and
 * starting from a microtask would write each request alone.
 */
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

  async function drain() {
    while (queue.length > 0) {
      const batch = queue.slice(0, options.maxBatch);
      queue = queue.slice(batch.length);
      try {
        const results = await writeBatch(batch.map((pending) => pending.item));
        batch.forEach((pending, index) => pending.resolve(results[index] as Result));
      } catch (error) {
        for (const pending of batch) pending.reject(error);
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
