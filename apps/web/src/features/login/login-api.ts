import type { LoginPayload, SessionPayload, UserProfile } from '@postlark/shared/account';
import type { ApiMessage } from '@postlark/shared/api-response';
import { webEnv } from '../../config/env';
import { requestJson } from '../../lib/api-client';

const sessionUrl = () => `${webEnv.apiBase}authentication/v1/session`;

/** SPEC section 7: POST {base}authentication/v1/login/; the answer also sets the session cookie. */
export function postLogin(email: string, password: string) {
  return requestJson<{ payload: LoginPayload } & Partial<ApiMessage>>('POST', `${webEnv.apiBase}authentication/v1/login/`, {
    customer_details: { email, password, login_mode: 'manual' },
  });
}

/** SPEC section 7: GET {base}home/v1/user/{customerId}; the payload is the profile. */
export function getProfile(customerId: string) {
  return requestJson<{ payload: UserProfile }>('GET', `${webEnv.apiBase}home/v1/user/${encodeURIComponent(customerId)}`);
}

/** Who the session cookie belongs to: 200 with the customer, 401 when nobody is signed in. */
export function getSession() {
  return requestJson<{ payload: SessionPayload }>('GET', sessionUrl());
}

/** Ends the session the cookie names. */
export function deleteSession() {
  return requestJson<ApiMessage>('DELETE', sessionUrl());
}
