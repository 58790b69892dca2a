import { OWN_TEMPLATE_MESSAGES, ownTemplateCreateSchema, ownTemplateUpdateSchema } from '@postlark/shared/own-templates';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CAMPAIGN_BODY_LIMIT, FORM_BODY_LIMIT } from '../../http/body-limits';
import { parseWith } from '../../http/errors';
import { createOwnTemplate, removeOwnTemplate, renameOwnTemplate } from './own-templates.service';
import { type TemplateDeps, templateGallery } from './templates.service';

type IdParams = { Params: { id: string } };

export interface TemplateRouteDeps extends TemplateDeps {
  /** The account a request acts for: the session's on the dashboard's path, the key's on /v1. */
  customerOf(request: FastifyRequest): Promise<string>;
}

/**
 * The template gallery under `base`: the dashboard's (/campaigns/v1/templates) and the public
 * API's (/v1/templates). Both save and delete the account's own templates; renaming is the
 * picker's, on the dashboard's path only (`rename`).
 */
export function templateRoutes(deps: TemplateRouteDeps, base: string, options: { rename: boolean }) {
  return async (app: FastifyInstance) => {
    app.get(base, async (request, reply) => {
      const templates = await templateGallery(deps, await deps.customerOf(request));
      // The account's logo and colours are in it: kept by no shared cache.
      return reply.header('cache-control', 'private, no-store').send({ payload: { templates } });
    });

    // A template carries a campaign's content, so it takes a campaign's body.
    app.post(base, { bodyLimit: CAMPAIGN_BODY_LIMIT }, async (request, reply) => {
      const customerId = await deps.customerOf(request);
      const template = await createOwnTemplate(deps, customerId, parseWith(ownTemplateCreateSchema, request.body));
      return reply.code(201).send({ payload: { message: OWN_TEMPLATE_MESSAGES.saved, ...template } });
    });

    if (options.rename) {
      app.patch<IdParams>(`${base}/:id`, { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
        const customerId = await deps.customerOf(request);
        const template = await renameOwnTemplate(deps, customerId, request.params.id, parseWith(ownTemplateUpdateSchema, request.body));
        return { payload: { message: OWN_TEMPLATE_MESSAGES.renamed, ...template } };
      });
    }

    app.delete<IdParams>(`${base}/:id`, async (request) => {
      await removeOwnTemplate(deps, await deps.customerOf(request), request.params.id);
      return { payload: { message: OWN_TEMPLATE_MESSAGES.deleted } };
    });
  };
}
