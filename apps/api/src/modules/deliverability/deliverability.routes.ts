import { DELIVERABILITY_TEXTS } from '@postlark/shared/deliverability';
import type { FastifyInstance } from 'fastify';
import { requireCustomer } from '../auth/session.service';
import { type DeliverabilityDeps, deliverabilityOverview, resumeSending } from './deliverability.service';

/** The Deliverability page's reads and the lift of a guardrail's pause: the signed-in account's own. */
export function deliverabilityRoutes(deps: DeliverabilityDeps) {
  return async (app: FastifyInstance) => {
    app.get('/deliverability/v1/overview', async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: await deliverabilityOverview(deps, owner.customerId) };
    });

    app.post('/deliverability/v1/resume', async (request) => {
      const owner = await requireCustomer(deps, request);
      await resumeSending(deps, owner.customerId);
      return { payload: { message: DELIVERABILITY_TEXTS.resumed } };
    });
  };
}
