import { MEDIA_PATH_PREFIX } from '@postlark/shared/media';
import type { FastifyInstance } from 'fastify';
import { mediaKeyContentType } from './media-keys';
import type { MediaStorage } from './media-storage';

// The images themselves, for anyone (an inbox fetches them without a session): /media/{key}. A
// key is the SHA-256 of the bytes, so what a URL shows never changes and may be cached for a year
// by every proxy and inbox. Served as an image and nothing else: no sniffing into HTML, and a
// sandbox for anyone who opens one as a page.

export function mediaFileRoutes(storage: MediaStorage) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: { key: string } }>(`${MEDIA_PATH_PREFIX}:key`, async (request, reply) => {
      const { key } = request.params;
      const contentType = mediaKeyContentType(key);
      const found = contentType ? await storage.get(key) : null;
      if (!contentType || !found) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      const etag = `"${key.slice(0, 64)}"`;
      if (request.headers['if-none-match'] === etag) {
        found.body.destroy();
        return reply.code(304).header('etag', etag).header('cache-control', 'public, max-age=31536000, immutable').send();
      }
      return reply
        .header('content-type', contentType)
        .header('content-length', String(found.bytes))
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(found.body);
    });
  };
}
