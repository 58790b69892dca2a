import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError } from './data-dir-lock';

const dirs: string[] = [];
function freshDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'postlark-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('acquireDataDirLock', () => {
  it('refuses a folder held by another running process', () => {
    const dir = freshDir();
    // Our parent process is alive for the whole test.
    writeFileSync(path.join(dir, 'postlark.pid'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
  });

  it('takes over a lock left by a process that is gone, and releases it', () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, 'postlark.pid'), '999999999');
    const release = acquireDataDirLock(dir);
    release();
    expect(existsSync(path.join(dir, 'postlark.pid'))).toBe(false);
  });
});
