import { GENERIC_MESSAGES } from '@postlark/shared/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimiter } from '../lib/rate-limiter';
import { clientKey } from './client-address';
import { HttpError } from './errors';

// Who may send a body (issue 31, point 2). Fastify reads and parses a request's body before the
// handler runs, so a check inside the handler comes after the upload: anyone could make the server
// buffer and parse megabytes. This onRequest hook of the API scope knows the caller first (an API
// key on /v1, the session elsewhere) and answers 401 or 429 before a byte of body is read.

export type RouteAccess = 'public' | 'api-key' | 'session' | 'in-handler';

// Routes anyone may call, by their path under the API prefix: signing up and in, the marketing
// site's forms, subscribers' links (their token is the credential), webhooks signed by their
// sender, and reads of public facts. Everything else needs a session or a key (deny by default):
// a new public route that takes a body must be named here.
const PUBLIC_PREFIXES = ['/authentication/', '/landing/', '/public/', '/webhooks/', '/integrations/v1/webhooks/', '/meta/', '/docs/'];
const PUBLIC_PATHS = new Set(['/health', '/docs', '/campaigns/v1/senders/confirm']);
// Methods whose body Fastify never reads: their handler asks for the session itself, as before
// (a few answer differently without one, e.g. an export's download link redirects to sign-in).
const BODYLESS = new Set(['GET', 'HEAD']);

/** What a route needs before its body is read; `path` is its pattern under the API prefix. */
export function routeAccess(path: string, method: string): RouteAccess {
  if (path.startsWith('/v1/')) return 'api-key';
  if (PUBLIC_PATHS.has(path) || PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix))) return 'public';
  return BODYLESS.has(method) ? 'in-handler' : 'session';
}

/** Whether the request says a body follows (its length, or a chunked upload). */
function announcesBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

export interface EarlyAuthenticationOptions {
  /** The API scope's prefix, which route patterns start with. */
  prefix: string;
  /** The /v1 gate: resolves for a valid key within its account's budget, else a 401 or 429. */
  apiKey: (request: FastifyRequest) => Promise<unknown>;
  /** The session check (requireCustomer): resolves when signed in, else a 401. */
  session: (request: FastifyRequest) => Promise<unknown>;
  /** Counts, per client address, requests that came without a valid key or session. */
  failures: RateLimiter;
}

export function authenticateBeforeBody(options: EarlyAuthenticationOptions) {
  const { prefix, failures } = options;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const pattern = request.routeOptions.url;
    if (pattern === undefined || !pattern.startsWith(prefix)) return;
    const access = routeAccess(pattern.slice(prefix.length), request.method);
    if (access === 'public' || access === 'in-handler') return;
    try {
      await (access === 'api-key' ? options.apiKey(request) : options.session(request));
    } catch (error) {
      // The upload is refused, not drained: the connection closes after the answer, so a client
      // that keeps sending is cut off instead of having its megabytes read and thrown away.
      if (announcesBody(request)) reply.header('connection', 'close');
      if (!(error instanceof HttpError) || error.statusCode !== 401) throw error;
      // A client that keeps calling without a valid credential is slowed down; valid ones never count.
      const verdict = failures.hit(clientKey(request));
      if (!verdict.allowed) throw new HttpError(429, GENERIC_MESSAGES.tooManyRequests, undefined, { 'retry-after': String(verdict.retryAfterSeconds) });
      throw error;
    }
  };
}
