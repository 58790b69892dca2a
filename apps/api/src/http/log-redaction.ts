import { API_PREFIX } from '@postlark/shared/routes';
import { LogController, type FastifyRequest } from 'fastify';
import pino from 'pino';

// Some routes carry a secret in the path itself: whoever holds it can open a subscriber's
// preference centre, unsubscribe them (/u/{token}, /u/{token}/one-click, the centre's API) or
// forge their opens and clicks (/t/o/{token}, /t/c/{token}), or post as a connected platform. Logs travel further than the
// database, so the path is logged with those segments replaced. The segment after each prefix
// is replaced whatever it looks like (a mistyped token is still someone's token).
const TOKEN_AFTER: readonly (readonly string[])[] = [
  ['u'],
  ['t', 'o'],
  ['t', 'c'],
  [...API_PREFIX.split('/').filter(Boolean), 'public', 'v1', 'preferences'],
  // A connected platform's webhook URL carries our secret (modules/integrations).
  [...API_PREFIX.split('/').filter(Boolean), 'integrations', 'v1', 'webhooks'],
];

// Any other segment shaped like a secret token (long, base64url with a digit or a capital, not
// a UUID, not a file name such as a hashed asset): a safety net for a token route added later.
// Route words are lowercase; ids are UUIDs.
const TOKEN_LIKE = /^(?=.*[0-9A-Z])[A-Za-z0-9_.~%-]{20,}$/;
const NOT_A_TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$|\.[a-z0-9]{1,5}$/i;

export const REDACTED_SEGMENT = ':token';

/** The request path as logged: no query string, token segments replaced by `:token`. */
export function redactPath(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const segments = path.split('/');
  // segments[0] is the empty string before the leading slash; empty segments (`//`) are skipped
  // when matching, as a lenient router might.
  const words = segments.map((segment, index) => ({ segment: segment.toLowerCase(), index })).filter((word) => word.segment !== '');
  const secret = new Set<number>();
  for (const prefix of TOKEN_AFTER) {
    const after = words[prefix.length];
    if (after && prefix.every((part, position) => words[position]?.segment === part)) secret.add(after.index);
  }
  return segments
    .map((segment, index) => (secret.has(index) || (TOKEN_LIKE.test(segment) && !NOT_A_TOKEN.test(segment)) ? REDACTED_SEGMENT : segment))
    .join('/');
}

/** Every path-looking run in a text (an error's message or stack) passed through redactPath. */
export function redactPathsIn(text: string): string {
  return text.replace(/\/[^\s"'`<>()]+/g, (path) => redactPath(path));
}

type SerializedError = ReturnType<typeof pino.stdSerializers.err>;

/**
 * The app logger's serializers: a request is its method, redacted path and id (no query string,
 * no headers: they carry sessions); an error keeps its type and stack with any paths in its
 * message and stack redacted (Fastify names the URL in some of its own errors).
 */
export const logSerializers = {
  req: (request: FastifyRequest) => ({ method: request.method, url: redactPath(request.url), id: request.id }),
  err: (error: Error): SerializedError => {
    const serialized = pino.stdSerializers.err(error);
    return { ...serialized, message: redactPathsIn(serialized.message ?? ''), ...(serialized.stack && { stack: redactPathsIn(serialized.stack) }) };
  },
};

/**
 * Fastify's own log lines through the same redaction: "incoming request" and the default error
 * log go through the `req` serializer; "Route GET:/path not found" is a plain string, so it is
 * rewritten here.
 */
export class RedactingLogController extends LogController {
  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info(`Route ${request.raw.method}:${redactPath(request.raw.url ?? '')} not found`);
  }
}
