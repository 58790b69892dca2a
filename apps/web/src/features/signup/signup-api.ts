import type { CountryEntry, SignupRequest } from '@postlark/shared/account';
import type { ApiMessage } from '@postlark/shared/api-response';
import { webEnv } from '../../config/env';
import { requestJson } from '../../lib/api-client';

/** SPEC section 7: POST {base}authentication/v1/signup/ with the customer_details wrapper; 201 on success. */
export function postSignup(request: SignupRequest) {
  return requestJson<ApiMessage>('POST', `${webEnv.apiBase}authentication/v1/signup/`, request);
}

/** SPEC section 7: the countries service, as `{name: {common}, cca2}` entries, sorted by name. */
export async function fetchCountries(signal?: AbortSignal): Promise<CountryEntry[]> {
  const response = await fetch(webEnv.countriesUrl, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`countries service answered ${response.status}`);
  const entries = (await response.json()) as unknown;
  if (!Array.isArray(entries)) throw new Error('countries service did not answer a list');
  return entries
    .filter((entry): entry is CountryEntry => typeof (entry as CountryEntry | null)?.name?.common === 'string')
    .sort((a, b) => a.name.common.localeCompare(b.name.common));
}

/** The sign-up under way in this browser (its HttpOnly ticket cookie goes along): the verified address, or 404. */
export function getSignupTicket() {
  return requestJson<{ payload: { email: string; expires_at: string } }>('GET', `${webEnv.apiBase}authentication/v1/signup/ticket`);
}

/** The verified address of the sign-up under way in this browser, or null when there is none (or it could not be read). */
export async function resumableSignupEmail(): Promise<string | null> {
  try {
    const answer = await getSignupTicket();
    return answer.ok ? (answer.body?.payload.email ?? null) : null;
  } catch {
    return null;
  }
}
