import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type TemplateDeps, templateGallery } from './templates.service';

export interface TemplateRouteDeps extends TemplateDeps {
  /** The account a request acts for: the session's on the dashboard's path, the key's on /v1. */
  customerOf(request: FastifyRequest): Promise<string>;
}

/** The template gallery under `base`: the dashboard's (/campaigns/v1/templates) and the public API's (/v1/templates). */
export function templateRoutes(deps: TemplateRouteDeps, base: string) {
  return async (app: FastifyInstance) => {
    app.get(base, async (request, reply) => {
      const templates = await templateGallery(deps, await deps.customerOf(request));
      // The account's logo and colours are in it: kept by no shared cache.
      return reply.header('cache-control', 'private, no-store').send({ payload: { templates } });
    });
  };
}
