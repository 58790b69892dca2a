import { SENDER_MESSAGES, senderDomainCreateSchema } from '@postlark/shared/senders';
import type { FastifyInstance } from 'fastify';
import { FORM_BODY_LIMIT } from '../../http/body-limits';
import { parseWith } from '../../http/errors';
import { addDomain, allDomains, checkDomain, domainById, removeDomain } from '../senders/sender-domains.service';
import type { SenderDeps } from '../senders/senders.service';
import type { ApiCustomerOf } from './api-key-gate';

type IdParams = { Params: { id: string } };

const BASE = '/v1/sending-domains';

/**
 * Sending domains from other apps (/api/v1/sending-domains): add one, read the DNS records to
 * publish with what the last check found, check them now, remove it. The senders' own service
 * makes the keys and runs the look-ups; nothing here knows a record.
 */
export function publicSendingDomainRoutes(deps: SenderDeps & { customerOf: ApiCustomerOf }) {
  const { customerOf } = deps;

  return async (app: FastifyInstance) => {
    app.get(BASE, async (request) => ({ payload: { domains: await allDomains(deps, await customerOf(request)) } }));

    app.post(BASE, { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      const customerId = await customerOf(request);
      const domain = await addDomain(deps, customerId, parseWith(senderDomainCreateSchema, request.body));
      return reply.code(201).send({ payload: { message: SENDER_MESSAGES.domainAdded(domain.domain), domain } });
    });

    app.get<IdParams>(`${BASE}/:id`, async (request) => ({ payload: await domainById(deps, await customerOf(request), request.params.id) }));

    app.post<IdParams>(`${BASE}/:id/check`, async (request) => {
      const { domain, message } = await checkDomain(deps, await customerOf(request), request.params.id);
      return { payload: { message, domain } };
    });

    app.delete<IdParams>(`${BASE}/:id`, async (request) => {
      await removeDomain(deps, await customerOf(request), request.params.id);
      return { payload: { message: SENDER_MESSAGES.domainDeleted } };
    });
  };
}
