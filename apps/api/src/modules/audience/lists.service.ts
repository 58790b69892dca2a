import { AUDIENCE_MESSAGES, type AudienceList, type ListCreateData, type ListUpdate } from '@postlark/shared/audience';
import { isUniqueViolation } from '../../db/errors';
import { HttpError } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import { deleteList, insertList, type ListWithCounts, listsWithCounts, type NewList, updateList } from './lists.repository';
import type { AudienceDeps } from './audience-deps';

const notFound = () => new HttpError(404, AUDIENCE_MESSAGES.listNotFound);
const nameTaken = () => new HttpError(409, AUDIENCE_MESSAGES.listNameTaken, { name: AUDIENCE_MESSAGES.listNameTaken });

function listOf(row: ListWithCounts): AudienceList {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    double_opt_in: row.doubleOptIn,
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

export async function createList(deps: AudienceDeps, customerId: string, body: ListCreateData): Promise<AudienceList> {
  const now = deps.now();
  try {
    const row = await insertList(deps.db, {
      customerId,
      name: body.name,
      description: body.description,
      doubleOptIn: body.double_opt_in,
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
  const values: Partial<NewList> = {
    updatedAt: deps.now(),
    ...(body.name !== undefined && { name: body.name }),
    ...(body.description !== undefined && { description: body.description }),
    ...(body.double_opt_in !== undefined && { doubleOptIn: body.double_opt_in }),
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
