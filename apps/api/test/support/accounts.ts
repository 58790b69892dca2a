import type { FastifyInstance } from 'fastify';
import { SIGNUP_TICKET_COOKIE } from '../../src/http/signup-ticket-cookie';

export { customerDetails, STRONG_PASSWORD } from './sample-customer';

// Steps of the account flows through app.inject, shared by the account tests.

export const APP_URL = 'http://localhost:3000';

export function linkIn(text: string | undefined, path: string): URL {
  const match = new RegExp(`${APP_URL}${path}\\?[^\\s"<>]+`).exec(text ?? '');
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return new URL(match[0].replaceAll('&amp;', '&'));
}

export function post(app: FastifyInstance, url: string, payload: object, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: `/api/${url}`, payload, headers, remoteAddress });
}

export function requestLink(app: FastifyInstance, email: string, page: 'sign-up' | 'forget-password', remoteAddress?: string) {
  const path = page === 'sign-up' ? '/signup' : '/forget-password';
  return post(app, 'authentication/v1/email-send/', { email_receiver: email, direct_url: `${APP_URL}${path}`, page }, {}, remoteAddress);
}

export function verify(app: FastifyInstance, email: string, token: string, password: string | null = null) {
  return post(app, 'authentication/v1/email-verification/', { email_receiver: email, token, password });
}

/** The signup call, presenting the sign-up ticket cookie the verifying browser got (see ticketCookie). */
export function signup(app: FastifyInstance, details: Record<string, unknown>, ticket?: string) {
  return post(app, 'authentication/v1/signup/', { customer_details: details }, ticket ? { cookie: ticket } : {});
}

/** The `name=value` pair of the sign-up ticket cookie a sign-up verification set, for the Cookie header. */
export function ticketCookie(setCookie: string | string[] | undefined): string {
  const headers = Array.isArray(setCookie) ? setCookie : [setCookie ?? ''];
  const pair = headers.find((header) => header.startsWith(`${SIGNUP_TICKET_COOKIE}=`))?.split(';')[0];
  if (!pair) throw new Error('no sign-up ticket cookie set');
  return pair;
}

export function login(app: FastifyInstance, email: string, password: string, remoteAddress?: string) {
  return post(app, 'authentication/v1/login/', { customer_details: { email, password, login_mode: 'manual' } }, {}, remoteAddress);
}

export function sessionCookie(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  const pair = header?.split(';')[0];
  if (!pair) throw new Error('no session cookie set');
  return pair;
}
