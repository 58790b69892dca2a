import { GENERIC_MESSAGES } from '@postlark/shared/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/** Every failure becomes `{payload: {message}}` with a fitting status; a stack trace never leaves the server. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ payload: { message: GENERIC_MESSAGES.bodyTooLarge } });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type) carry safe, readable messages.
      return reply.code(status).send({ payload: { message: error.message || GENERIC_MESSAGES.badRequest } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ payload: { message: GENERIC_MESSAGES.serverError } });
  });
}
