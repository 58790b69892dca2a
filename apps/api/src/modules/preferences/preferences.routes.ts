import { PREFERENCE_CENTRE_MESSAGES, preferenceChoicesSchema } from '@postlark/shared/preferences';
import { preferenceCentrePath } from '@postlark/shared/routes';
import type { FastifyInstance } from 'fastify';
import { FORM_BODY_LIMIT } from '../../http/body-limits';
import { acceptFormPosts } from '../../http/form-body';
import { parseWith } from '../../http/errors';
import { keepSubscription, type PreferenceDeps, readPreferences, savePreferences, unsubscribeEverywhere } from './preferences.service';

type TokenParams = { Params: { token: string } };

/** The preference centre's calls, under /api: no sign-in, the link's token is the proof. */
export function preferenceRoutes(deps: PreferenceDeps) {
  return async (app: FastifyInstance) => {
    app.get<TokenParams>('/public/v1/preferences/:token', async (request) => ({ payload: await readPreferences(deps, request.params.token) }));

    app.put<TokenParams>('/public/v1/preferences/:token', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
      const centre = await savePreferences(deps, request.params.token, parseWith(preferenceChoicesSchema, request.body));
      return { payload: { message: PREFERENCE_CENTRE_MESSAGES.saved, preferences: centre } };
    });

    app.post<TokenParams>('/public/v1/preferences/:token/keep', async (request) => {
      await keepSubscription(deps, request.params.token);
      return { payload: { message: PREFERENCE_CENTRE_MESSAGES.kept, preferences: await readPreferences(deps, request.params.token) } };
    });

    app.post<TokenParams>('/public/v1/preferences/:token/unsubscribe', async (request) => {
      await unsubscribeEverywhere(deps, request.params.token);
      return { payload: { message: PREFERENCE_CENTRE_MESSAGES.unsubscribedAll, preferences: await readPreferences(deps, request.params.token) } };
    });
  };
}

// RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click`, as a form or multipart body.
const ONE_CLICK_BODY = /(^|&|\r\n\r\n|")List-Unsubscribe=One-Click|name="List-Unsubscribe"\r\n\r\nOne-Click/;

/**
 * One-click unsubscribe (RFC 8058) at /u/{token}/one-click, the address of every campaign's
 * List-Unsubscribe header: a POST unsubscribes at once with 200 and no redirect, needing no
 * cookie; a GET changes nothing and shows the preference centre.
 */
export function oneClickRoutes(deps: PreferenceDeps) {
  return async (app: FastifyInstance) => {
    acceptFormPosts(app);

    app.post<TokenParams>('/u/:token/one-click', async (request, reply) => {
      if (typeof request.body !== 'string' || !ONE_CLICK_BODY.test(request.body)) {
        return reply.code(400).send({ payload: { message: 'Expected List-Unsubscribe=One-Click.' } });
      }
      await unsubscribeEverywhere(deps, request.params.token);
      return { payload: { message: PREFERENCE_CENTRE_MESSAGES.oneClickDone } };
    });

    app.get<TokenParams>('/u/:token/one-click', async (request, reply) => reply.redirect(preferenceCentrePath(encodeURIComponent(request.params.token)), 303));
  };
}
