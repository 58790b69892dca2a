import { createHash } from 'node:crypto';
import {
  ACTIVITY_LIMIT,
  AUDIENCE_MESSAGES,
  type Subscriber,
  type SubscriberCreateData,
  type SubscriberQuery,
  type SubscribersPage,
  type SubscriberSummary,
  type SubscriberUpdate,
} from '@postlark/shared/audience';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { HttpError } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import type { AudienceDeps } from './audience-deps';
import { resolveFilter } from './segments.service';
import { activityOf } from './subscriber-activity.repository';
import { decodeCursor, encodeCursor } from './subscriber-cursor';
import { subscriberInsightsOf } from '../insights/insights.service';
import { queueSubscriberEvents } from '../outgoing-webhooks/outbox';
import {
  countSubscribers,
  deleteSubscriber as deleteRow,
  findSubscriber,
  insertSubscriber,
  isAwaitingConfirmation,
  isSuppressed,
  membershipsOf,
  type NewSubscriber,
  ownListIds,
  pageSubscribers,
  setMemberships,
  subscriberByEmail,
  suppress,
  type SubscriberRow,
  updateSubscriber as updateRow,
} from './subscribers.repository';

/** What a subscriber's own page needs besides: the address of their preference centre. */
export interface SubscriberDeps extends AudienceDeps {
  preferenceUrl(subscriberId: string): string;
}

/** The suppression list's key: a SHA-256 of the lower-case address, so an erased address is not kept. */
/** The SHA-256 of an address as stored (trimmed, lower-case); its hex is the suppression hash. */
export function emailDigest(email: string): Buffer {
  return createHash('sha256').update(email.trim().toLowerCase()).digest();
}

export function suppressionHash(email: string): string {
  return emailDigest(email).toString('hex');
}

const notFound = () => new HttpError(404, AUDIENCE_MESSAGES.subscriberNotFound);

function summaryOf(row: SubscriberRow, awaitingConfirmation: boolean): SubscriberSummary {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    status: row.status,
    awaiting_confirmation: row.status === 'active' && awaitingConfirmation,
    created_at: row.createdAt.toISOString(),
  };
}

async function detailsOf(deps: SubscriberDeps, row: SubscriberRow): Promise<Subscriber> {
  const [memberships, activity, insights, awaiting] = await Promise.all([
    membershipsOf(deps.db, row.id),
    activityOf(deps.db, row.id, ACTIVITY_LIMIT),
    subscriberInsightsOf(deps.db, row.customerId, row.id, deps.now()),
    isAwaitingConfirmation(deps.db, row.id),
  ]);
  return {
    ...summaryOf(row, awaiting),
    attributes: row.attributes,
    timezone: row.timezone,
    updated_at: row.updatedAt.toISOString(),
    preference_url: deps.preferenceUrl(row.id),
    consent: { source: row.consentSource, at: row.consentAt?.toISOString() ?? null, confirmed_at: row.confirmedAt?.toISOString() ?? null },
    lists: memberships.map((membership) => ({
      list_id: membership.listId,
      list_name: membership.listName,
      status: membership.status,
      confirmed_at: membership.confirmedAt?.toISOString() ?? null,
    })),
    activity: activity.map((event) => ({
      kind: event.kind,
      at: event.at.toISOString(),
      list_id: event.listId,
      list_name: event.listName,
      source: event.source,
    })),
    insights,
  };
}

