// Tracking hits are answered at once and written in batches: a pixel served to a million inboxes
// must not cost a million transactions. Hits wait in memory for at most FLUSH_MS or until
// MAX_BATCH have gathered; flush() (called when the server stops cleanly) writes what is left,
// so a clean stop loses none. A failed write is kept and tried again with the next batch.

const FLUSH_MS = 250;
// An embedded database (PGlite) writes on the request thread, about 15 µs a hit: 500 hits hold
// every other request back some 8 ms, where 5,000 held it back 75 ms. The statement's own cost,
// spread over 500 rows, is under a microsecond each.
const MAX_BATCH = 500;
/** Past this many unwritten hits (the database is down), the oldest are dropped rather than exhaust memory. */
const MAX_WAITING = 500_000;

export interface HitBuffer<Hit> {
  add(hit: Hit): void;
  /** Writes every waiting hit; resolves when they are stored. */
  flush(): Promise<void>;
}

export function hitBuffer<Hit>(
  write: (hits: Hit[]) => Promise<void>,
  onError: (error: unknown, waiting: number) => void,
): HitBuffer<Hit> {
  let waiting: Hit[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  function writeWaiting(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    writing = writing.then(async () => {
      while (waiting.length > 0) {
        const batch = waiting.slice(0, MAX_BATCH);
        waiting = waiting.slice(batch.length);
        try {
          await write(batch);
        } catch (error) {
          waiting = batch.concat(waiting).slice(-MAX_WAITING);
          onError(error, waiting.length);
          schedule();
          return;
        }
        // Let the requests that arrived meanwhile be answered before the next batch.
        if (waiting.length > 0) await new Promise((resolve) => setImmediate(resolve));
      }
    });
    return writing;
  }

  function schedule() {
    timer ??= setTimeout(() => void writeWaiting(), FLUSH_MS).unref();
  }

  return {
    add(hit) {
      waiting.push(hit);
      if (waiting.length >= MAX_BATCH) void writeWaiting();
      else schedule();
    },
    async flush() {
      await writeWaiting();
      // A write that failed just now leaves its hits waiting; one more try before giving up.
      if (waiting.length > 0) await writeWaiting();
    },
  };
}
