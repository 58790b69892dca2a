import { SAVED_SECTIONS_PATH, SECTION_MESSAGES, sectionCreateSchema, sectionUpdateSchema } from '@postlark/shared/saved-sections';
import type { FastifyInstance } from 'fastify';
import { CAMPAIGN_BODY_LIMIT } from '../../http/body-limits';
import { parseWith } from '../../http/errors';
import { requireCustomer } from '../auth/session.service';
import { allSections, changeSection, createSection, oneSection, removeSection, type SectionDeps } from './sections.service';

type IdParams = { Params: { id: string } };
const BASE = `/${SAVED_SECTIONS_PATH}`;

/** The editor's saved sections: list, read one, save, edit (for every draft that uses it) and delete. */
export function sectionRoutes(deps: SectionDeps) {
  return async (app: FastifyInstance) => {
    app.get(BASE, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      return reply.header('cache-control', 'no-store').send({ payload: { sections: await allSections(deps, owner.customerId) } });
    });

    app.get<IdParams>(`${BASE}/:id`, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      return reply.header('cache-control', 'no-store').send({ payload: await oneSection(deps, owner.customerId, request.params.id) });
    });

    app.post(BASE, { bodyLimit: CAMPAIGN_BODY_LIMIT }, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      const section = await createSection(deps, owner.customerId, parseWith(sectionCreateSchema, request.body));
      return reply.code(201).send({ payload: { message: SECTION_MESSAGES.created, ...section } });
    });

    app.patch<IdParams>(`${BASE}/:id`, { bodyLimit: CAMPAIGN_BODY_LIMIT }, async (request) => {
      const owner = await requireCustomer(deps, request);
      const section = await changeSection(deps, owner.customerId, request.params.id, parseWith(sectionUpdateSchema, request.body));
      return { payload: { message: SECTION_MESSAGES.saved, ...section } };
    });

    app.delete<IdParams>(`${BASE}/:id`, async (request) => {
      const owner = await requireCustomer(deps, request);
      await removeSection(deps, owner.customerId, request.params.id);
      return { payload: { message: SECTION_MESSAGES.deleted } };
    });
  };
}
