import { PassThrough } from 'node:stream';
import { AI_MESSAGES, aiGenerateSchema, aiProviderSchema, type AiStreamEvent } from '@postlark/shared/ai';
import type { FastifyInstance } from 'fastify';
import { CAMPAIGN_BODY_LIMIT, FORM_BODY_LIMIT } from '../../http/body-limits';
import { parseWith } from '../../http/errors';
import { requireCustomer } from '../auth/session.service';
import { type AiDeps, prepareGeneration, providerView, removeProvider, saveProvider, testProvider } from './ai.service';
import { AiError } from './openai-client';

/** The writing assistant: the account's provider (Integrations tab) and the editor's generations. */
export function aiRoutes(deps: AiDeps) {
  return async (app: FastifyInstance) => {
    app.get('/ai/provider', async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      return reply.header('cache-control', 'no-store').send({ payload: await providerView(deps, owner.customerId) });
    });

    app.put('/ai/provider', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
      const owner = await requireCustomer(deps, request);
      const view = await saveProvider(deps, owner.customerId, parseWith(aiProviderSchema, request.body));
      return { payload: { message: AI_MESSAGES.saved, ...view } };
    });

    app.delete('/ai/provider', async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { message: AI_MESSAGES.deleted, ...(await removeProvider(deps, owner.customerId)) } };
    });

    app.post('/ai/provider/test', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
      const owner = await requireCustomer(deps, request);
      // The form's fields as they are; no body (or {}) tests the provider in use.
      const body = request.body;
      const form = body && typeof body === 'object' && Object.keys(body).length > 0 ? parseWith(aiProviderSchema, body) : null;
      const result = await testProvider(deps, owner.customerId, form);
      return { payload: { ...result, message: AI_MESSAGES.testOk(result.model) } };
    });

    // Server-sent events: `data: {"delta"}` as the provider writes, then `data: {"done"…}` or
    // `data: {"error"}`. What can be refused is refused before, as a plain JSON 4xx. A client that
    // goes away (the Stop button aborts its fetch) aborts the provider call; a free attempt is
    // given back only when the provider failed before any text was sent (ai.service.ts).
    app.post('/ai/generate', { bodyLimit: CAMPAIGN_BODY_LIMIT }, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      const generation = await prepareGeneration(deps, owner.customerId, parseWith(aiGenerateSchema, request.body));
      const controller = new AbortController();
      const stream = new PassThrough();
      const send = (event: AiStreamEvent) => {
        if (!stream.writableEnded && !stream.destroyed) stream.write(`data: ${JSON.stringify(event)}\n\n`);
      };
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      void generation
        .run(controller.signal, (delta) => send({ delta }))
        .then(
          (result) => send({ done: true, ...result }),
          (error: unknown) => {
            if (!(error instanceof AiError)) request.log.error({ err: error }, 'AI generation failed');
            send({ error: error instanceof AiError ? error.message : AI_MESSAGES.providerError });
          },
        )
        .finally(() => stream.end());
      return reply.header('content-type', 'text/event-stream; charset=utf-8').header('cache-control', 'no-store').header('x-accel-buffering', 'no').send(stream);
    });
  };
}
