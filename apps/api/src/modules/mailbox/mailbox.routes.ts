import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import { isLoopbackClient } from '../../http/client-address';
import { listPage, messagePage, notFoundPage } from './mailbox.pages';
import { createMailboxService } from './mailbox.service';

// Messages carry live tokens: no Referer to the sites their links open, no caching, no scripts.
const PAGE_HEADERS = {
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; img-src https: data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
};

/**
 * The dev outbox at /dev/mailbox: registered only when no SMTP_URL is set, so it never exists
 * beside a real relay, and answered only to this machine (its messages hold sign-up and reset
 * links): anyone else gets the site's 404, as if it did not exist. `messages.json?to=` is what
 * the browser tests read links from.
 */
export function mailboxRoutes(deps: { db: Db }) {
  const mailbox = createMailboxService(deps);

  return async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!isLoopbackClient(request)) return reply.callNotFound();
    });
    // Runs after the app-wide security headers hook, so these win. Not on the 404 others get:
    // its headers would tell that the outbox is there.
    app.addHook('onSend', async (request, reply, payload) => {
      if (isLoopbackClient(request)) reply.headers(PAGE_HEADERS);
      return payload;
    });

    app.get('/', async (_request, reply) => html(reply, listPage(await mailbox.list())));

    app.get<{ Querystring: { to?: string } }>('/messages.json', async (request) => {
      const to = typeof request.query.to === 'string' ? request.query.to : undefined;
      return mailbox.list({ to });
    });

    app.get<{ Params: { id: string } }>('/:id', async (request, reply) => {
      const match = /^(\d{1,15})(\.txt)?$/.exec(request.params.id);
      const message = match ? await mailbox.get(Number(match[1])) : undefined;
      if (!message) return html(reply.code(404), notFoundPage());
      if (match?.[2]) return reply.type('text/plain; charset=utf-8').send(message.text);
      return html(reply, messagePage(message));
    });
  };
}

function html(reply: FastifyReply, page: string) {
  return reply.type('text/html; charset=utf-8').send(page);
}
