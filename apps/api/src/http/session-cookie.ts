import { parse, serialize } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'postlark_session';

/** The session token from the cookie, or from an `Authorization: Bearer` header. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || undefined;
  const cookies = request.headers.cookie;
  return cookies ? parse(cookies)[SESSION_COOKIE] || undefined : undefined;
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
