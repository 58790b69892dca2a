import { timingSafeEqual } from 'node:crypto';
import { INTEGRATION_MESSAGES } from '@postlark/shared/integrations';
import { HttpError } from '../../http/errors';
import type { Hmac } from '../../lib/hmac';
import { INTEGRATIONS_TAB_PATH, type IntegrationDeps, storeConnection } from './connections.service';
import { authorizeUrl, dataCentreOfKey, exchangeCode, metadata } from './mailchimp/oauth';

// "Sign in with Mailchimp" (OAuth 2, where MAILCHIMP_CLIENT_ID/SECRET are set). The state we send
// names the account and when it expires, signed: the callback takes it only back to the same
// signed-in account within 10 minutes, so no one can attach their Mailchimp to someone else's
// Postlark. The token (which never expires) is sealed like an API key; its data centre comes from
// Mailchimp's metadata call, checked to be one before it goes into a host name.

export interface OAuthDeps {
  /** APP_URL: the callback's address is built from it, never from the request. */
  appUrl: string;
  /** Signs the OAuth state (a server secret). */
  signState: Hmac;
}

const STATE_TTL_MS = 10 * 60_000;

export function callbackUrl(appUrl: string): string {
  return `${appUrl}/api/home/v1/integrations/mailchimp/callback`;
}

function stateFor(deps: OAuthDeps, customerId: string, expiresAt: number): string {
  const body = `${customerId}.${expiresAt}`;
  return `${body}.${deps.signState(body).toString('base64url')}`;
}

function validState(deps: OAuthDeps, customerId: string, state: unknown, now: number): boolean {
  if (typeof state !== 'string' || !state || state.length > 200) return false;
  const [id, expires, signature = ''] = state.split('.');
  if (id !== customerId || !expires || !/^\d{1,15}$/.test(expires) || Number(expires) < now) return false;
  const expected = deps.signState(`${id}.${expires}`);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function mailchimpSignInUrl(deps: IntegrationDeps & OAuthDeps, customerId: string): string {
  const oauth = deps.platforms.mailchimp.oauth;
  if (!oauth) throw new HttpError(409, INTEGRATION_MESSAGES.oauthNotConfigured);
  const state = stateFor(deps, customerId, deps.now().getTime() + STATE_TTL_MS);
  return authorizeUrl(deps.platforms.mailchimp.loginUrl, oauth.clientId, callbackUrl(deps.appUrl), state);
}

/** Finishes the sign-in; answers where the browser goes next: the Integrations tab, saying how it went. */
export async function finishMailchimpSignIn(deps: IntegrationDeps & OAuthDeps, customerId: string, query: { code?: unknown; state?: unknown; error?: unknown }): Promise<string> {
  const oauth = deps.platforms.mailchimp.oauth;
  const failed = (message: string) => `${INTEGRATIONS_TAB_PATH}&error=${encodeURIComponent(message)}`;
  if (!oauth) return failed(INTEGRATION_MESSAGES.oauthNotConfigured);
  if (!validState(deps, customerId, query.state, deps.now().getTime())) return failed(INTEGRATION_MESSAGES.oauthFailed);
  // A repeated parameter (?code=a&code=b) arrives as an array: only one plain string is a code.
  if (query.error !== undefined || typeof query.code !== 'string' || !query.code || query.code.length > 500) return failed(INTEGRATION_MESSAGES.oauthFailed);
  try {
    const http = deps.platforms.http;
    const token = await exchangeCode(deps.platforms.mailchimp.loginUrl, { clientId: oauth.clientId, clientSecret: oauth.clientSecret, redirectUri: callbackUrl(deps.appUrl), code: query.code }, http);
    const account = await metadata(deps.platforms.mailchimp.loginUrl, token, http);
    // The same check an API key's suffix gets: only a data centre's shape goes into the API's host name.
    const dc = dataCentreOfKey(`-${account.dc}`);
    if (!dc) return failed(INTEGRATION_MESSAGES.oauthFailed);
    await storeConnection(deps, customerId, { platform: 'mailchimp', authKind: 'oauth', secret: token, accountRef: dc });
    return `${INTEGRATIONS_TAB_PATH}&connected=mailchimp`;
  } catch (error) {
    return failed(error instanceof HttpError ? error.message : INTEGRATION_MESSAGES.oauthFailed);
  }
}
