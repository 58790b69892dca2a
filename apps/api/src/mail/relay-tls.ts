import { parseConnectionUrl } from 'nodemailer/lib/shared';

/**
 * Whether the relay must take STARTTLS before anything is sent (nodemailer's requireTLS): yes when
 * SMTP_URL carries credentials over smtp://, so a relay (or anyone between) that offers no TLS
 * never sees the password in clear text; the connection is refused instead. smtps:// is TLS from
 * the start. SMTP_URL may say otherwise in its query, and then it is taken at its word:
 * `?requireTLS=false` (a relay on a trusted network without TLS), `?ignoreTLS=true` (never
 * STARTTLS), or `?secure=true` (TLS from the start on another port).
 */
export function relayRequiresTls(url: string): boolean {
  const options = parseConnectionUrl(url) as { auth?: { user?: string }; secure?: boolean; requireTLS?: unknown; ignoreTLS?: unknown };
  if (!options.auth?.user || options.secure === true) return false;
  if (options.requireTLS !== undefined) return options.requireTLS === true;
  return options.ignoreTLS !== true;
}
