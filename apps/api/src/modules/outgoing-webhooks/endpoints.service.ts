import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  WEBHOOK_PAUSE_TEXTS,
  WEBHOOK_TEST_EVENT,
  type WebhookAttempt,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointUpdate,
  type WebhookEventType,
} from '@postlark/shared/outgoing-webhooks';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import type { SecretBox } from '../../lib/secret-box';
import { isUuid } from '../../lib/uuid';
import {
  type AttemptLogRow,
  deleteEndpoint,
  type EndpointRow,
  endpointCount,
  endpointsOf,
  findEndpoint,
  insertEndpoint,
  latestAttempts,
  queueLimitedTestEvent,
  updateEndpoint,
} from './endpoints.repository';
import { startHeldWindows } from './sends.repository';
import { sealEndpointSecret } from './endpoint-secrets';
import { newSigningSecret } from './signature';
import { targetProblem } from './webhook-target';

export interface WebhookDeps {
  db: Db;
  now: () => Date;
  secrets: SecretBox;
  /** WEBHOOKS_ALLOW_LOCAL: http:// and this machine's addresses are taken (development only). */
  allowLocal: boolean;
}

/** Attempts the delivery log shows per endpoint. */
const LOG_LENGTH = 50;

// The secret is never part of an endpoint as answered: only creation and a roll return it, once.
function endpointOf(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.eventTypes as WebhookEventType[],
    enabled: row.enabled,
    paused: row.pausedUntil ? { reason: WEBHOOK_PAUSE_TEXTS.reason(row.timeoutsInRow), until: row.pausedUntil.toISOString() } : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function attemptOf(row: AttemptLogRow): WebhookAttempt {
  return {
    id: Number(row.id),
    event_id: row.eventId,
    event_type: row.eventType,
    at: new Date(row.at).toISOString(),
    status_code: row.statusCode,
    error: row.error,
    duration_ms: row.durationMs,
    delivery_status: row.deliveryStatus,
    next_attempt_at: row.deliveryStatus === 'pending' ? new Date(row.nextAttemptAt).toISOString() : null,
  };
}

function checkTarget(deps: WebhookDeps, url: string): void {
  const problem = targetProblem(url, deps.allowLocal);
  if (problem) throw new HttpError(400, problem, { url: problem });
}

async function ownEndpoint(deps: WebhookDeps, customerId: string, id: string): Promise<EndpointRow> {
  const row = isUuid(id) ? await findEndpoint(deps.db, customerId, id) : undefined;
  if (!row) throw new HttpError(404, WEBHOOK_MESSAGES.notFound);
  return row;
}

export async function listEndpoints(deps: WebhookDeps, customerId: string): Promise<WebhookEndpoint[]> {
  return (await endpointsOf(deps.db, customerId)).map(endpointOf);
}

/** Adds an endpoint with a new signing secret, which this answer alone carries (it is stored sealed). */
export async function createEndpoint(deps: WebhookDeps, customerId: string, body: WebhookEndpointCreate): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  checkTarget(deps, body.url);
  if ((await endpointCount(deps.db, customerId)) >= WEBHOOK_LIMITS.endpointsPerAccount) throw new HttpError(409, WEBHOOK_MESSAGES.tooMany);
  const id = randomUUID();
  const secret = newSigningSecret();
  const now = deps.now();
  const row = await insertEndpoint(deps.db, {
    id,
    customerId,
    url: body.url,
    description: body.description,
    eventTypes: [...new Set(body.event_types)],
    enabled: body.enabled,
    ...(await sealEndpointSecret(deps.secrets, id, secret)),
    createdAt: now,
    updatedAt: now,
  });
  return { endpoint: endpointOf(row), secret };
}

/**
 * A new address, or turning it on, ends a pause for timeouts (the customer says it is fixed; the
 * breaker pauses it again if not). Turning it off starts the retry window of what it holds.
 */
export async function changeEndpoint(deps: WebhookDeps, customerId: string, id: string, body: WebhookEndpointUpdate): Promise<WebhookEndpoint> {
  const current = await ownEndpoint(deps, customerId, id);
  if (body.url !== undefined) checkTarget(deps, body.url);
  const now = deps.now();
  const resumes = (body.url !== undefined && body.url !== current.url) || (body.enabled === true && !current.enabled);
  const row = await deps.db.transaction(async (tx) => {
    const changed = await updateEndpoint(tx, customerId, id, {
      ...(body.url !== undefined && { url: body.url }),
      ...(body.description !== undefined && { description: body.description }),
      ...(body.event_types !== undefined && { eventTypes: [...new Set(body.event_types)] }),
      ...(body.enabled !== undefined && { enabled: body.enabled }),
      ...(resumes && { timeoutsInRow: 0, pauses: 0, pausedUntil: null }),
      updatedAt: now,
    });
    if (changed && body.enabled === false && current.enabled) await startHeldWindows(tx, id, now);
    return changed;
  });
  if (!row) throw new HttpError(404, WEBHOOK_MESSAGES.notFound);
  return endpointOf(row);
}

/** Deleting drops what was still to send to it, and its log. */
export async function removeEndpoint(deps: WebhookDeps, customerId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await deleteEndpoint(deps.db, customerId, id))) throw new HttpError(404, WEBHOOK_MESSAGES.notFound);
}

/** A new secret at once: the old one signs nothing from now on (attempts already under way excepted). */
export async function rollSecret(deps: WebhookDeps, customerId: string, id: string): Promise<string> {
  await ownEndpoint(deps, customerId, id);
  const secret = newSigningSecret();
  const row = await updateEndpoint(deps.db, customerId, id, { ...(await sealEndpointSecret(deps.secrets, id, secret)), updatedAt: deps.now() });
  if (!row) throw new HttpError(404, WEBHOOK_MESSAGES.notFound);
  return secret;
}

const HOUR_MS = 3_600_000;

/**
 * Queues a `webhook.test` event to this endpoint alone, delivered (and logged) like any other;
 * so many an hour per endpoint and per account (each one is a real request from our workers).
 */
export async function sendTestEvent(deps: WebhookDeps, customerId: string, id: string): Promise<string> {
  const row = await ownEndpoint(deps, customerId, id);
  if (!row.enabled) throw new HttpError(409, WEBHOOK_MESSAGES.testDisabled);
  const now = deps.now();
  const limits = { since: new Date(now.getTime() - HOUR_MS), perEndpoint: WEBHOOK_LIMITS.testEventsPerEndpointPerHour, perAccount: WEBHOOK_LIMITS.testEventsPerAccountPerHour };
  const data = { endpoint_id: id, message: 'This is a test event from Postlark.' };
  const outcome = await queueLimitedTestEvent(deps.db, { customerId, endpointId: id, type: WEBHOOK_TEST_EVENT, data, now }, limits);
  if ('refused' in outcome) throw new HttpError(429, outcome.refused === 'endpoint' ? WEBHOOK_MESSAGES.testTooManyEndpoint : WEBHOOK_MESSAGES.testTooManyAccount);
  return outcome.queued;
}

export async function deliveryLog(deps: WebhookDeps, customerId: string, id: string): Promise<WebhookAttempt[]> {
  await ownEndpoint(deps, customerId, id);
  return (await latestAttempts(deps.db, id, LOG_LENGTH)).map(attemptOf);
}
