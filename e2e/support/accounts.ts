import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import type { CountryEntry, EmailSendPage } from '@postlark/shared/account';
import { ROUTES } from '@postlark/shared/routes';
import { type Inbox, linkIn, linkParams } from './mail';

// Accounts made through the real API and the real mail, for tests about what comes after sign-up.
// Every address is unique, so tests sharing a worker's server never see each other's mail or accounts.

export { customerDetails, type CustomerDetails, STRONG_PASSWORD } from '../../apps/api/test/support/sample-customer';
import type { CustomerDetails } from '../../apps/api/test/support/sample-customer';

export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/** SPEC section 7's email-send, with the link pointing at this server's own page, as the web app asks. */
export async function requestEmailLink(request: APIRequestContext, baseURL: string, email: string, page: EmailSendPage): Promise<void> {
  const path = page === 'sign-up' ? ROUTES.signup : ROUTES.forgetPassword;
  const response = await request.post('/api/authentication/v1/email-send/', {
    data: { email_receiver: email, direct_url: `${baseURL}${path}`, page },
  });
  expect(response.status(), `email-send for ${email}`).toBe(200);
}

/** Asks for a link by the API and waits for the mail that carries it. */
export async function mailedLink(
  { request, baseURL, inbox }: { request: APIRequestContext; baseURL: string; inbox: Inbox },
  email: string,
  page: EmailSendPage,
): Promise<string> {
  const before = await inbox.count(email);
  await requestEmailLink(request, baseURL, email, page);
  const message = await inbox.message(email, before);
  return linkIn(message, baseURL, page === 'sign-up' ? ROUTES.signup : ROUTES.forgetPassword);
}

/** A customer made the way the sign-up screens make one: the mailed link verifies, then signup. */
export async function createCustomer(
  context: { request: APIRequestContext; baseURL: string; inbox: Inbox },
  details: CustomerDetails,
): Promise<CustomerDetails> {
  const { token } = linkParams(await mailedLink(context, details.email, 'sign-up'));
  const verified = await context.request.post('/api/authentication/v1/email-verification/', {
    data: { email_receiver: details.email, token, password: null },
  });
  expect(verified.status(), 'verifying the mailed sign-up token').toBe(200);
  const signedUp = await context.request.post('/api/authentication/v1/signup/', { data: { customer_details: details } });
  expect(signedUp.status(), `signup: ${await signedUp.text()}`).toBe(201);
  return details;
}

/** SPEC section 7's countries service as this server answers it. */
export async function countries(request: APIRequestContext): Promise<CountryEntry[]> {
  const response = await request.get('/api/meta/v1/countries');
  expect(response.status()).toBe(200);
  return (await response.json()) as CountryEntry[];
}

/** The common name of the country with this two-letter code, from the real list. */
export async function countryName(request: APIRequestContext, cca2: string): Promise<string> {
  const entry = (await countries(request)).find((country) => country.cca2 === cca2);
  if (!entry) throw new Error(`no country ${cca2} in the countries service`);
  return entry.name.common;
}
