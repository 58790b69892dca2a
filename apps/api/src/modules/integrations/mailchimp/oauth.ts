import { PlatformError } from '../platform-client';
import { type PlatformAnswer, PLATFORM_HTTP_DEFAULTS, type PlatformHttpSettings, type PlatformRules, platformRequest } from '../platform-http';
import { mailchimpRetryAfterMs } from './mapping';

// Mailchimp's OAuth 2 (login.mailchimp.com: /oauth2/authorize, /oauth2/token, /oauth2/metadata) and
// the data centre an API key or token lives in. Sources: Mailchimp's OAuth guide as quoted by
// golang.org/x/oauth2/mailchimp and requests-oauthlib (tokens never expire, no refresh; the metadata
// call gives dc and api_endpoint, and answers 200 {"error":"invalid_token"} for a bad token).

const DATA_CENTRE = /^[a-z]{2,4}[0-9]{1,3}$/;

/** The key's data centre (`…-us18` → us18), or null: it goes into a host name, so nothing else passes. */
export function dataCentreOfKey(key: string): string | null {
  const dash = key.lastIndexOf('-');
  if (dash < 0) return null;
  const dc = key.slice(dash + 1);
  return DATA_CENTRE.test(dc) ? dc : null;
}

/** MAILCHIMP_API_URL with its `{dc}` filled in; a template without one (a test's fake) as is. */
export function mailchimpApiUrl(template: string, dc: string): string {
  if (!template.includes('{dc}')) return template;
  if (!DATA_CENTRE.test(dc)) throw new Error('Not a Mailchimp data centre.');
  return template.replaceAll('{dc}', dc);
}

const trim = (url: string) => url.replace(/(?<!\/)\/+$/, '');

export function authorizeUrl(loginUrl: string, clientId: string, redirectUri: string, state: string): string {
  const url = new URL(`${trim(loginUrl)}/oauth2/authorize`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  return url.toString();
}

/** OAuth errors are RFC 6749 bodies ({error, error_description}), not problem+json. */
const oauthRules: PlatformRules = {
  retryAfterMs: mailchimpRetryAfterMs,
  errorOf(answer: PlatformAnswer) {
    const body = (answer.json ?? {}) as { error?: unknown; error_description?: unknown };
    const words = [body.error, body.error_description].filter((part): part is string => typeof part === 'string' && part !== '').join(': ') || `Mailchimp answered ${answer.status}.`;
    if (answer.status === 401 || body.error === 'invalid_client') return new PlatformError('unauthorized', words, answer.status);
    if (answer.status === 404) return new PlatformError('not_found', words, answer.status);
    if (answer.status >= 500) return new PlatformError('transient', words, answer.status);
    return new PlatformError('refused', words, answer.status);
  },
};

/** Trades the authorization code for the access token (which never expires). */
export async function exchangeCode(
  loginUrl: string,
  grant: { clientId: string; clientSecret: string; redirectUri: string; code: string },
  http: PlatformHttpSettings = PLATFORM_HTTP_DEFAULTS,
): Promise<string> {
  const form = new URLSearchParams({ grant_type: 'authorization_code', client_id: grant.clientId, client_secret: grant.clientSecret, redirect_uri: grant.redirectUri, code: grant.code });
  const answer = await platformRequest(
    { method: 'POST', url: `${trim(loginUrl)}/oauth2/token`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() },
    oauthRules,
    http,
  );
  const token = (answer.json as { access_token?: unknown } | undefined)?.access_token;
  if (typeof token !== 'string' || !token) throw new PlatformError('transient', 'Mailchimp did not give an access token.', answer.status);
  return token;
}

/** The token's account: its data centre (for the API URL), name and login address. */
export async function metadata(loginUrl: string, token: string, http: PlatformHttpSettings = PLATFORM_HTTP_DEFAULTS): Promise<{ dc: string; accountName: string; loginEmail: string | null }> {
  const answer = await platformRequest({ method: 'GET', url: `${trim(loginUrl)}/oauth2/metadata`, headers: { authorization: `OAuth ${token}` } }, oauthRules, http);
  const body = (answer.json ?? {}) as { error?: unknown; dc?: unknown; accountname?: unknown; login?: { login_email?: unknown } };
  // The quirk: a bad or revoked token is a 200 whose body says {"error":"invalid_token"}.
  if (typeof body.error === 'string') throw new PlatformError('unauthorized', `Mailchimp refused the token (${body.error}).`, answer.status);
  if (typeof body.dc !== 'string' || !DATA_CENTRE.test(body.dc)) throw new PlatformError('transient', 'Mailchimp’s account details named no data centre.', answer.status);
  return {
    dc: body.dc,
    accountName: typeof body.accountname === 'string' ? body.accountname : '',
    loginEmail: typeof body.login?.login_email === 'string' ? body.login.login_email : null,
  };
}
