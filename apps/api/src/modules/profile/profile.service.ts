import { AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import type { UserProfile } from '@postlark/shared/account';
import type { ContactInfo } from '@postlark/shared/profile';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { findCustomerById } from '../auth/customers.repository';
import { updateContact } from './profile.repository';

/** SPEC section 7's profile payload. */
export async function readProfile(db: Db, customerId: string): Promise<UserProfile> {
  const customer = await findCustomerById(db, customerId);
  if (!customer) throw new HttpError(404, AUTH_API_MESSAGES.userNotFound);
  const info = customer.additionalInfo;
  return {
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
}

/** Saves the contact tab; a country, when given, must be one of the countries service's names. */
export async function saveContact(deps: { db: Db; countryNames: ReadonlySet<string> }, customerId: string, contact: ContactInfo) {
  if (contact.country && !deps.countryNames.has(contact.country)) {
    throw new HttpError(400, AUTH_API_MESSAGES.unknownCountry, { country: AUTH_API_MESSAGES.unknownCountry });
  }
  await updateContact(deps.db, customerId, contact);
}
