import { SENDER_MESSAGES, senderConfirmSchema, senderCreateSchema, senderDomainCreateSchema } from '@postlark/shared/senders';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../http/errors';
import { requireCustomer } from '../auth/session.service';
import { addDomain, allDomains, checkDomain, domainById, removeDomain } from './sender-domains.service';
import { addSender, confirmSender, removeSender, resendConfirmation, type SenderDeps, senderOverview } from './senders.service';

type IdParams = { Params: { id: string } };

const SENDERS = '/campaigns/v1/senders';
const DOMAINS = '/campaigns/v1/sender-domains';

/** The signed-in customer's From addresses and domains, and the confirmation link's call. */
export function senderRoutes(deps: SenderDeps) {
  return async (app: FastifyInstance) => {
    app.get(SENDERS, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: await senderOverview(deps, owner) };
    });

    app.post(SENDERS, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      const sender = await addSender(deps, owner, parseWith(senderCreateSchema, request.body));
      return reply.code(201).send({ payload: { message: SENDER_MESSAGES.added(sender.email), sender } });
    });

    // Opened from the mailed link's page by a click: the token is the proof, no session needed.
    app.post(`${SENDERS}/confirm`, async (request) => {
      const email = await confirmSender(deps, parseWith(senderConfirmSchema, request.body).token);
      return { payload: { message: SENDER_MESSAGES.confirmed(email), email } };
    });

    app.post<IdParams>(`${SENDERS}/:id/resend`, async (request) => {
      const owner = await requireCustomer(deps, request);
      const sender = await resendConfirmation(deps, owner, request.params.id);
      return { payload: { message: SENDER_MESSAGES.resent(sender.email), sender } };
    });

    app.delete<IdParams>(`${SENDERS}/:id`, async (request) => {
      const owner = await requireCustomer(deps, request);
      await removeSender(deps, owner.customerId, request.params.id);
      return { payload: { message: SENDER_MESSAGES.deleted } };
    });

    app.get(DOMAINS, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { domains: await allDomains(deps, owner.customerId) } };
    });

    app.post(DOMAINS, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      const domain = await addDomain(deps, owner.customerId, parseWith(senderDomainCreateSchema, request.body));
      return reply.code(201).send({ payload: { message: SENDER_MESSAGES.domainAdded(domain.domain), domain } });
    });

    app.get<IdParams>(`${DOMAINS}/:id`, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { domain: await domainById(deps, owner.customerId, request.params.id) } };
    });

    // "Check now": the records' states are the answer, whatever they are; the message says what they mean.
    app.post<IdParams>(`${DOMAINS}/:id/check`, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: await checkDomain(deps, owner.customerId, request.params.id) };
    });

    app.delete<IdParams>(`${DOMAINS}/:id`, async (request) => {
      const owner = await requireCustomer(deps, request);
      await removeDomain(deps, owner.customerId, request.params.id);
      return { payload: { message: SENDER_MESSAGES.domainDeleted } };
    });
  };
}
