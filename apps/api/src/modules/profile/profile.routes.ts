import { AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import type { UserProfile } from '@postlark/shared/account';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { findCustomerById } from '../auth/customers.repository';
import { requireCustomer } from '../auth/session.service';

/** SPEC section 7's profile call: a customer reads their own profile; any other id is a 404. */
export function profileRoutes(deps: { db: Db; now: () => Date }) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: { customerId: string } }>('/home/v1/user/:customerId', async (request) => {
      const owner = await requireCustomer(deps, request);
      // Someone else's id and an unknown id answer alike, so ids cannot be probed.
      const customer = request.params.customerId === owner.customerId ? await findCustomerById(deps.db, owner.customerId) : undefined;
      if (!customer) throw new HttpError(404, AUTH_API_MESSAGES.userNotFound);
      const info = customer.additionalInfo;
      const payload: UserProfile = {
        email: customer.email,
        additional_info: {
          first_name: customer.firstName,
          last_name: customer.lastName,
          street_address: info.street_address ?? '',
          city: info.city ?? '',
          state: info.state ?? '',
          company: info.company ?? '',
          postal_code: info.postal_code ?? '',
          country: customer.country,
          phone: info.phone ?? '',
          vat_id: info.vat_id ?? '',
          dob: customer.dob,
          gender: customer.gender,
        },
      };
      return { payload };
    });
  };
}
