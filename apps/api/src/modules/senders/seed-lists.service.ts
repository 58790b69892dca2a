import { SEED_LIST_LIMITS, SEED_LIST_MESSAGES, type SeedList, type SeedListCreate, type SeedListUpdate } from '@postlark/shared/seed-lists';
import { SENDER_MESSAGES } from '@postlark/shared/senders';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { HttpError } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import { deleteSeedList, findSeedList, insertSeedList, listSeedLists, type SeedListRow, updateSeedList } from './seed-lists.repository';
import { usableAddresses } from './senders.repository';

// Seed lists (issue 30, point 5): named sets of the customer's own addresses a test goes to at once.

export interface SeedListDeps {
  db: Db;
  now(): Date;
}

function toSeedList(row: SeedListRow): SeedList {
  return { id: row.id, name: row.name, emails: row.emails, created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString() };
}

const notFound = () => new HttpError(404, SEED_LIST_MESSAGES.notFound);
const nameTaken = () => new HttpError(409, SEED_LIST_MESSAGES.nameTaken, { name: SEED_LIST_MESSAGES.nameTaken });

/** The list when it is the customer's own; a 404 for any other id, well-formed or not. */
export async function ownedSeedList(db: Db, customerId: string, id: string): Promise<SeedListRow> {
  const row = isUuid(id) ? await findSeedList(db, customerId, id) : undefined;
  if (!row) throw notFound();
  return row;
}

/**
 * A test carries the customer's content without an unsubscribe, so a list may only hold addresses
 * the customer proved are theirs; the first that is not is named.
 */
async function ownAddresses(db: Db, customerId: string, emails: readonly string[]): Promise<string[]> {
  const unique = [...new Set(emails)];
  const usable = await usableAddresses(db, customerId, unique);
  const stranger = unique.find((email) => !usable.has(email));
  if (stranger) {
    const message = SENDER_MESSAGES.testRecipientNotConfirmed(stranger);
    throw new HttpError(400, message, { emails: message });
  }
  return unique;
}

export async function allSeedLists(deps: SeedListDeps, customerId: string): Promise<SeedList[]> {
  return (await listSeedLists(deps.db, customerId)).map(toSeedList);
}

export async function createSeedList(deps: SeedListDeps, customerId: string, body: SeedListCreate): Promise<SeedList> {
  const emails = await ownAddresses(deps.db, customerId, body.emails);
  const now = deps.now();
  let row: SeedListRow | 'too-many';
  try {
    row = await insertSeedList(deps.db, { customerId, name: body.name, emails, createdAt: now, updatedAt: now }, SEED_LIST_LIMITS.lists);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  if (row === 'too-many') throw new HttpError(400, SEED_LIST_MESSAGES.listsTooMany);
  return toSeedList(row);
}

export async function changeSeedList(deps: SeedListDeps, customerId: string, id: string, body: SeedListUpdate): Promise<SeedList> {
  await ownedSeedList(deps.db, customerId, id);
  const emails = body.emails && (await ownAddresses(deps.db, customerId, body.emails));
  try {
    const row = await updateSeedList(deps.db, customerId, id, { name: body.name, emails, updatedAt: deps.now() });
    if (!row) throw notFound();
    return toSeedList(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function removeSeedList(deps: SeedListDeps, customerId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await deleteSeedList(deps.db, customerId, id))) throw notFound();
}
