import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * The build's last step: a Brotli (.br) and a gzip (.gz) copy of every text asset, which the
 * server's static files plugin sends to browsers that accept them (preCompressed). Compressed
 * once here at the highest levels, not on every request. The HTML pages are compressed by the
 * server when it reads them (apps/api/src/http/web-app.ts).
 */

const assetsDir = fileURLToPath(new URL('../dist/assets', import.meta.url));
const TEXT_ASSET = /\.(js|css|svg)$/;
// Below this, the headers cost more than compression saves.
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

let count = 0;
for (const file of await readdir(assetsDir)) {
  if (!TEXT_ASSET.test(file)) continue;
  const content = await readFile(path.join(assetsDir, file));
  if (content.length < MIN_BYTES) continue;
  const [br, gz] = await Promise.all([
    brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(path.join(assetsDir, `${file}.br`), br), writeFile(path.join(assetsDir, `${file}.gz`), gz)]);
  count += 1;
}
console.log(`precompressed ${count} assets in dist/assets (.br, .gz)`);
