import { AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { sessionToken } from '../../http/session-cookie';
import { hashSecretToken } from './secret-tokens';
import { deleteSession, findSessionOwner, type SessionOwner } from './sessions.repository';

/** The signed-in customer of this request, or a 401. */
export async function requireCustomer(deps: { db: Db; now: () => Date }, request: FastifyRequest): Promise<SessionOwner> {
  const token = sessionToken(request);
  const owner = token ? await findSessionOwner(deps.db, hashSecretToken(token), deps.now()) : undefined;
  if (!owner) throw new HttpError(401, AUTH_API_MESSAGES.notSignedIn);
  return owner;
}

/** Ends the request's session, if it has one. */
export async function endSession(deps: { db: Db }, request: FastifyRequest): Promise<void> {
  const token = sessionToken(request);
  if (token) await deleteSession(deps.db, hashSecretToken(token));
}
