import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid}. ` +
        'Stop that process first, or point DATABASE_URL at a PostgreSQL server to share one database.',
    );
    this.name = 'DataDirInUseError';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Marks the data folder as ours; a lock left by a process that died is taken over. */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'postlark.pid');
  try {
    writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
      throw new DataDirInUseError(dataDir, holder);
    }
    writeFileSync(lockFile, String(process.pid));
  }
  return () => rmSync(lockFile, { force: true });
}
