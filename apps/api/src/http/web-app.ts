import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { GENERIC_MESSAGES } from '@postlark/shared/messages';
import { API_PREFIX, isPreferenceCentrePage, isRenderedPage, PRERENDERED_PAGES, prerenderedFile, ROUTES, withoutTrailingSlash } from '@postlark/shared/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const TOKEN_LINK_PAGES = new Set<string>([ROUTES.signup, ROUTES.forgetPassword, ROUTES.confirmEmail, ROUTES.cancelEmailChange, ROUTES.confirmSubscription, ROUTES.confirmSender]);

type Encoding = 'br' | 'gzip' | 'identity';
const ENCODINGS: Encoding[] = ['br', 'gzip', 'identity'];
type CompressedPage = Record<Encoding, Buffer>;

// Each page is compressed once, when the server reads it, rather than on every request.
function compressedPage(html: Buffer): CompressedPage {
  return {
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(html, { level: constants.Z_BEST_COMPRESSION }),
    identity: html,
  };
}

/**
 * Serves the built React app: hashed assets cached for a year, index.html never cached, and any
 * other GET answered with index.html so the client router draws the page (with a 404 status for
 * paths the app has no page for). The public pages get the HTML the build rendered for them
 * (apps/web/scripts/prerender.ts), so visitors and crawlers receive the text before any
 * JavaScript runs. Unknown /api paths get a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string) {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasWebApp = existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: false,
      // The build writes .br and .gz copies of the assets (apps/web/scripts/precompress.ts).
      preCompressed: true,
      // Our own cache headers below; the plugin's default would overwrite them with max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The plugin may answer with the .br or .gz copy: a shared cache must keep one per encoding.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'web app not built: run `npm run build` to serve the site');
  }
  // Read once: the file only changes with a new build, which means a restart.
  const indexHtml = hasWebApp ? compressedPage(readFileSync(indexFile)) : null;
  const prerendered = new Map<string, CompressedPage>();
  for (const page of hasWebApp ? PRERENDERED_PAGES : []) {
    const file = path.join(webDistDir, prerenderedFile(page));
    if (existsSync(file)) prerendered.set(page, compressedPage(readFileSync(file)));
  }

  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    const [pathname = '/', query] = request.url.split('?');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!indexHtml || !wantsPage || pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`)) {
      return reply.code(404).send({ payload: { message: GENERIC_MESSAGES.notFound } });
    }
    // These pages open from emailed links with a token in the query or path: it must not leak as a referrer.
    const page = withoutTrailingSlash(pathname);
    if (TOKEN_LINK_PAGES.has(page) || isPreferenceCentrePage(pathname)) reply.header('referrer-policy', 'no-referrer');
    // A mailed link's token changes what /signup shows: that visit gets the page drawn in the browser.
    const fromMailedLink = query !== undefined && TOKEN_LINK_PAGES.has(page) && /(?:^|&)(?:token|email)=/.test(query);
    const html = (fromMailedLink ? undefined : prerendered.get(page)) ?? indexHtml;
    const encoding = negotiate<Encoding>(request.headers['accept-encoding'] ?? '', ENCODINGS) ?? 'identity';
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply
      .code(isRenderedPage(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8')
      .send(html[encoding]);
  };
  // The static plugin would answer the bare root as a directory listing it refuses (403).
  if (indexHtml) app.get('/', sendPage);
  app.setNotFoundHandler(sendPage);
}
