import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { INTEGRATION_MESSAGES } from '@postlark/shared/integrations';
import { HttpError } from '../../http/errors';
import type { Hmac } from '../../lib/hmac';
import { INTEGRATIONS_TAB_PATH, type IntegrationDeps, storeConnection } from './connections.service';
import { authorizeUrl, dataCentreOfKey, exchangeCode, metadata } from './mailchimp/oauth';
import { saveOAuthState, takeOAuthState } from './oauth-states.repository';

// "Sign in with Mailchimp" (OAuth 2, where MAILCHIMP_CLIENT_ID/SECRET are set). The state we send
// names the account, when it expires and a random nonce, signed; the nonce is kept bound to the
// browser session that started the sign-in (oauth_states). The callback takes the state only in
// that same session, within 10 minutes and once (RFC 9700 §4.7): no one can attach their Mailchimp
// to someone else's Postlark, nor replay a state seen in a URL. The token (which never expires) is
// sealed like an API key; its data centre comes from Mailchimp's metadata call, checked to be one
// before it goes into a host name.

export interface OAuthDeps {
  /** APP_URL: the callback's address is built from it, never from the request. */
  appUrl: string;
  /** Signs the OAuth state (a server secret). */
  signState: Hmac;
}

const STATE_TTL_MS = 10 * 60_000;

/** The signed-in browser: its account, and the hash of its session's token (SignedInCustomer). */
export interface SignInSession {
  customerId: string;
  tokenHash: string;
}

const NONCE = /^[\w-]{32}$/;
const nonceHash = (nonce: string) => createHash('sha256').update(nonce).digest('base64url');

export function callbackUrl(appUrl: string): string {
  return `${appUrl}/api/home/v1/integrations/mailchimp/callback`;
}

function stateFor(deps: OAuthDeps, customerId: string, expiresAt: number, nonce: string): string {
  const body = `${customerId}.${expiresAt}.${nonce}`;
  return `${body}.${deps.signState(body).toString('base64url')}`;
}

/** The state's nonce when it is ours, for this account and not expired; null otherwise. */
function nonceOf(deps: OAuthDeps, customerId: string, state: unknown, now: number): string | null {
  if (typeof state !== 'string' || !state || state.length > 300) return null;
  const [id, expires, nonce, signature = '', ...rest] = state.split('.');
  if (rest.length > 0 || id !== customerId || !expires || !/^\d{1,15}$/.test(expires) || Number(expires) < now || !nonce || !NONCE.test(nonce)) return null;
  const expected = deps.signState(`${id}.${expires}.${nonce}`);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}

/** Where to send the browser to sign in with Mailchimp; the state's nonce is kept for this session. */
export async function mailchimpSignInUrl(deps: IntegrationDeps & OAuthDeps, session: SignInSession): Promise<string> {
  const oauth = deps.platforms.mailchimp.oauth;
  if (!oauth) throw new HttpError(409, INTEGRATION_MESSAGES.oauthNotConfigured);
  const now = deps.now();
  const expiresAt = now.getTime() + STATE_TTL_MS;
  const nonce = randomBytes(24).toString('base64url');
  await saveOAuthState(deps.db, { nonceHash: nonceHash(nonce), customerId: session.customerId, sessionHash: session.tokenHash, expiresAt: new Date(expiresAt), now });
  return authorizeUrl(deps.platforms.mailchimp.loginUrl, oauth.clientId, callbackUrl(deps.appUrl), stateFor(deps, session.customerId, expiresAt, nonce));
}

/** Finishes the sign-in; answers where the browser goes next: the Integrations tab, saying how it went. */
export async function finishMailchimpSignIn(deps: IntegrationDeps & OAuthDeps, session: SignInSession, query: { code?: unknown; state?: unknown; error?: unknown }): Promise<string> {
  const { customerId } = session;
  const oauth = deps.platforms.mailchimp.oauth;
  const failed = (message: string) => `${INTEGRATIONS_TAB_PATH}&error=${encodeURIComponent(message)}`;
  if (!oauth) return failed(INTEGRATION_MESSAGES.oauthNotConfigured);
  const now = deps.now();
  const nonce = nonceOf(deps, customerId, query.state, now.getTime());
  // Only the session that started it, and only once: taken here whatever the rest of the answer says.
  if (!nonce || !(await takeOAuthState(deps.db, { nonceHash: nonceHash(nonce), customerId, sessionHash: session.tokenHash, now }))) return failed(INTEGRATION_MESSAGES.oauthFailed);
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
