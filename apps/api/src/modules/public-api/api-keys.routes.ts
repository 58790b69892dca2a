import { API_KEY_MESSAGES, apiKeyCreateSchema } from '@postlark/shared/api-keys';
import type { FastifyInstance } from 'fastify';
import { FORM_BODY_LIMIT } from '../../http/body-limits';
import { clientKey } from '../../http/client-address';
import { parseWith } from '../../http/errors';
import { requireCustomer } from '../auth/session.service';
import { type ApiKeyCreateDeps, createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

const BASE = '/home/v1/api-keys';

/** The profile's Integrations tab: the signed-in customer's API keys. */
export function apiKeyRoutes(deps: ApiKeyCreateDeps) {
  return async (app: FastifyInstance) => {
    app.get(BASE, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { api_keys: await listApiKeys(deps, owner.customerId) } };
    });

    app.post(BASE, { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      const created = await createApiKey(deps, owner.customerId, parseWith(apiKeyCreateSchema, request.body), { ipHash: deps.hashIp(clientKey(request)) });
      // The key is in this answer only: nothing may keep a copy on the way.
      return reply.code(201).header('cache-control', 'no-store').send({ payload: { message: API_KEY_MESSAGES.created, ...created } });
    });

    app.delete<{ Params: { id: string } }>(`${BASE}/:id`, async (request) => {
      const owner = await requireCustomer(deps, request);
      await revokeApiKey(deps, owner.customerId, request.params.id);
      return { payload: { message: API_KEY_MESSAGES.revoked } };
    });
  };
}
