import { FORM_MESSAGES, formCreateSchema, formUpdateSchema } from '@postlark/shared/forms';
import type { FastifyInstance } from 'fastify';
import { FORM_BODY_LIMIT } from '../../http/body-limits';
import { parseWith } from '../../http/errors';
import { requireCustomer } from '../auth/session.service';
import { allForms, changeForm, createForm, type FormDeps, getForm, removeForm } from './forms.service';
import { resendConfirmations, type SubscriptionDeps } from './subscriptions.service';

type IdParams = { Params: { id: string } };

const BASE = '/audience/v1/forms';

/** The signed-in customer's sign-up forms, and resending a subscriber's confirmation emails. */
export function formRoutes(deps: FormDeps & SubscriptionDeps) {
  return async (app: FastifyInstance) => {
    app.get(BASE, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { forms: await allForms(deps, owner.customerId) } };
    });

    app.post(BASE, { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      const form = await createForm(deps, owner.customerId, parseWith(formCreateSchema, request.body));
      return reply.code(201).send({ payload: { message: FORM_MESSAGES.created, form } });
    });

    app.get<IdParams>(`${BASE}/:id`, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: await getForm(deps, owner.customerId, request.params.id) };
    });

    app.patch<IdParams>(`${BASE}/:id`, { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
      const owner = await requireCustomer(deps, request);
      const form = await changeForm(deps, owner.customerId, request.params.id, parseWith(formUpdateSchema, request.body));
      return { payload: { message: FORM_MESSAGES.saved, form } };
    });

    app.delete<IdParams>(`${BASE}/:id`, async (request) => {
      const owner = await requireCustomer(deps, request);
      await removeForm(deps, owner.customerId, request.params.id);
      return { payload: { message: FORM_MESSAGES.deleted } };
    });

    app.post<IdParams>('/audience/v1/subscribers/:id/resend-confirmation', async (request) => {
      const owner = await requireCustomer(deps, request);
      const sent = await resendConfirmations(deps, owner.customerId, request.params.id);
      return { payload: { message: FORM_MESSAGES.resent, sent } };
    });
  };
}
