import { SENDER_MESSAGES, senderCreateSchema } from '@postlark/shared/senders';
import type { FastifyInstance } from 'fastify';
import { FORM_BODY_LIMIT } from '../../http/body-limits';
import { parseWith } from '../../http/errors';
import { addSender, removeSender, type SenderDeps, senderOverview } from '../senders/senders.service';
import type { ApiCustomerOf } from './api-key-gate';
import { senderOwnerOf } from './api-owner';

type IdParams = { Params: { id: string } };

const BASE = '/v1/senders';

/**
 * From addresses from other apps (/api/v1/senders): what the Senders page shows, and adding or
 * removing an address through the same service, so the confirmation link and its hourly quota are
 * the page's own. An address sends only once its mailbox's owner opens the link.
 */
export function publicSenderRoutes(deps: SenderDeps & { customerOf: ApiCustomerOf }) {
  const { customerOf } = deps;

  return async (app: FastifyInstance) => {
    app.get(BASE, async (request) => ({ payload: await senderOverview(deps, await senderOwnerOf(deps, await customerOf(request))) }));

    app.post(BASE, { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      const owner = await senderOwnerOf(deps, await customerOf(request));
      const sender = await addSender(deps, owner, parseWith(senderCreateSchema, request.body));
      return reply.code(201).send({ payload: { message: SENDER_MESSAGES.added(sender.email), sender } });
    });

    app.delete<IdParams>(`${BASE}/:id`, async (request) => {
      await removeSender(deps, await customerOf(request), request.params.id);
      return { payload: { message: SENDER_MESSAGES.deleted } };
    });
  };
}
