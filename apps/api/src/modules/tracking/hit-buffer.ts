// Tracking hits are answered at once and written in batches: a pixel served to a million inboxes
// must not cost a million transactions. Hits wait in memory for at most FLUSH_MS or until
// MAX_BATCH have gathered; flush() (called when the server stops cleanly) writes what is left,
// so a clean stop loses none. A failed write is kept and tried again with the next batch.

const FLUSH_MS = 250;
// An embedded database (PGlite) writes on the request thread, some 15 µs a hit, so a full batch
// holds other requests back about 75 ms. Batches of 500 cut that to 8 ms but cost the tracking
// bench 15% of its hits per second (10,200 against 11,800): big batches won.
const MAX_BATCH = 5_000;
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
  // One writer at a time; hits added while it runs are taken by its next batch.
  let writing: Promise<void> | undefined;
  // After a failed write only the timer tries again: not every hit while the database is down.
  let failing = false;

  function writeWaiting(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    writing ??= (async () => {
      try {
        while (waiting.length > 0) {
          const batch = waiting.slice(0, MAX_BATCH);
          waiting = waiting.slice(batch.length);
          try {
            await write(batch);
            failing = false;
          } catch (error) {
            waiting = batch.concat(waiting).slice(-MAX_WAITING);
            failing = true;
            onError(error, waiting.length);
            schedule();
            return;
          }
          // Let the requests that arrived meanwhile be answered before the next batch.
          if (waiting.length > 0) await new Promise((resolve) => setImmediate(resolve));
        }
      } finally {
        writing = undefined;
      }
    })();
    return writing;
  }

  function schedule() {
    timer ??= setTimeout(() => void writeWaiting(), FLUSH_MS).unref();
  }

  return {
    add(hit) {
      waiting.push(hit);
      if (waiting.length >= MAX_BATCH && !failing) void writeWaiting();
      else schedule();
    },
    async flush() {
      await writeWaiting();
      // A write that failed just now leaves its hits waiting; one more try before giving up.
      if (waiting.length > 0) await writeWaiting();
    },
  };
}
