import { randomBytes } from 'node:crypto';
import { API_KEY_MESSAGES, type ApiKey } from '@postlark/shared/api-keys';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import { hashSecretToken } from '../auth/secret-tokens';
import { activeKeys, type ApiKeyRow, insertApiKey, revokeKey, useKey } from './api-keys.repository';

export interface ApiKeyDeps {
  db: Db;
  now: () => Date;
}

// Keys say what they are, so a leaked one is easy to spot (and to search for in code).
const KEY_PREFIX = 'pl_live_';
const SHOWN_PREFIX_LENGTH = KEY_PREFIX.length + 6;

function keyOf(row: ApiKeyRow): ApiKey {
  return { id: row.id, name: row.name, prefix: row.prefix, created_at: row.createdAt.toISOString(), last_used_at: row.lastUsedAt?.toISOString() ?? null };
}

/** Makes a key; the key itself is in this answer only, and stored as a SHA-256. */
export async function createApiKey(deps: ApiKeyDeps, customerId: string, name: string): Promise<{ key: string; api_key: ApiKey }> {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await insertApiKey(deps.db, { customerId, name, prefix: key.slice(0, SHOWN_PREFIX_LENGTH), keyHash: hashSecretToken(key), createdAt: deps.now() });
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
