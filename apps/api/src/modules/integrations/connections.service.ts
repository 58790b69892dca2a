import { randomUUID } from 'node:crypto';
import {
  type ConnectInput,
  type ConnectionView,
  type ConnectionsView,
  INTEGRATION_LIMITS,
  INTEGRATION_MESSAGES,
  type LinkAudienceInput,
  PLAN_PLATFORM_LIMIT,
  PLATFORM_NAMES,
  type PlatformId,
  type SyncRunView,
} from '@postlark/shared/integrations';
import { ROUTES } from '@postlark/shared/routes';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import type { SecretBox } from '../../lib/secret-box';
import { isUuid } from '../../lib/uuid';
import { notify } from '../notifications/notify';
import { deleteList, insertList } from '../../modules/audience/lists.repository';
import { ownListIds } from '../../modules/audience/subscribers.repository';
import {
  type ConnectionRow,
  connectionsOf,
  countConnections,
  deleteConnection,
  findConnection,
  insertConnection,
  insertLink,
  linksOf,
  listsNamed,
  markBroken,
  queueRun,
  reconnectConnection,
  runsOf,
} from './connections.repository';
import { type ConnectAttempt, startConnectAttempt } from './connect-throttle';
import { connectionView, runView } from './connection-views';
import { dataCentreOfKey } from './mailchimp/oauth';
import { fieldMapFor } from './person-state';
import { type PlatformClient, PlatformError } from './platform-client';
import { clientFor, type Credentials, type PlatformSettings } from './platform-clients';

export interface IntegrationDeps {
  db: Db;
  now: () => Date;
  secrets: SecretBox;
  platforms: PlatformSettings;
  /** Tests give the clients a fast sleep; by default each platform's client from the settings. */
  clientOf?: (credentials: Credentials) => PlatformClient;
}

/** The Integrations tab, where a broken connection is told and reconnected. */
export const INTEGRATIONS_TAB_PATH = `${ROUTES.profile}?tab=integrations`;

/** A key the platform no longer takes: the connection breaks with the platform's words, and the customer is told once. */
export async function breakConnection(db: Db, connection: Pick<ConnectionRow, 'id' | 'customerId'>, message: string, now: Date): Promise<void> {
  if (await markBroken(db, connection.id, message, now)) await notify(db, connection.customerId, 'connection-broken', now, INTEGRATIONS_TAB_PATH);
}

/** The sealed secret is bound to its row: copied to another connection, it does not open. */
export const sealContext = (connectionId: string) => `connections:${connectionId}`;

export function platformClient(deps: Pick<IntegrationDeps, 'platforms' | 'clientOf'>, credentials: Credentials): PlatformClient {
  return deps.clientOf ? deps.clientOf(credentials) : clientFor(deps.platforms, credentials);
}

/** The connection's client, its secret opened; a secret that no longer opens (SECRETS_KEY changed) reads as a broken key. */
export async function clientOfConnection(deps: Pick<IntegrationDeps, 'platforms' | 'clientOf' | 'secrets'>, row: ConnectionRow): Promise<PlatformClient> {
  let secret: string;
  try {
    secret = await deps.secrets.open(row.secret, sealContext(row.id));
  } catch {
    throw new PlatformError('unauthorized', 'The stored key cannot be read on our side (the server’s secrets key changed). Connect again.');
  }
  return platformClient(deps, { platform: row.platform, authKind: row.authKind, secret, accountRef: row.accountRef });
}

export async function connectionsView(deps: IntegrationDeps, customerId: string): Promise<ConnectionsView> {
  const rows = await connectionsOf(deps.db, customerId);
  return { connections: await Promise.all(rows.map((row) => connectionView(deps, row))), mailchimp_oauth: deps.platforms.mailchimp.oauth !== null, plan_limit: PLAN_PLATFORM_LIMIT };
}

/** A platform's refusal of the secret as the Connect form's 4xx; an unreachable platform as a 502 that says so. */
function connectError(platform: PlatformId, error: unknown): HttpError {
  const name = PLATFORM_NAMES[platform];
  if (error instanceof PlatformError) {
    if (error.kind === 'unauthorized' || error.kind === 'refused' || error.kind === 'not_found' || error.kind === 'plan_limit') {
      const message = platform === 'beehiiv' && error.kind === 'not_found' ? INTEGRATION_MESSAGES.publicationNotFound : INTEGRATION_MESSAGES.secretRefused(name, error.message);
      return new HttpError(400, message, { secret: message });
    }
    return new HttpError(502, INTEGRATION_MESSAGES.unreachable(name));
  }
  return error instanceof HttpError ? error : new HttpError(502, INTEGRATION_MESSAGES.unreachable(name));
}

/**
 * Checks a connection's credentials with the platform, then stores it; shared by the key form and
 * Mailchimp's sign-in. A broken connection of the same platform is reconnected in place (its links
 * and their sync state kept), but only to the same account there: another account's audiences are
 * not the ones linked.
 */
