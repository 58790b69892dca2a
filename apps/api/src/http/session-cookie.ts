import { parse, serialize } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'postlark_session';

interface SessionCredential {
  token: string;
  /** A cookie is sent by the browser whoever made the request; a Bearer header only by our own code. */
  from: 'bearer' | 'cookie';
}

/** The request's session token and where it came from: an `Authorization: Bearer` header wins over the cookie. */
function sessionCredential(request: FastifyRequest): SessionCredential | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice('Bearer '.length).trim();
    return token ? { token, from: 'bearer' } : undefined;
  }
  const cookies = request.headers.cookie;
  const token = cookies ? parse(cookies)[SESSION_COOKIE] : undefined;
  return token ? { token, from: 'cookie' } : undefined;
}

/** The session token from the cookie, or from an `Authorization: Bearer` header. */
export function sessionToken(request: FastifyRequest): string | undefined {
  return sessionCredential(request)?.token;
}

/** Whether the request would be signed in by the session cookie (and not by a Bearer header). */
export function signedInByCookie(request: FastifyRequest): boolean {
  return sessionCredential(request)?.from === 'cookie';
}

/** HttpOnly so scripts cannot read it, SameSite=Lax against cross-site posts, Secure on https. */
export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean) {
  reply.header(
    'set-cookie',
    serialize(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: '/', secure, expires: expiresAt }),
  );
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.header(
    'set-cookie',
    serialize(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', path: '/', secure, expires: new Date(0) }),
  );
}
