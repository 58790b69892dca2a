import { AUTOMATION_MESSAGES } from '@postlark/shared/automations-messages';
import { flowCreateSchema, flowTestSchema, flowUpdateSchema } from '@postlark/shared/automations-requests';
import type { FastifyInstance } from 'fastify';
import { CAMPAIGN_BODY_LIMIT } from '../../http/body-limits';
import { HttpError, parseWith } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import { requireCustomer } from '../auth/session.service';
import { flowRuns, flowStats } from './flow-stats.repository';
import { testFlow } from './flow-test.service';
import { findFlow } from './flows.repository';
import {
  activateFlow,
  allFlows,
  createFlow,
  type FlowDeps,
  flowVersion,
  flowVersions,
  getFlow,
  newFlowWebhookSecret,
  pauseFlow,
  removeFlow,
  templates,
  updateFlow,
} from './flows.service';

type IdParams = { Params: { id: string } };

const BASE = '/automations/v1/flows';
const RUN_STATUSES = ['active', 'completed', 'exited', 'goal', 'unsubscribed'];

/** The signed-in customer's flows: write (versioned), activate, pause, watch and try. */
export function flowRoutes(deps: FlowDeps) {
  return async (app: FastifyInstance) => {
    app.get('/automations/v1/templates', async (request) => {
      await requireCustomer(deps, request);
      return { payload: { templates: templates() } };
    });

    // The secret every flow's webhook steps sign with, made anew and shown once (never stored in clear).
    app.post('/automations/v1/webhook-secret', async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      const secret = await newFlowWebhookSecret(deps, owner.customerId);
      return reply.header('cache-control', 'no-store').send({ payload: { message: AUTOMATION_MESSAGES.webhookSecretMade, secret } });
    });

    app.get(BASE, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { flows: await allFlows(deps, owner.customerId) } };
    });

    app.post(BASE, { bodyLimit: CAMPAIGN_BODY_LIMIT }, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      const flow = await createFlow(deps, owner.customerId, parseWith(flowCreateSchema, request.body));
      return reply.code(201).send({ payload: { message: AUTOMATION_MESSAGES.created, flow } });
    });

    app.get<IdParams>(`${BASE}/:id`, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { flow: await getFlow(deps, owner.customerId, request.params.id) } };
    });

    app.put<IdParams>(`${BASE}/:id`, { bodyLimit: CAMPAIGN_BODY_LIMIT }, async (request) => {
      const owner = await requireCustomer(deps, request);
      const { flow, live } = await updateFlow(deps, owner.customerId, request.params.id, parseWith(flowUpdateSchema, request.body));
      return { payload: { message: live ? AUTOMATION_MESSAGES.savedLive : AUTOMATION_MESSAGES.saved, flow } };
    });

    app.delete<IdParams>(`${BASE}/:id`, async (request) => {
      const owner = await requireCustomer(deps, request);
      await removeFlow(deps, owner.customerId, request.params.id);
      return { payload: { message: AUTOMATION_MESSAGES.deleted } };
    });

    app.post<IdParams>(`${BASE}/:id/activate`, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { message: AUTOMATION_MESSAGES.activated, flow: await activateFlow(deps, owner.customerId, request.params.id) } };
    });

    app.post<IdParams>(`${BASE}/:id/pause`, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { message: AUTOMATION_MESSAGES.paused, flow: await pauseFlow(deps, owner.customerId, request.params.id) } };
    });

    app.get<IdParams>(`${BASE}/:id/versions`, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { versions: await flowVersions(deps, owner.customerId, request.params.id) } };
    });

    app.get<{ Params: { id: string; version: string } }>(`${BASE}/:id/versions/:version`, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { version: await flowVersion(deps, owner.customerId, request.params.id, request.params.version) } };
    });

    app.get<IdParams>(`${BASE}/:id/stats`, async (request) => {
      const owner = await requireCustomer(deps, request);
      const flow = isUuid(request.params.id) ? await findFlow(deps.db, owner.customerId, request.params.id) : undefined;
      if (!flow) throw new HttpError(404, AUTOMATION_MESSAGES.notFound);
      return { payload: { stats: await flowStats(deps.db, flow, deps.now()) } };
    });

    app.get<IdParams & { Querystring: { status?: string; subscriber_id?: string } }>(`${BASE}/:id/runs`, async (request) => {
      const owner = await requireCustomer(deps, request);
      const flow = isUuid(request.params.id) ? await findFlow(deps.db, owner.customerId, request.params.id) : undefined;
      if (!flow) throw new HttpError(404, AUTOMATION_MESSAGES.notFound);
      const { status, subscriber_id: subscriberId } = request.query;
      if (status !== undefined && !RUN_STATUSES.includes(status)) throw new HttpError(400, `status is one of ${RUN_STATUSES.join(', ')}.`, { status: `status is one of ${RUN_STATUSES.join(', ')}.` });
      if (subscriberId !== undefined && !isUuid(subscriberId)) throw new HttpError(400, AUTOMATION_MESSAGES.subscriberNotFound, { subscriber_id: AUTOMATION_MESSAGES.subscriberNotFound });
      return { payload: { runs: await flowRuns(deps.db, flow.id, { status, subscriberId, limit: 100 }) } };
    });

    app.post<IdParams>(`${BASE}/:id/test`, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { test: await testFlow(deps, owner.customerId, request.params.id, parseWith(flowTestSchema, request.body)) } };
    });
  };
}
