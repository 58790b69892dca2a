import { isSubscriberPage } from '@postlark/shared/routes';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A Content-Security-Policy from its directives, in order. */
export function contentSecurityPolicy(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

// The web app's pages (apps/web, served by http/web-app.ts): our own scripts, styles, fonts and
// images only, no inline script or <style>, nothing framing them, no <base>, no plugin. Checked
// by the browser tests, which fail on any violation (e2e/support/csp.ts).
const STRICT_PAGE = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
} as const;

// Google Identity Services, for "Continue with Google" on the sign-up page (SPEC section 2): its
// script, its stylesheet, and the frames and calls it makes, by Google's documented paths only.
const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/';

/**
 * Every other page of the app. It is one document: a page opened at /landing becomes the sign-up
 * page and then the campaign editor without loading again, so the policy it starts with is the
 * one these need:
 * - the campaign editor writes `style` attributes (images, email buttons, the customer's own
 *   HTML); the email preview and the template gallery's thumbnails are sandboxed srcdoc frames,
 *   which take this page's policy, and the message laid out for mail clients has <style> elements
 *   (its phone layout and dark mode, decision 014): inline styles are allowed, never inline
 *   script. The app's own markup is React's, which writes no <style> of anyone else's; the
 *   customer's HTML is drawn only by the editor (its schema keeps no <style>) and those frames;
 *   subscribers' pages keep the strict policy;
 * - the customer's images are on their own sites (img-src https:), and an image chosen for
 *   upload is shown before it is sent (blob:, a URL the page made of the file itself);
 * - Google's sign-in script, when the build has a client id.
 */
const APP_PAGE = {
  ...STRICT_PAGE,
  'script-src': ["'self'", `${GOOGLE_SIGN_IN}client`],
  'style-src': ["'self'", `${GOOGLE_SIGN_IN}style`],
  'style-src-elem': ["'self'", `${GOOGLE_SIGN_IN}style`, "'unsafe-inline'"],
  'style-src-attr': ["'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'connect-src': ["'self'", GOOGLE_SIGN_IN],
  'frame-src': ["'self'", GOOGLE_SIGN_IN],
} as const;

const STRICT_POLICY = contentSecurityPolicy(STRICT_PAGE);
const APP_POLICY = contentSecurityPolicy(APP_PAGE);

// A year, the preload lists' minimum; subdomains too, so none of them is ever reached over http.
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The onSend hook for headers every answer carries: no MIME sniffing, no framing by other sites,
 * no referrer leaks, HSTS on an https site, and the web app's CSP on HTML pages that do not set a
 * stricter one of their own (the dev outbox, the API docs).
 */
export function securityHeaders(appUrl: string) {
  const https = appUrl.startsWith('https:');
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    // Pages that carry tokens set a stricter policy of their own; keep it.
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (https) reply.header('strict-transport-security', HSTS);
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      const pathname = request.url.split('?')[0] ?? '/';
      // Subscriber pages lead nowhere else in the app: they keep the strict policy.
      reply.header('content-security-policy', isSubscriberPage(pathname) ? STRICT_POLICY : APP_POLICY);
    }
    return payload;
  };
}
