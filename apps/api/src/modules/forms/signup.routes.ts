import { EMBED_ERRORS, type EmbedError, FORM_MESSAGES, type PendingConfirmation, type PublicForm, formSignupSchema, subscriptionConfirmSchema } from '@postlark/shared/forms';
import { signupFormPath } from '@postlark/shared/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FORM_BODY_LIMIT } from '../../http/body-limits';
import { clientKey } from '../../http/client-address';
import { HttpError, parseWith } from '../../http/errors';
import { acceptFormPosts } from '../../http/form-body';
import type { KeyedHash } from '../../lib/keyed-hash';
import { createRateLimiter } from '../../lib/rate-limiter';
import { isUuid } from '../../lib/uuid';
import { senderName } from '../audience/sender';
import { pageLookFor } from '../brand/brand.service';
import { publicForm } from './forms.repository';
import { confirmSubscription, type FormSignupJob, pendingConfirmation, type SubscriptionDeps, subscribeThroughForm } from './subscriptions.service';

type IdParams = { Params: { id: string } };

export interface SignupRouteDeps extends SubscriptionDeps {
  hashIp: KeyedHash;
  signupsPerMinute: number;
  /** Queues a sign-up's work (jobs/form-signup.job.ts). */
  queueFormSignup(signup: FormSignupJob): Promise<void>;
}

/**
 * The public side of sign-up forms: the hosted page's data and its JSON post under /api, the
 * double opt-in confirmation, and /f/{id} taking plain HTML posts from snippets on other sites.
 */
export function signupRoutes(deps: SignupRouteDeps) {
  const limiter = createRateLimiter({ limit: deps.signupsPerMinute, windowMs: 60_000 });
  const withinLimit = (request: FastifyRequest) => limiter.hit(clientKey(request)).allowed;
  const subscribe = (request: FastifyRequest<IdParams>, body: unknown) =>
    subscribeThroughForm(deps, request.params.id, parseWith(formSignupSchema, body), deps.hashIp(request.ip));

  const api = async (app: FastifyInstance) => {
    app.get<IdParams>('/public/v1/forms/:id', async (request) => {
      const found = isUuid(request.params.id) ? await publicForm(deps.db, request.params.id) : undefined;
      if (!found) throw new HttpError(404, FORM_MESSAGES.notFound);
      const payload: PublicForm = {
        id: found.form.id,
        title: found.form.title,
        intro: found.form.intro,
        button_label: found.form.buttonLabel,
        sender: senderName(found),
        double_opt_in: found.doubleOptIn,
        look: await pageLookFor(deps, found.form.customerId),
      };
      return { payload };
    });

    app.post<IdParams>('/public/v1/forms/:id/subscribe', { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      if (!withinLimit(request)) return reply.code(429).header('retry-after', '60').send({ payload: { message: EMBED_ERRORS.busy } });
      return { payload: { message: await subscribe(request, request.body) } };
    });

    app.get<{ Querystring: { token?: string } }>('/public/v1/subscriptions/confirm', async (request) => {
      const { token } = parseWith(subscriptionConfirmSchema, { token: request.query.token });
      const pending = await pendingConfirmation(deps, token);
      const payload: PendingConfirmation = { list_name: pending.listName, sender: pending.sender, look: await pageLookFor(deps, pending.customerId) };
      return { payload };
    });

    app.post('/public/v1/subscriptions/confirm', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
      const { token } = parseWith(subscriptionConfirmSchema, request.body);
      const confirmed = await confirmSubscription(deps, token);
      return { payload: { message: FORM_MESSAGES.confirmed, list_name: confirmed.listName, sender: confirmed.sender, look: await pageLookFor(deps, confirmed.customerId) } };
    });
  };

  const embedded = async (app: FastifyInstance) => {
    acceptFormPosts(app);
    // A snippet's post: the person's browser lands back on the hosted page, which says how it went.
    app.post<IdParams>('/f/:id', async (request, reply: FastifyReply) => {
      const page = signupFormPath(encodeURIComponent(request.params.id));
      const back = (query: string) => reply.redirect(`${page}?${query}`, 303);
      if (!withinLimit(request)) return back(`error=${'busy' satisfies EmbedError}`);
      const fields = Object.fromEntries(new URLSearchParams(typeof request.body === 'string' ? request.body : ''));
      try {
        await subscribe(request, fields);
        return back('signed_up=1');
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 400) return back(`error=${'email' satisfies EmbedError}`);
        throw error;
      }
    });
  };
  return { api, embedded };
}
