import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { TRACKING_PIXEL } from '../apps/api/src/modules/tracking/tracking-links';

/**
 * The peer the waitlist and the tracking routes are compared with: the same framework answering the same shape of request
 * (JSON body parsed by Fastify's default parser, 201 with the same response shape), with no
 * database, no validation, no hooks and no logger. Whatever the waitlist costs beyond this is ours.
 *
 * Usage: node --import tsx bench/bare-server.ts --port 4000
 */

const { values } = parseArgs({ options: { port: { type: 'string' } } });
const port = Number(values.port);
if (!Number.isInteger(port) || port <= 0) {
  console.error('bare-server: --port <number> is required');
  process.exit(2);
}

const app = Fastify({ logger: false });
app.post('/bare', async (_request, reply) => reply.code(201).send({ payload: { message: 'ok' } }));
// The tracking pixel's peer: the same GIF and header, with no signature check and nothing stored.
app.get('/bare-pixel/:token', async (_request, reply) => reply.header('cache-control', 'no-store, max-age=0').type('image/gif').send(TRACKING_PIXEL));

// The click redirect's peer: the same query string read and the same 302, with no signature check and nothing stored.
app.get<{ Querystring: { u?: string } }>('/bare-click/:token', async (request, reply) =>
  reply.header('cache-control', 'no-store, max-age=0').redirect(request.query.u ?? '/', 302),
);

const shutdown = () => {
  void app.close().then(() => process.exit(0));
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);

await app.listen({ port, host: '127.0.0.1' });
