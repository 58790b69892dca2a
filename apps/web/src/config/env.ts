// The only reader of import.meta.env in the web app. Values are fixed at build time by Vite.

function withTrailingSlash(value: string): string {
  return value.endsWith('/') ? value : `${value}/`;
}

// SPEC section 7's {base}: the product's own API, joined as `${apiBase}authentication/v1/...`.
const apiBase = withTrailingSlash(import.meta.env.VITE_API_BASE || '/api/');

export const webEnv = {
  apiBase,
  // SPEC section 7's {host}: joined as `${waitlistHost}/landing/v1/waitlist/`.
  waitlistHost: (import.meta.env.VITE_WAITLIST_HOST || '/api').replace(/(?<!\/)\/+$/, ''),
  // SPEC section 7's countries service: a list of `{name: {common}, cca2}`; our API serves one.
  // The public API's documentation page, served by the API itself (profile keys, Help, insights).
  apiDocsUrl: `${apiBase}docs`,
  countriesUrl: (import.meta.env.VITE_COUNTRIES_URL as string | undefined) || `${apiBase}meta/v1/countries`,
  // Google Identity Services' OAuth client id; without it Continue with Google says it is not set up.
  googleClientId: (import.meta.env.VITE_GOOGLE_CLIENT_ID as string | undefined) || undefined,
} as const;
