// The only reader of import.meta.env in the web app. Values are fixed at build time by Vite.

function withTrailingSlash(value: string): string {
  return value.endsWith('/') ? value : `${value}/`;
}

export const webEnv = {
  // SPEC section 7's {base}: the product's own API, joined as `${apiBase}authentication/v1/...`.
  apiBase: withTrailingSlash(import.meta.env.VITE_API_BASE || '/api/'),
  // SPEC section 7's {host}: joined as `${waitlistHost}/landing/v1/waitlist/`.
  waitlistHost: (import.meta.env.VITE_WAITLIST_HOST || '/api').replace(/\/+$/, ''),
} as const;
