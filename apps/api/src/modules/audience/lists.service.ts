import { AUDIENCE_MESSAGES, type AudienceList, type ListCreateData, type ListUpdate } from '@postlark/shared/audience';
import { isUniqueViolation } from '../../db/errors';
import { HttpError } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import { deleteList, insertList, type ListWithCounts, listsWithCounts, type NewList, updateList } from './lists.repository';
import type { AudienceDeps } from './audience-deps';
import type { Db } from '../../db/client';
import { usableAddresses } from '../senders/senders.repository';

const notFound = () => new HttpError(404, AUDIENCE_MESSAGES.listNotFound);
const nameTaken = () => new HttpError(409, AUDIENCE_MESSAGES.listNameTaken, { name: AUDIENCE_MESSAGES.listNameTaken });

function listOf(row: ListWithCounts): AudienceList {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    public_description: row.publicDescription,
    double_opt_in: row.doubleOptIn,
    from_name: row.fromName,
    from_email: row.fromEmail,
    created_at: row.createdAt.toISOString(),
    counts: { unconfirmed: row.unconfirmed, confirmed: row.confirmed, unsubscribed: row.unsubscribed },
  };
}

export async function allLists(deps: AudienceDeps, customerId: string): Promise<AudienceList[]> {
  return (await listsWithCounts(deps.db, customerId)).map(listOf);
}

export async function getList(deps: AudienceDeps, customerId: string, id: string): Promise<AudienceList> {
  const [row] = isUuid(id) ? await listsWithCounts(deps.db, customerId, id) : [];
  if (!row) throw notFound();
  return listOf(row);
}

/**
 * A list's confirmations go From an address the customer proved is theirs, as a campaign's test
 * sends do: nobody may make a list that mails strangers in someone else's name.
 */
async function requireOwnSender(db: Db, customerId: string, fromEmail: string | undefined): Promise<void> {
  if (!fromEmail) return;
  if ((await usableAddresses(db, customerId, [fromEmail])).has(fromEmail)) return;
  throw new HttpError(400, AUDIENCE_MESSAGES.listFromNotYours, { from_email: AUDIENCE_MESSAGES.listFromNotYours });
}

export async function createList(deps: AudienceDeps, customerId: string, body: ListCreateData): Promise<AudienceList> {
  const now = deps.now();
  await requireOwnSender(deps.db, customerId, body.from_email);
  try {
    const row = await insertList(deps.db, {
      customerId,
      name: body.name,
      description: body.description,
      publicDescription: body.public_description,
      doubleOptIn: body.double_opt_in,
      fromName: body.from_name,
      fromEmail: body.from_email,
      createdAt: now,
      updatedAt: now,
    });
    return getList(deps, customerId, row.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function changeList(deps: AudienceDeps, customerId: string, id: string, body: ListUpdate): Promise<AudienceList> {
  if (!isUuid(id)) throw notFound();
  await requireOwnSender(deps.db, customerId, body.from_email);
  const values: Partial<NewList> = {
    updatedAt: deps.now(),
    ...(body.name !== undefined && { name: body.name }),
    ...(body.description !== undefined && { description: body.description }),
    ...(body.public_description !== undefined && { publicDescription: body.public_description }),
    ...(body.double_opt_in !== undefined && { doubleOptIn: body.double_opt_in }),
    ...(body.from_name !== undefined && { fromName: body.from_name }),
    ...(body.from_email !== undefined && { fromEmail: body.from_email }),
  };
  try {
    if (!(await updateList(deps.db, customerId, id, values))) throw notFound();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return getList(deps, customerId, id);
}

/** Deletes the list and its memberships; the subscribers stay in the audience. */
export async function removeList(deps: AudienceDeps, customerId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await deleteList(deps.db, customerId, id))) throw notFound();
}
