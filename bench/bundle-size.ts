import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';

/** What the landing page downloads before it can run, in gzip bytes, against the budget. */

export const INITIAL_JS_BUDGET_BYTES = 100 * 1024;
export const GZIP_LEVEL = constants.Z_BEST_COMPRESSION;

export type InitialReason = 'entry script' | 'modulepreload' | 'stylesheet' | 'static import';

export interface AssetSize {
  file: string;
  kind: 'js' | 'css';
  raw: number;
  gzip: number;
}

export interface InitialAsset extends AssetSize {
  reason: InitialReason;
  importedBy?: string;
}

export interface BundleReport {
  distDir: string;
  initial: InitialAsset[];
  lazyJs: AssetSize[];
  lazyCss: AssetSize[];
  initialJsGzip: number;
  initialCssGzip: number;
  lazyJsGzip: number;
  lazyCssGzip: number;
  withinBudget: boolean;
}

// Attribute order and quoting vary between Vite versions, so tags are found first and read by name.
function tags(html: string, name: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  for (const tag of html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'gi'))) {
    const attributes: Record<string, string> = {};
    for (const attribute of (tag[1] ?? '').matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      const key = attribute[1];
      if (key) attributes[key.toLowerCase()] = attribute[2] ?? attribute[3] ?? attribute[4] ?? '';
    }
    found.push(attributes);
  }
  return found;
}

// The HTML names assets by URL (base "/"); only same-origin paths are files this build produced.
function urlToFile(distDir: string, url: string): string | undefined {
  if (/^[a-z]+:|^\/\//i.test(url)) return undefined;
  return path.join(distDir, url.split(/[?#]/)[0]!.replace(/^\//, ''));
}

// Static `import … from "./x.js"`, bare `import "./x.js"` and `export … from "./x.js"`, but not
// `import("./x.js")` (lazy) or `import.meta`. Rolldown emits them as top-level statements, so
// requiring a statement boundary before the keyword keeps strings that merely mention "import" out.
const STATIC_IMPORT = /(?:^|[;\n}])[^\S\n]*(?:import|export)(?:[\w$*{},\s]*?\bfrom)?\s*["'`]([^"'`\n]+)["'`]/g;

function staticImports(source: string): string[] {
  return [...source.matchAll(STATIC_IMPORT)].map((match) => match[1]!).filter((specifier) => /^\.{0,2}\//.test(specifier));
}

async function sizeOf(distDir: string, file: string): Promise<AssetSize> {
  const content = await readFile(file);
  return {
    file: path.relative(distDir, file),
    kind: file.endsWith('.css') ? 'css' : 'js',
    raw: content.length,
    gzip: gzipSync(content, { level: GZIP_LEVEL }).length,
  };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

const sum = (assets: AssetSize[]) => assets.reduce((total, asset) => total + asset.gzip, 0);

export async function measureBundle(distDir: string): Promise<BundleReport> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const queue: { file: string; reason: InitialReason; importedBy?: string }[] = [];

  for (const script of tags(html, 'script')) {
    if (script.type === 'module' && script.src) {
      const file = urlToFile(distDir, script.src);
      if (file) queue.push({ file, reason: 'entry script' });
    }
  }
  if (queue.length === 0) throw new Error(`${distDir}/index.html has no <script type="module" src>: did the build change shape?`);
  for (const link of tags(html, 'link')) {
    const rel = (link.rel ?? '').toLowerCase().split(/\s+/);
    const file = link.href ? urlToFile(distDir, link.href) : undefined;
    if (!file) continue;
    if (rel.includes('modulepreload')) queue.push({ file, reason: 'modulepreload' });
    else if (rel.includes('stylesheet')) queue.push({ file, reason: 'stylesheet' });
  }

  // Breadth-first so each file is listed under the first (most direct) reason it loads.
  const initial = new Map<string, InitialAsset>();
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (initial.has(next.file)) continue;
    const size = await sizeOf(distDir, next.file);
    initial.set(next.file, { ...size, reason: next.reason, importedBy: next.importedBy });
    if (size.kind !== 'js') continue;
    // The browser fetches every static import before the entry runs, preloaded or not.
    for (const specifier of staticImports(await readFile(next.file, 'utf8'))) {
      const file = specifier.startsWith('/') ? urlToFile(distDir, specifier) : path.resolve(path.dirname(next.file), specifier);
      if (file) queue.push({ file, reason: 'static import', importedBy: path.relative(distDir, next.file) });
    }
  }

  const lazy: AssetSize[] = [];
  for (const file of await listFiles(distDir)) {
    if (initial.has(file) || !/\.(js|css)$/.test(file)) continue;
    lazy.push(await sizeOf(distDir, file));
  }
  const initialAssets = [...initial.values()];
  const lazyJs = lazy.filter((asset) => asset.kind === 'js').sort((a, b) => b.gzip - a.gzip);
  const lazyCss = lazy.filter((asset) => asset.kind === 'css').sort((a, b) => b.gzip - a.gzip);
  const initialJsGzip = sum(initialAssets.filter((asset) => asset.kind === 'js'));
  return {
    distDir,
    initial: initialAssets,
    lazyJs,
    lazyCss,
    initialJsGzip,
    initialCssGzip: sum(initialAssets.filter((asset) => asset.kind === 'css')),
    lazyJsGzip: sum(lazyJs),
    lazyCssGzip: sum(lazyCss),
    withinBudget: initialJsGzip <= INITIAL_JS_BUDGET_BYTES,
  };
}
