import type { Db } from '../../db/client';
import { CsvLimitError, CsvReader } from '../../lib/csv-reader';
import { chunkAt, dropChunks, finishRun } from './imports.repository';

/** What running an import takes (subscribers or products: both runs import it from here). */
export interface ImportRunDeps {
  db: Db;
  now: () => Date;
}

// What every kind of import does with its stored file: reads it a piece at a time, and records
// how the run ended. The kinds differ only in what they make of each row.

/**
 * The stored file's rows, a piece (256 KB) at a time, with the bytes read so far (the progress
 * bar's). Throws CsvLimitError at a cell, row or column count past the reader's caps.
 */
export async function* storedRows(db: Db, importId: string): AsyncGenerator<{ rows: string[][]; bytesDone: number }> {
  const reader = new CsvReader();
  const decoder = new TextDecoder();
  let bytesDone = 0;
  for (let seq = 0; ; seq += 1) {
    const chunk = await chunkAt(db, importId, seq);
    if (!chunk) break;
    bytesDone += chunk.byteLength;
    yield { rows: reader.push(decoder.decode(chunk, { stream: true })), bytesDone };
  }
  yield { rows: [...reader.push(decoder.decode()), ...reader.end()], bytesDone };
}

/**
 * Records how a run ended. Without an error: done, its stored file dropped. A file past the
 * reader's caps failed for good: the reason goes in its report, the file is dropped, and this
 * resolves so the job is not tried again. Any other error is ours: failed, and rethrown so the
 * job retries (the run starts over from the top).
 */
export async function endRun(deps: ImportRunDeps, importId: string, error?: { error: unknown }): Promise<void> {
  if (!error) {
    await dropChunks(deps.db, importId);
    await finishRun(deps.db, importId, 'done', deps.now());
    return;
  }
  if (error.error instanceof CsvLimitError) {
    await dropChunks(deps.db, importId);
    await finishRun(deps.db, importId, 'failed', deps.now(), error.error.message);
    return;
  }
  await finishRun(deps.db, importId, 'failed', deps.now()).catch(() => {});
  throw error.error;
}
