import { AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { sessionToken } from '../../http/session-cookie';
import { hashSecretToken } from './secret-tokens';
import { deleteSession, dropEndedSessions, findSessionOwner, type SessionOwner, touchSession } from './sessions.repository';

// Use is recorded at most this often per session: the idle timeout is days, and a write on every
// request would cost more than the check itself.
export const SESSION_TOUCH_MS = 5 * 60 * 1000;

export interface SignedInCustomer extends SessionOwner {
  /** The hash of the request's session token, to tell this session from the customer's others. */
  tokenHash: string;
}

// Each request's customer once found: the API's onRequest hook (http/early-authentication.ts)
// checks the session before the body is read, and the handler asks again without a second look-up.
const signedIn = new WeakMap<FastifyRequest, SignedInCustomer>();

/** The signed-in customer of this request, or a 401. */
export async function requireCustomer(deps: { db: Db; now: () => Date }, request: FastifyRequest): Promise<SignedInCustomer> {
  const known = signedIn.get(request);
  if (known) return known;
  const token = sessionToken(request);
  const tokenHash = token ? hashSecretToken(token) : undefined;
  const now = deps.now();
  const found = tokenHash ? await findSessionOwner(deps.db, tokenHash, now) : undefined;
  if (!found || !tokenHash) throw new HttpError(401, AUTH_API_MESSAGES.notSignedIn);
  const { lastSeenAt, ...owner } = found;
  if (now.getTime() - lastSeenAt.getTime() >= SESSION_TOUCH_MS) await touchSession(deps.db, tokenHash, now);
  const customer = { ...owner, tokenHash };
  signedIn.set(request, customer);
  return customer;
}

/**
 * The signed-in customer, when the request's `:customerId` is theirs. Any other id, unknown or
 * someone else's, answers 404 alike, so ids cannot be probed.
 */
export async function requireOwnCustomer(
  deps: { db: Db; now: () => Date },
  request: FastifyRequest<{ Params: { customerId: string } }>,
): Promise<SignedInCustomer> {
  const owner = await requireCustomer(deps, request);
  if (request.params.customerId !== owner.customerId) throw new HttpError(404, AUTH_API_MESSAGES.userNotFound);
  return owner;
}

/** Housekeeping: sessions past their life or idle timeout go. */
export async function purgeEndedSessions(deps: { db: Db; now: () => Date }): Promise<number> {
  return dropEndedSessions(deps.db, deps.now());
}

/** Ends the request's session, if it has one. */
export async function endSession(deps: { db: Db }, request: FastifyRequest): Promise<void> {
  const token = sessionToken(request);
  if (token) await deleteSession(deps.db, hashSecretToken(token));
}
