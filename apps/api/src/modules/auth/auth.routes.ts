import { emailSendSchema, emailVerificationSchema, loginSchema, signupSchema } from '@postlark/shared/account';
import { AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import { emailChangeConfirmSchema, PROFILE_MESSAGES } from '@postlark/shared/profile';
import type { FastifyInstance } from 'fastify';
import { FORM_BODY_LIMIT } from '../../http/body-limits';
import { clientKey } from '../../http/client-address';
import { parseWith } from '../../http/errors';
import { limitPerClient } from '../../http/rate-limit';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../../http/session-cookie';
import { clearSignupTicketCookie, setSignupTicketCookie, signupTicket } from '../../http/signup-ticket-cookie';
import { createRateLimiter } from '../../lib/rate-limiter';
import type { AccountDeps } from './account-deps';
import { cancelEmailChange, confirmEmailChange } from './email-change.service';
import { type EmailLinkRequest, requestEmailLink, verifyEmailLink } from './email-links.service';
import { hashSecretToken } from './secret-tokens';
import { endSession, requireCustomer } from './session.service';
import { signIn } from './sign-in.service';
import { resumeSignup, SIGNUP_TICKET_LIFETIME_MS, signUp } from './sign-up.service';

export interface AuthRouteDeps extends AccountDeps {
  // Each email-send may mail someone: a client gets a few a minute, enough for typos and retries.
  emailSendsPerMinute: number;
  /** Queues an email-send's work (jobs/email-link.job.ts). */
  queueEmailLink(request: EmailLinkRequest): Promise<void>;
}

/** SPEC section 7's authentication calls, under /api/authentication/v1/. */
export function authRoutes(deps: AuthRouteDeps) {
  const secureCookie = deps.appUrl.startsWith('https:');
  const emailSendLimiter = createRateLimiter({ limit: deps.emailSendsPerMinute, windowMs: 60_000 });

  return async (app: FastifyInstance) => {
    app.post(
      '/authentication/v1/email-send/',
      { bodyLimit: FORM_BODY_LIMIT, onRequest: limitPerClient(emailSendLimiter) },
      async (request) => {
        await requestEmailLink(deps, parseWith(emailSendSchema, request.body));
        return { payload: { message: AUTH_API_MESSAGES.emailSendAccepted } };
      },
    );

    app.post('/authentication/v1/email-verification/', { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      const verified = await verifyEmailLink(deps, parseWith(emailVerificationSchema, request.body));
      if (verified.outcome === 'password-reset') return { payload: { message: AUTH_API_MESSAGES.passwordReset } };
      setSignupTicketCookie(reply, verified.signupTicket, SIGNUP_TICKET_LIFETIME_MS / 1000, secureCookie);
      return { payload: { message: AUTH_API_MESSAGES.verified } };
    });

    // Opened from the link mailed to a new address; the token alone proves the mailbox and names the account.
    app.post('/authentication/v1/email-change/confirm', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
      const token = sessionToken(request);
      await confirmEmailChange(deps, parseWith(emailChangeConfirmSchema, request.body), { tokenHash: token ? hashSecretToken(token) : undefined });
      return { payload: { message: PROFILE_MESSAGES.emailChanged } };
    });

    // "This wasn't me", from the notice to the old address: its token alone cancels the pending change.
    app.post('/authentication/v1/email-change/cancel', { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      await cancelEmailChange(deps, parseWith(emailChangeConfirmSchema, request.body));
      clearSessionCookie(reply, secureCookie);
      return { payload: { message: PROFILE_MESSAGES.emailChangeCancelled } };
    });

    app.post('/authentication/v1/signup/', { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      await signUp(deps, parseWith(signupSchema, request.body).customer_details, signupTicket(request));
      clearSignupTicketCookie(reply, secureCookie);
      return reply.code(201).send({ payload: { message: AUTH_API_MESSAGES.signedUp } });
    });

    // Under the signup path, so the browser sends the ticket's cookie with it (and with nothing else).
    app.get('/authentication/v1/signup/ticket', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { payload: await resumeSignup(deps, signupTicket(request)) };
    });

    app.post('/authentication/v1/login/', { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      const { customer_details: details } = parseWith(loginSchema, request.body);
      const session = await signIn(deps, details, { ipHash: deps.hashIp(clientKey(request)) });
      setSessionCookie(reply, session.token, session.expiresAt, secureCookie);
      return {
        payload: {
          customer_id: session.customerId,
          credentials: { access_token: session.token, token_type: 'Bearer', expires_at: session.expiresAt.toISOString() },
          message: AUTH_API_MESSAGES.loggedIn,
        },
      };
    });

    app.get('/authentication/v1/session', async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { customer_id: owner.customerId, email: owner.email, first_name: owner.firstName } };
    });

    app.delete('/authentication/v1/session', async (request, reply) => {
      await endSession(deps, request);
      clearSessionCookie(reply, secureCookie);
      return { payload: { message: AUTH_API_MESSAGES.signedOut } };
    });
  };
}