/** The subscribers table: one page in the chosen order, and how many match in all. */
export async function listSubscribers(deps: AudienceDeps, customerId: string, query: SubscriberQuery): Promise<SubscribersPage> {
  const after = query.after ? decodeCursor(query.after, query.sort) : null;
  if (query.after && !after) throw new HttpError(400, AUDIENCE_MESSAGES.cursorInvalid, { after: AUDIENCE_MESSAGES.cursorInvalid });
  const filter = { ...query, ...(await resolveFilter(deps, customerId, query)) };
  const [rows, total] = await Promise.all([pageSubscribers(deps.db, customerId, filter, after), countSubscribers(deps.db, customerId, filter)]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const hasMore = rows.length > query.limit;
  return {
    subscribers: page.map((row) => ({
      ...summaryOf(row, row.awaitingConfirmation),
      engagement: row.engagementScore !== null && row.engagementBand !== null ? { score: row.engagementScore, band: row.engagementBand } : null,
    })),
    next_cursor: hasMore && last ? encodeCursor(last, query.sort, query.order) : null,
    total,
  };
}

export async function getSubscriber(deps: SubscriberDeps, customerId: string, id: string): Promise<Subscriber> {
  const row = isUuid(id) ? await findSubscriber(deps.db, customerId, id) : undefined;
  if (!row) throw notFound();
  return detailsOf(deps, row);
}

/** The lists named must all be the customer's own: another's id is refused like a wrong one. */
async function checkOwnLists(db: Db, customerId: string, listIds: readonly string[]): Promise<string[]> {
  const unique = [...new Set(listIds)];
  const owned = await ownListIds(db, customerId, unique);
  if (owned.length !== unique.length) throw new HttpError(400, AUDIENCE_MESSAGES.listIdsInvalid, { list_ids: AUDIENCE_MESSAGES.listIdsInvalid });
  return unique;
}

/**
 * An address on the suppression list (unsubscribed, bounced, complained or erased before) cannot be
 * added by hand, here or by renaming someone. One still in the audience (an unsubscribed subscriber
 * keeps theirs) is answered as already there, the plainer of the two truths.
 */
async function refuseSuppressed(db: Db, customerId: string, email: string): Promise<void> {
  if (!(await isSuppressed(db, customerId, suppressionHash(email)))) return;
  const message = (await subscriberByEmail(db, customerId, email)) ? AUDIENCE_MESSAGES.subscriberExists : AUDIENCE_MESSAGES.suppressed;
  throw new HttpError(409, message, { email: message });
}

/** Adds one subscriber, by hand or through the API. A suppressed address cannot come back this way. */
export async function createSubscriber(deps: SubscriberDeps, customerId: string, body: SubscriberCreateData, source: 'manual' | 'api' = 'manual'): Promise<Subscriber> {
  const now = deps.now();
  const listIds = await checkOwnLists(deps.db, customerId, body.list_ids);
  await refuseSuppressed(deps.db, customerId, body.email);
  const values: NewSubscriber = {
    customerId,
    email: body.email,
    firstName: body.first_name,
    lastName: body.last_name,
    attributes: body.attributes,
    timezone: body.timezone,
    status: body.status,
    createdAt: now,
    updatedAt: now,
    consentSource: source,
    consentAt: now,
  };
  try {
    const row = await deps.db.transaction(async (tx) => {
      // A profile known only from events becomes a subscriber: the same person, their history kept.
      const profile = await subscriberByEmail(tx, customerId, body.email);
      const { createdAt: _kept, ...changes } = values;
      const saved = profile?.status === 'not_subscribed' ? await updateRow(tx, customerId, profile.id, changes) : await insertSubscriber(tx, values);
      if (!saved) throw notFound();
      await setMemberships(tx, saved.id, listIds, now);
      // A profile's status change records its own subscriber.subscribed (a trigger); a new row does not.
      if (!profile && saved.status === 'active') await queueSubscriberEvents(tx, 'subscriber.subscribed', [saved.id], null, now);
      return saved;
    });
    return await detailsOf(deps, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, AUDIENCE_MESSAGES.subscriberExists, { email: AUDIENCE_MESSAGES.subscriberExists });
    throw error;
  }
}

/**
 * Changes what the customer sent. Someone who unsubscribed, bounced or complained cannot be made
 * active again by hand: only their own new consent (a form) may do that.
 */
export async function updateSubscriber(deps: SubscriberDeps, customerId: string, id: string, body: SubscriberUpdate): Promise<Subscriber> {
  const now = deps.now();
  const current = isUuid(id) ? await findSubscriber(deps.db, customerId, id) : undefined;
  if (!current) throw notFound();
  // A profile known only from events may be made a subscriber by hand, as adding one by hand may:
  // the customer vouches for the consent, recorded as theirs, now.
  const firstConsent = body.status === 'active' && current.status === 'not_subscribed';
  if (body.status === 'active' && current.status !== 'active' && !firstConsent) {
    throw new HttpError(409, AUDIENCE_MESSAGES.suppressed, { status: AUDIENCE_MESSAGES.suppressed });
  }
  const email = body.email && body.email !== current.email ? body.email : undefined;
  if (email) await refuseSuppressed(deps.db, customerId, email);
  const listIds = body.list_ids ? await checkOwnLists(deps.db, customerId, body.list_ids) : undefined;
  const values: Partial<NewSubscriber> = {
    updatedAt: now,
    ...(email !== undefined && { email }),
    ...(body.first_name !== undefined && { firstName: body.first_name }),
    ...(body.last_name !== undefined && { lastName: body.last_name }),
    ...(body.attributes !== undefined && { attributes: body.attributes }),
    ...(body.timezone !== undefined && { timezone: body.timezone }),
    ...(body.status !== undefined && { status: body.status }),
    ...(firstConsent && { consentSource: 'manual', consentAt: now }),
  };
  try {
    const row = await deps.db.transaction(async (tx) => {
      const updated = await updateRow(tx, customerId, current.id, values);
      if (!updated) throw notFound();
      if (listIds) await setMemberships(tx, updated.id, listIds, now);
      return updated;
    });
    return await detailsOf(deps, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, AUDIENCE_MESSAGES.subscriberExists, { email: AUDIENCE_MESSAGES.subscriberExists });
    throw error;
  }
}

/** Erasure: the row and its memberships go; a hash of the address stays on the suppression list. */
export async function eraseSubscriber(deps: AudienceDeps, customerId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const deleted = await deleteRow(tx, customerId, id);
    if (!deleted) throw notFound();
    const reason = deleted.status === 'active' ? 'erased' : deleted.status;
    await suppress(tx, { customerId, emailHash: suppressionHash(deleted.email), reason, createdAt: now });
  });
}
