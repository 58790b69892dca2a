// The only reader of import.meta.env in the web app. Values are fixed at build time by Vite.

import { API_PREFIX } from '@postlark/shared/routes';

function withTrailingSlash(value: string): string {
  return value.endsWith('/') ? value : `${value}/`;
}

// SPEC section 7's {base}: the product's own API, joined as `${apiBase}authentication/v1/...`.
const apiBase = withTrailingSlash(import.meta.env.VITE_API_BASE || '/api/');

/**
 * A link the API handed out (a download in an answer or a notification) is a path under the
 * server's own mount; a build whose API is reached elsewhere (VITE_API_BASE) follows it there.
 * Anything else (a page of the app) is left as it is.
 */
export function apiHref(path: string): string {
  return isApiLink(path) ? `${apiBase}${path.slice(API_PREFIX.length + 1)}` : path;
}

export function isApiLink(path: string): boolean {
  return path.startsWith(`${API_PREFIX}/`);
}

export const webEnv = {
  apiBase,
  // SPEC section 7's {host}: joined as `${waitlistHost}/landing/v1/waitlist/`.
  waitlistHost: (import.meta.env.VITE_WAITLIST_HOST || '/api').replace(/\/+$/, ''),
  // SPEC section 7's countries service: a list of `{name: {common}, cca2}`; our API serves one.
  countriesUrl: (import.meta.env.VITE_COUNTRIES_URL as string | undefined) || `${apiBase}meta/v1/countries`,
  // Google Identity Services' OAuth client id; without it Continue with Google says it is not set up.
  googleClientId: (import.meta.env.VITE_GOOGLE_CLIENT_ID as string | undefined) || undefined,
} as const;
