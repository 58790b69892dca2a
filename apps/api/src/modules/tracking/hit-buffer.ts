// Tracking hits are answered at once and written in batches: a pixel served to a million inboxes
// must not cost a million transactions. Hits wait in memory for at most FLUSH_MS or until
// MAX_BATCH have gathered; flush() (called when the server stops cleanly) writes what is left,
// so a clean stop loses none. A failed write is kept and tried again with the next batch, unless
// its rows were at fault: then they are written one by one and the bad ones dropped, so one poison
// hit never holds back every later one.

import { isDataError } from '../../db/errors';

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

export interface HitBufferEvents {
  /** A write failed for the database's sake (it is down, say): its hits wait for the next try. */
  onError(error: unknown, waiting: number): void;
  /** Hits a batch was refused for, found by writing it row by row, were dropped: how many, and the last error. */
  onDropped(count: number, error: unknown): void;
}

export function hitBuffer<Hit>(write: (hits: Hit[]) => Promise<void>, events: HitBufferEvents, isBadRow: (error: unknown) => boolean = isDataError): HitBuffer<Hit> {
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
            const unwritten = isBadRow(error) ? await writeRowByRow(batch) : { rest: batch, error };
            if (unwritten.rest.length > 0) {
              waiting = unwritten.rest.concat(waiting).slice(-MAX_WAITING);
              failing = true;
              events.onError(unwritten.error, waiting.length);
              schedule();
              return;
            }
            failing = false;
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

  /**
   * A batch refused for its data: each hit alone, the bad ones dropped (counted, never logged one
   * by one). Should the database itself fail meanwhile, the hits not yet tried are answered back.
   */
  async function writeRowByRow(batch: Hit[]): Promise<{ rest: Hit[]; error?: unknown }> {
    let dropped = 0;
    let lastBad: unknown;
    for (const [index, hit] of batch.entries()) {
      try {
        await write([hit]);
      } catch (error) {
        if (!isBadRow(error)) {
          if (dropped > 0) events.onDropped(dropped, lastBad);
          return { rest: batch.slice(index), error };
        }
        dropped += 1;
        lastBad = error;
      }
    }
    if (dropped > 0) events.onDropped(dropped, lastBad);
    return { rest: [] };
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
