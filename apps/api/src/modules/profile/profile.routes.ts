import { AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import {
  basicInfoSchema,
  changePasswordSchema,
  contactInfoSchema,
  emailChangeSchema,
  DEFAULT_MARKETING_PREFERENCES,
  marketingPreferencesSchema,
  PROFILE_MESSAGES,
} from '@postlark/shared/profile';
import type { FastifyInstance } from 'fastify';
import { FORM_BODY_LIMIT } from '../../http/body-limits';
import { clientKey } from '../../http/client-address';
import { HttpError, parseWith } from '../../http/errors';
import type { AccountDeps } from '../auth/account-deps';
import { changePassword } from '../auth/change-password.service';
import { requestEmailChange } from '../auth/email-change.service';
import { requireOwnCustomer } from '../auth/session.service';
import { readPreferences, updateNames, writePreferences } from './profile.repository';
import { readProfile, saveContact } from './profile.service';

type CustomerParams = { Params: { customerId: string } };

/** SPEC section 7's profile call and the profile tabs' saves: each for the signed-in customer's own id only. */
export function profileRoutes(deps: AccountDeps) {
  return async (app: FastifyInstance) => {
    app.get<CustomerParams>('/home/v1/user/:customerId', async (request) => {
      const owner = await requireOwnCustomer(deps, request);
      return { payload: await readProfile(deps.db, owner.customerId) };
    });

    app.patch<CustomerParams>('/home/v1/user/:customerId', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
      const owner = await requireOwnCustomer(deps, request);
      await updateNames(deps.db, owner.customerId, parseWith(basicInfoSchema, request.body));
      return { payload: { message: PROFILE_MESSAGES.basicSaved } };
    });

    app.put<CustomerParams>('/home/v1/user/:customerId/password', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
      const owner = await requireOwnCustomer(deps, request);
      const change = parseWith(changePasswordSchema, request.body);
      await changePassword(deps, owner, change, { ipHash: deps.hashIp(clientKey(request)) });
      return { payload: { message: PROFILE_MESSAGES.passwordChanged } };
    });

    app.post<CustomerParams>('/home/v1/user/:customerId/email', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
      const owner = await requireOwnCustomer(deps, request);
      await requestEmailChange(deps, owner.customerId, parseWith(emailChangeSchema, request.body), { ipHash: deps.hashIp(clientKey(request)) });
      return { payload: { message: PROFILE_MESSAGES.emailChangeSent } };
    });

    app.put<CustomerParams>('/home/v1/user/:customerId/contact', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
      const owner = await requireOwnCustomer(deps, request);
      await saveContact(deps, owner.customerId, parseWith(contactInfoSchema, request.body));
      return { payload: { message: PROFILE_MESSAGES.contactSaved } };
    });

    app.get<CustomerParams>('/home/v1/user/:customerId/preferences', async (request) => {
      const owner = await requireOwnCustomer(deps, request);
      const preferences = await readPreferences(deps.db, owner.customerId);
      if (!preferences) throw new HttpError(404, AUTH_API_MESSAGES.userNotFound);
      return { payload: { ...DEFAULT_MARKETING_PREFERENCES, ...preferences } };
    });

    app.put<CustomerParams>('/home/v1/user/:customerId/preferences', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
      const owner = await requireOwnCustomer(deps, request);
      await writePreferences(deps.db, owner.customerId, parseWith(marketingPreferencesSchema, request.body));
      return { payload: { message: PROFILE_MESSAGES.preferencesSaved } };
    });
  };
}
