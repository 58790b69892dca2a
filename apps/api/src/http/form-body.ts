import type { FastifyInstance } from 'fastify';

/**
 * Lets the routes of one plugin scope take HTML form posts (an embedded sign-up form, a mail
 * client's one-click unsubscribe) as text; the rest of the app takes JSON only.
 */
export function acceptFormPosts(app: FastifyInstance, bodyLimit = 8 * 1024): void {
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit }, (_request, body, done) => done(null, body));
  }
}
