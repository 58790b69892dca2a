import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PRERENDERED_PAGES, prerenderedFile, ROUTES } from '@postlark/shared/routes';

/**
 * A step of `npm run build`: the public pages rendered into HTML (issue 23). Each page is
 * dist/index.html with the page's markup in #root, its lazy chunk's styles linked and its script
 * preloaded, so the first paint is styled and hydration does not wait on a late fetch, plus a
 * preload of the Inter subset the text above the fold uses. The server sends these files
 * (apps/api/src/http/web-app.ts); main.tsx hydrates them.
 *
 * The head asks for the stylesheets first, then the entry, then the page's chunks (issue 38): a
 * phone's browser fetches a few files at a time, and the first paint waits for every stylesheet,
 * never for a script, so no stylesheet may queue behind /login's dozen modulepreloads.
 */

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.join(webRoot, 'dist');
const ssrDir = path.join(webRoot, 'dist-ssr');
const manifestFile = path.join(distDir, '.vite', 'manifest.json');

// The lazy module that draws each page in src/app/routes.tsx; the landing page is in the entry.
// Its script is preloaded too: main.tsx hydrates once it is in, and until then a click or a
// keystroke on the page would be lost.
const PAGE_MODULES: Record<string, string | undefined> = {
  [ROUTES.landing]: undefined,
  [ROUTES.privacy]: 'src/app/routes/privacy-route.tsx',
  [ROUTES.faq]: 'src/app/routes/faq-route.tsx',
  [ROUTES.term]: 'src/app/routes/terms-route.tsx',
  [ROUTES.terms]: 'src/app/routes/terms-route.tsx',
  [ROUTES.policies]: 'src/app/routes/policies-route.tsx',
  [ROUTES.login]: 'src/app/account-layout.tsx',
  [ROUTES.signup]: 'src/app/account-layout.tsx',
};

// Latin text is all the public pages show; the other subsets load only if a page needs them.
const ABOVE_THE_FOLD_FONT = /^inter-latin-wght-normal-[\w-]+\.woff2$/;

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** A chunk's script and styles and those of everything it imports statically, as URLs. */
function chunkAssets(manifest: Manifest, key: string, seen = new Set<string>()): { scripts: string[]; styles: string[] } {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the build's manifest has no ${key}: did routes.tsx change?`);
  seen.add(key);
  const scripts = [`/${chunk.file}`];
  const styles = (chunk.css ?? []).map((file) => `/${file}`);
  for (const imported of chunk.imports ?? []) {
    if (seen.has(imported)) continue;
    const nested = chunkAssets(manifest, imported, seen);
    scripts.push(...nested.scripts);
    styles.push(...nested.styles);
  }
  return { scripts, styles };
}

// Vite writes its stylesheet after the entry's script and preloads: it moves before them.
function stylesFirst(html: string): string {
  const styles = html.match(/^ *<link rel="stylesheet"[^>]*>\n/gm) ?? [];
  const entry = html.search(/^ *<script type="module"/m);
  if (styles.length === 0 || entry < 0) throw new Error('dist/index.html has no module script or stylesheet: did the build change shape?');
  const rest = styles.reduce((text, style) => text.replace(style, ''), html);
  return `${rest.slice(0, entry)}${styles.join('')}${rest.slice(entry)}`;
}

// After Vite's own tags: the page's chunks queue behind the stylesheets and the entry.
function atHeadEnd(html: string, tags: string[]): string {
  if (tags.length === 0) return html;
  return html.replace('  </head>', () => `    ${tags.join('\n    ')}\n  </head>`);
}

function withHead(html: string, tags: string[]): string {
  if (tags.length === 0) return html;
  // Before Vite's own tags: the font and the page's chunk start downloading with the entry.
  const at = html.search(/<(script|link)\b[^>]*(type="module"|rel="stylesheet"|rel="modulepreload")/);
  if (at < 0) throw new Error('dist/index.html has no module script or stylesheet: did the build change shape?');
  return `${html.slice(0, at)}${tags.join('\n    ')}\n    ${html.slice(at)}`;
}

async function main() {
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
  const fonts = (await readdir(path.join(distDir, 'assets'))).filter((file) => ABOVE_THE_FOLD_FONT.test(file));
  if (fonts.length !== 1) throw new Error(`expected one Inter latin woff2 in dist/assets, found ${fonts.length}`);
  const fontPreload = `<link rel="preload" href="/assets/${fonts[0]}" as="font" type="font/woff2" crossorigin>`;
  const shell = withHead(stylesFirst(await readFile(path.join(distDir, 'index.html'), 'utf8')), [fontPreload]);
  await writeFile(path.join(distDir, 'index.html'), shell);
  if (!shell.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty <div id="root">');

  const { renderPage } = (await import(pathToFileURL(path.join(ssrDir, 'render-page.js')).href)) as { renderPage: (page: string) => Promise<string> };
  for (const page of PRERENDERED_PAGES) {
    const module = PAGE_MODULES[page];
    const assets = module ? chunkAssets(manifest, module) : { scripts: [], styles: [] };
    const fresh = (url: string) => !shell.includes(`"${url}"`);
    const styles = [...new Set(assets.styles)].filter(fresh).map((url) => `<link rel="stylesheet" crossorigin href="${url}">`);
    const scripts = [...new Set(assets.scripts)].filter(fresh).map((url) => `<link rel="modulepreload" crossorigin href="${url}">`);
    const markup = await renderPage(page);
    const html = atHeadEnd(withHead(shell, styles), scripts).replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
    const file = path.join(distDir, prerenderedFile(page));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, html);
    console.log(`prerendered ${page} -> dist/${prerenderedFile(page)} (${(html.length / 1024).toFixed(1)} kB)`);
  }
  // Build-time only: the SSR bundle and the manifest are not part of what the server serves.
  await rm(ssrDir, { recursive: true, force: true });
  await rm(path.join(distDir, '.vite'), { recursive: true, force: true });
}

await main();
