import { SEGMENT_MESSAGES, segmentCreateSchema, segmentPreviewSchema, segmentUpdateSchema } from '@postlark/shared/segments';
import type { FastifyInstance } from 'fastify';
import { FORM_BODY_LIMIT } from '../../http/body-limits';
import { parseWith } from '../../http/errors';
import { requireCustomer } from '../auth/session.service';
import { allSegments, changeSegment, countMatching, createSegment, getSegment, removeSegment } from './segments.service';
import type { AudienceDeps } from './audience-deps';

type IdParams = { Params: { id: string } };

const BASE = '/audience/v1/segments';

/** The signed-in customer's segments, each with its live count; the builder previews a count before saving. */
export function segmentRoutes(deps: AudienceDeps) {
  return async (app: FastifyInstance) => {
    app.get(BASE, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { segments: await allSegments(deps, owner.customerId) } };
    });

    app.post(`${BASE}/preview`, { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
      const owner = await requireCustomer(deps, request);
      const { definition } = parseWith(segmentPreviewSchema, request.body);
      return { payload: { count: await countMatching(deps, owner.customerId, definition) } };
    });

    app.post(BASE, { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      const segment = await createSegment(deps, owner.customerId, parseWith(segmentCreateSchema, request.body));
      return reply.code(201).send({ payload: { message: SEGMENT_MESSAGES.created, segment } });
    });

    app.get<IdParams>(`${BASE}/:id`, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: await getSegment(deps, owner.customerId, request.params.id) };
    });

    app.patch<IdParams>(`${BASE}/:id`, { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
      const owner = await requireCustomer(deps, request);
      const segment = await changeSegment(deps, owner.customerId, request.params.id, parseWith(segmentUpdateSchema, request.body));
      return { payload: { message: SEGMENT_MESSAGES.saved, segment } };
    });

    app.delete<IdParams>(`${BASE}/:id`, async (request) => {
      const owner = await requireCustomer(deps, request);
      await removeSegment(deps, owner.customerId, request.params.id);
      return { payload: { message: SEGMENT_MESSAGES.deleted } };
    });
  };
}
