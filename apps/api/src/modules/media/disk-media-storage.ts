import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { MediaStorage } from './media-storage';

/**
 * Media in a folder: `{root}/{first two characters of the key}/{key}`, so no directory holds more
 * than a 256th of the files. A file is written beside its place and renamed into it, so a reader
 * never sees half of one. Keys are checked by the caller (media-keys.ts) before they reach a path.
 */
export function diskMediaStorage(root: string): MediaStorage {
  const pathOf = (key: string) => join(root, key.slice(0, 2), key);
  return {
    description: `disk ${root}`,
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(join(root, key.slice(0, 2)), { recursive: true });
      const partial = `${path}.${randomUUID()}.partial`;
      await writeFile(partial, data);
      await rename(partial, path);
    },
    async get(key) {
      const path = pathOf(key);
      const found = await stat(path).catch(() => null);
      if (!found?.isFile()) return null;
      return { body: createReadStream(path), bytes: found.size };
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
