import { randomBytes } from 'node:crypto';
import { AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import { API_KEY_MESSAGES, type ApiKey, type ApiKeyCreate } from '@postlark/shared/api-keys';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import type { KeyedHash } from '../../lib/keyed-hash';
import { isUuid } from '../../lib/uuid';
import type { MailService } from '../../mail/mail-service';
import { checkCurrentPassword } from '../auth/current-password';
import { findCustomerById } from '../auth/customers.repository';
import { hashSecretToken } from '../auth/secret-tokens';
import { notify } from '../notifications/notify';
import { activeKeys, type ApiKeyRow, insertApiKeyWithin, revokeKey, useKey } from './api-keys.repository';

export interface ApiKeyDeps {
  db: Db;
  now: () => Date;
}

/** Making a key also re-authenticates and tells the customer. */
export interface ApiKeyCreateDeps extends ApiKeyDeps {
  mail: MailService;
  hashIp: KeyedHash;
  /** Live keys an account may keep (API_KEYS_PER_ACCOUNT): each is one more credential to leak. */
  keysPerAccount: number;
}

// Keys say what they are, so a leaked one is easy to spot (and to search for in code).
const KEY_PREFIX = 'pl_live_';
const SHOWN_PREFIX_LENGTH = KEY_PREFIX.length + 6;

function keyOf(row: ApiKeyRow): ApiKey {
  return { id: row.id, name: row.name, prefix: row.prefix, created_at: row.createdAt.toISOString(), last_used_at: row.lastUsedAt?.toISOString() ?? null };
}

/**
 * Makes a key, after the current password (checked like a sign-in, with its waits): a key reaches
 * the whole audience, so a stolen session alone must not mint one. The key itself is in this
 * answer only, and stored as a SHA-256; the customer gets a notification and an email naming it.
 */
export async function createApiKey(
  deps: ApiKeyCreateDeps,
  customerId: string,
  request: ApiKeyCreate,
  client: { ipHash: string },
): Promise<{ key: string; api_key: ApiKey }> {
  const customer = await findCustomerById(deps.db, customerId);
  if (!customer) throw new HttpError(401, AUTH_API_MESSAGES.notSignedIn);
  await checkCurrentPassword(deps, customer, request.current_password, client);
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const now = deps.now();
  const row = await insertApiKeyWithin(deps.db, { customerId, name: request.name, prefix: key.slice(0, SHOWN_PREFIX_LENGTH), keyHash: hashSecretToken(key), createdAt: now }, deps.keysPerAccount);
  if (!row) throw new HttpError(409, API_KEY_MESSAGES.tooManyKeys(deps.keysPerAccount));
  await notify(deps.db, customerId, 'api-key-created', now);
  await deps.mail.enqueue({ template: 'api-key-created', to: customer.email, firstName: customer.firstName, keyName: row.name, prefix: row.prefix });
  return { key, api_key: keyOf(row) };
}

export async function listApiKeys(deps: ApiKeyDeps, customerId: string): Promise<ApiKey[]> {
  return (await activeKeys(deps.db, customerId)).map(keyOf);
}

export async function revokeApiKey(deps: ApiKeyDeps, customerId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await revokeKey(deps.db, customerId, id, deps.now()))) throw new HttpError(404, API_KEY_MESSAGES.notFound);
}

/** The customer whose key the request carries as its Bearer token, or a 401. Sessions do not count here. */
export async function requireApiKey(deps: ApiKeyDeps, request: FastifyRequest): Promise<{ customerId: string; keyHash: string }> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(pl_live_[A-Za-z0-9_-]{43})$/.exec(header);
  if (!match) throw new HttpError(401, header ? API_KEY_MESSAGES.invalid : API_KEY_MESSAGES.missing);
  const keyHash = hashSecretToken(match[1]!);
  const customerId = await useKey(deps.db, keyHash, deps.now());
  if (!customerId) throw new HttpError(401, API_KEY_MESSAGES.invalid);
  return { customerId, keyHash };
}
