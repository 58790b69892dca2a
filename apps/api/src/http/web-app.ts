import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { GENERIC_MESSAGES } from '@postlark/shared/messages';
import { isRenderedPage } from '@postlark/shared/routes';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built React app: hashed assets cached for a year, index.html never cached, and any
 * other GET answered with index.html so the client router draws the page (with a 404 status for
 * paths the app has no page for). Unknown /api paths get a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string) {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasWebApp = existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: false,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'web app not built: run `npm run build` to serve the site');
  }
  // Read once: the file only changes with a new build, which means a restart.
  const indexHtml = hasWebApp ? readFileSync(indexFile) : null;

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!indexHtml || !wantsPage || pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.code(404).send({ payload: { message: GENERIC_MESSAGES.notFound } });
    }
    return reply
      .code(isRenderedPage(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}
