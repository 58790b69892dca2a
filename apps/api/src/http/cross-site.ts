import { GENERIC_MESSAGES } from '@postlark/shared/messages';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors';
import { signedInByCookie } from './session-cookie';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * An onRequest hook for the API: a state change signed in by the session cookie must come from
 * our own pages. The cookie's SameSite=Lax keeps it off most cross-site requests, but not off a
 * sibling subdomain's nor in every browser, so the browser's own word on where the request came
 * from decides:
 * - `Origin` present: it must be APP_URL's origin (`null`, another host, scheme or port: 403);
 * - no `Origin`: `Sec-Fetch-Site` must be `same-origin` (or `none`, a request the person made
 *   themselves); `same-site` and `cross-site` get 403;
 * - neither: allowed. Every browser in use sends at least one of them on such requests, so this
 *   is a client that is not a browser (curl, a script with its own cookie), which no other site
 *   can drive.
 * A Bearer token (sessions, API keys) is never sent by a browser on its own: not checked.
 */
export function refuseCrossSiteCookieWrites(appUrl: string) {
  const ownOrigin = new URL(appUrl).origin;
  return async (request: FastifyRequest) => {
    if (SAFE_METHODS.has(request.method) || !signedInByCookie(request)) return;
    if (!fromOwnPages(request, ownOrigin)) throw new HttpError(403, GENERIC_MESSAGES.crossSiteRefused);
  };
}

function fromOwnPages(request: FastifyRequest, ownOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return originOf(origin) === ownOrigin;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  return true;
}

/** The origin a header names, however its case is written; undefined for `null` or anything unparsable. */
function originOf(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}