export async function storeConnection(deps: IntegrationDeps, customerId: string, credentials: Credentials, attempt?: ConnectAttempt): Promise<ConnectionView> {
  const { platform } = credentials;
  const name = PLATFORM_NAMES[platform];
  const existing = (await connectionsOf(deps.db, customerId)).find((row) => row.platform === platform);
  if (existing?.status === 'connected') throw new HttpError(409, INTEGRATION_MESSAGES.alreadyConnected(name));
  if (!existing && (await countConnections(deps.db, customerId)) >= PLAN_PLATFORM_LIMIT) throw new HttpError(409, INTEGRATION_MESSAGES.planLimit(PLAN_PLATFORM_LIMIT));
  // A key typed into the form is counted before the platform is asked; a sign-in's token is not (no one can try keys through it).
  const connected = attempt ? await startConnectAttempt(deps.db, deps.platforms.limits, attempt, deps.now()) : async () => {};
  let account: { name: string; ref: string };
  try {
    account = await platformClient(deps, credentials).account();
  } catch (error) {
    throw connectError(platform, error);
  }
  // Mailchimp's data centre comes from the key or the sign-in, never from an answer we did not ask for.
  const accountRef = platform === 'mailchimp' ? credentials.accountRef : account.ref;
  const accountName = account.name.slice(0, 200);
  const now = deps.now();
  if (existing) {
    if (existing.accountRef !== accountRef || existing.accountName !== accountName) throw new HttpError(409, INTEGRATION_MESSAGES.otherAccount(name));
    const secret = await deps.secrets.seal(credentials.secret, sealContext(existing.id));
    const reconnected = await reconnectConnection(deps.db, existing.id, { secret, authKind: credentials.authKind, now });
    if (!reconnected) throw new HttpError(409, INTEGRATION_MESSAGES.alreadyConnected(name));
    await connected();
    return connectionView(deps, reconnected);
  }
  const id = randomUUID();
  const saved = await insertConnection(deps.db, {
    id,
    customerId,
    platform,
    authKind: credentials.authKind,
    secret: await deps.secrets.seal(credentials.secret, sealContext(id)),
    accountName,
    accountRef,
    connectedAt: now,
    checkedAt: now,
  });
  if (!saved) throw new HttpError(409, INTEGRATION_MESSAGES.alreadyConnected(name));
  await connected();
  return connectionView(deps, saved);
}

export async function connect(deps: IntegrationDeps, customerId: string, input: ConnectInput, attempt: ConnectAttempt): Promise<ConnectionView> {
  const { platform, secret } = input;
  let accountRef = '';
  if (platform === 'mailchimp') {
    const dc = dataCentreOfKey(secret);
    if (!dc) throw new HttpError(400, INTEGRATION_MESSAGES.mailchimpKeyShape, { secret: INTEGRATION_MESSAGES.mailchimpKeyShape });
    accountRef = dc;
  }
  if (platform === 'beehiiv') accountRef = input.publication_id ?? '';
  const authKind = platform === 'hubspot' ? 'token' : 'api_key';
  return storeConnection(deps, customerId, { platform, authKind, secret, accountRef }, attempt);
}

async function ownConnection(deps: IntegrationDeps, customerId: string, id: string): Promise<ConnectionRow> {
  const row = isUuid(id) ? await findConnection(deps.db, customerId, id) : undefined;
  if (!row) throw new HttpError(404, INTEGRATION_MESSAGES.notFound);
  return row;
}

export async function connectionDetail(deps: IntegrationDeps, customerId: string, id: string): Promise<ConnectionView> {
  return connectionView(deps, await ownConnection(deps, customerId, id));
}

/**
 * Disconnects: the webhooks we registered are removed where the platform still lets us (a revoked
 * key does not), the secret and the sync's state go. The synced lists stay unless asked otherwise;
 * their people stay subscribers either way, and nothing is deleted on the platform.
 */
export async function disconnect(deps: IntegrationDeps, customerId: string, id: string, keepAudience: boolean): Promise<string> {
  const row = await ownConnection(deps, customerId, id);
  const links = await linksOf(deps.db, row.id);
  const withWebhooks = links.filter((link) => link.webhookId !== null);
  if (withWebhooks.length > 0) {
    try {
      const client = await clientOfConnection(deps, row);
      for (const link of withWebhooks) await client.webhooks?.remove(link.remoteAudienceId, link.webhookId ?? '');
    } catch {
      // The platform drops deliveries to an address that stops answering; nothing else to do.
    }
  }
  await deleteConnection(deps.db, customerId, row.id);
  const name = PLATFORM_NAMES[row.platform];
  if (keepAudience) return links.length > 0 ? INTEGRATION_MESSAGES.disconnectedKept(name) : INTEGRATION_MESSAGES.disconnected(name);
  for (const link of links) await deleteList(deps.db, customerId, link.listId);
  return links.length > 0 ? INTEGRATION_MESSAGES.disconnectedRemoved(name) : INTEGRATION_MESSAGES.disconnected(name);
}

