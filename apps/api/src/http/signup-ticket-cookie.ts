import { parse, serialize } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '@postlark/shared/routes';

export const SIGNUP_TICKET_COOKIE = 'postlark_signup_ticket';

// Sent only with the signup call (and its trailing-slash form), never with anything else.
const SIGNUP_PATH = `${API_PREFIX}/authentication/v1/signup`;

/** The sign-up ticket the request's browser holds, if any. */
export function signupTicket(request: FastifyRequest): string | undefined {
  const cookies = request.headers.cookie;
  return cookies ? parse(cookies)[SIGNUP_TICKET_COOKIE] || undefined : undefined;
}

/**
 * Hands the browser that opened a sign-up link its ticket: HttpOnly so no script reads it,
 * SameSite=Strict so no other site's page can make the browser send it, Secure on https.
 */
export function setSignupTicketCookie(reply: FastifyReply, ticket: string, maxAgeSeconds: number, secure: boolean) {
  reply.header(
    'set-cookie',
    serialize(SIGNUP_TICKET_COOKIE, ticket, { httpOnly: true, sameSite: 'strict', path: SIGNUP_PATH, secure, maxAge: maxAgeSeconds }),
  );
}

export function clearSignupTicketCookie(reply: FastifyReply, secure: boolean) {
  reply.header(
    'set-cookie',
    serialize(SIGNUP_TICKET_COOKIE, '', { httpOnly: true, sameSite: 'strict', path: SIGNUP_PATH, secure, expires: new Date(0) }),
  );
}
