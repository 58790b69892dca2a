import { parseArgs } from 'node:util';
import Fastify from 'fastify';

/**
 * The peer the waitlist is compared with: the same framework answering the same shape of request
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

const shutdown = () => {
  void app.close().then(() => process.exit(0));
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);

await app.listen({ port, host: '127.0.0.1' });