/** Runs a call on the connection's client, turning a revoked key into the 4xx the tab shows (the sync marks it broken on its own). */
async function withClient<T>(deps: IntegrationDeps, row: ConnectionRow, call: (client: PlatformClient) => Promise<T>): Promise<T> {
  try {
    return await call(await clientOfConnection(deps, row));
  } catch (error) {
    if (error instanceof PlatformError && error.kind === 'unauthorized') throw new HttpError(409, INTEGRATION_MESSAGES.broken(PLATFORM_NAMES[row.platform]));
    throw connectError(row.platform, error);
  }
}

export async function remoteAudiences(deps: IntegrationDeps, customerId: string, id: string) {
  const row = await ownConnection(deps, customerId, id);
  const audiences = await withClient(deps, row, (client) => client.audiences());
  return audiences.map((audience) => ({ id: audience.id, name: audience.name, size: audience.size }));
}

/** A free list name: the audience's own, else with the platform's name, else numbered. */
async function freshListName(deps: IntegrationDeps, customerId: string, remoteName: string, platform: PlatformId): Promise<string> {
  const base = remoteName.trim().slice(0, 80) || PLATFORM_NAMES[platform];
  const candidates = [base, `${base} (${PLATFORM_NAMES[platform]})`, ...Array.from({ length: 20 }, (_unused, index) => `${base} (${PLATFORM_NAMES[platform]} ${index + 2})`)];
  const taken = await listsNamed(deps.db, customerId, candidates);
  const free = candidates.find((candidate) => !taken.has(candidate.toLowerCase()));
  return free ?? `${base} ${randomUUID().slice(0, 8)}`;
}

/** Links a remote audience to a list (a new one named after it, or one of the customer's) and queues its import. */
export async function linkAudience(deps: IntegrationDeps, customerId: string, id: string, input: LinkAudienceInput): Promise<ConnectionView> {
  const row = await ownConnection(deps, customerId, id);
  if (row.status !== 'connected') throw new HttpError(409, INTEGRATION_MESSAGES.broken(PLATFORM_NAMES[row.platform]));
  const max = deps.platforms.limits.linksPerConnection;
  // Said before the platform is asked; insertLink holds the line against requests at once.
  if ((await linksOf(deps.db, row.id)).length >= max) throw new HttpError(409, INTEGRATION_MESSAGES.linkLimit(max));
  const { audiences, fieldNames } = await withClient(deps, row, async (client) => {
    const found = await client.audiences();
    const chosen = found.find((audience) => audience.id === input.remote_audience_id);
    return { audiences: chosen ? [chosen] : [], fieldNames: chosen ? await client.fieldNames(chosen.id) : [] };
  });
  const [audience] = audiences;
  if (!audience) throw new HttpError(400, INTEGRATION_MESSAGES.audienceNotFound, { remote_audience_id: INTEGRATION_MESSAGES.audienceNotFound });
  const now = deps.now();
  let listId = input.list_id;
  if (listId !== undefined) {
    if (!isUuid(listId) || (await ownListIds(deps.db, customerId, [listId])).length === 0) throw new HttpError(400, INTEGRATION_MESSAGES.listNotFound, { list_id: INTEGRATION_MESSAGES.listNotFound });
  } else {
    // People who come from a platform confirmed there already: the list asks no second confirmation.
    const list = await insertList(deps.db, { customerId, name: await freshListName(deps, customerId, audience.name, row.platform), description: `Synced with ${PLATFORM_NAMES[row.platform]}: ${audience.name}`.slice(0, 500), doubleOptIn: false, createdAt: now, updatedAt: now });
    listId = list.id;
  }
  const link = await insertLink(deps.db, {
    connectionId: row.id,
    customerId,
    remoteAudienceId: audience.id.slice(0, INTEGRATION_LIMITS.remoteIdLength),
    remoteName: audience.name.slice(0, 200),
    listId,
    fieldMap: fieldMapFor(fieldNames),
    nextPollAt: now,
    createdAt: now,
  }, max);
  if (!link || link === 'full') {
    if (input.list_id === undefined) await deleteList(deps.db, customerId, listId);
    throw new HttpError(409, link === 'full' ? INTEGRATION_MESSAGES.linkLimit(max) : INTEGRATION_MESSAGES.linkExists);
  }
  await queueRun(deps.db, { connectionId: row.id, linkId: link.id, kind: 'import', now });
  return connectionView(deps, row);
}

/** "Sync now": a poll of every linked audience (a push follows each), joining any already queued. */
export async function syncNow(deps: IntegrationDeps, customerId: string, id: string): Promise<ConnectionView> {
  const row = await ownConnection(deps, customerId, id);
  if (row.status !== 'connected') throw new HttpError(409, INTEGRATION_MESSAGES.broken(PLATFORM_NAMES[row.platform]));
  const now = deps.now();
  for (const link of await linksOf(deps.db, row.id)) {
    await queueRun(deps.db, { connectionId: row.id, linkId: link.id, kind: link.importedAt ? 'poll' : 'import', now });
  }
  return connectionView(deps, row);
}

export async function connectionRuns(deps: IntegrationDeps, customerId: string, id: string, limit = 20): Promise<SyncRunView[]> {
  const row = await ownConnection(deps, customerId, id);
  return (await runsOf(deps.db, row.id, limit)).map(runView);
}
