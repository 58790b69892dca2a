import { AUDIENCE_MESSAGES, type SubscriberFilter } from '@postlark/shared/audience';
import { SEGMENT_MESSAGES, type Segment, type SegmentCreate, type SegmentDefinition, type SegmentUpdate } from '@postlark/shared/segments';
import { isUniqueViolation } from '../../db/errors';
import { HttpError } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import { campaignsNamed, listsNamed, membershipOnlySql, segmentSql } from './segment-sql';
import { countMemberships, deleteSegment, findSegment, insertSegment, listSegments, type NewSegment, ownCampaignIds, type SegmentRow, updateSegment } from './segments.repository';
import { countSubscribers, ownListIds, type ResolvedFilter } from './subscribers.repository';
import type { AudienceDeps } from './audience-deps';

const notFound = () => new HttpError(404, SEGMENT_MESSAGES.notFound);
const nameTaken = () => new HttpError(409, SEGMENT_MESSAGES.nameTaken, { name: SEGMENT_MESSAGES.nameTaken });

/** A filter ready for SQL: its segment, if it names one, read and compiled; another customer's is refused. */
export async function resolveFilter(deps: AudienceDeps, customerId: string, filter: SubscriberFilter): Promise<ResolvedFilter> {
  if (!filter.segment_id) return filter;
  const segment = await findSegment(deps.db, customerId, filter.segment_id);
  if (!segment) throw new HttpError(400, AUDIENCE_MESSAGES.segmentInvalid, { segment_id: AUDIENCE_MESSAGES.segmentInvalid });
  return { ...filter, segment: segmentSql(segment.definition, deps.now()) };
}

/** How many of the customer's subscribers a definition matches now. */
export async function countMatching(deps: AudienceDeps, customerId: string, definition: SegmentDefinition): Promise<number> {
  await checkLists(deps, customerId, definition);
  return countOf(deps, customerId, definition);
}

async function countOf(deps: AudienceDeps, customerId: string, definition: SegmentDefinition): Promise<number> {
  const members = membershipOnlySql(definition, customerId);
  if (members) return countMemberships(deps.db, members);
  return countSubscribers(deps.db, customerId, { q: '', segment: segmentSql(definition, deps.now()) });
}

/** Every list and campaign a definition names must be the customer's own: another's is refused like a wrong id. */
async function checkLists(deps: AudienceDeps, customerId: string, definition: SegmentDefinition): Promise<void> {
  const named = listsNamed(definition);
  if ((await ownListIds(deps.db, customerId, named)).length !== named.length) {
    throw new HttpError(400, SEGMENT_MESSAGES.listInvalid, { definition: SEGMENT_MESSAGES.listInvalid });
  }
  const campaigns = campaignsNamed(definition);
  if ((await ownCampaignIds(deps.db, customerId, campaigns)).length !== campaigns.length) {
    throw new HttpError(400, SEGMENT_MESSAGES.campaignInvalid, { definition: SEGMENT_MESSAGES.campaignInvalid });
  }
}

async function segmentOf(deps: AudienceDeps, row: SegmentRow): Promise<Segment> {
  return {
    id: row.id,
    name: row.name,
    definition: row.definition,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    count: await countOf(deps, row.customerId, row.definition),
  };
}

export async function allSegments(deps: AudienceDeps, customerId: string): Promise<Segment[]> {
  return Promise.all((await listSegments(deps.db, customerId)).map((row) => segmentOf(deps, row)));
}

export async function getSegment(deps: AudienceDeps, customerId: string, id: string): Promise<Segment> {
  const row = isUuid(id) ? await findSegment(deps.db, customerId, id) : undefined;
  if (!row) throw notFound();
  return segmentOf(deps, row);
}

export async function createSegment(deps: AudienceDeps, customerId: string, body: SegmentCreate): Promise<Segment> {
  await checkLists(deps, customerId, body.definition);
  const now = deps.now();
  try {
    return await segmentOf(deps, await insertSegment(deps.db, { customerId, name: body.name, definition: body.definition, createdAt: now, updatedAt: now }));
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function changeSegment(deps: AudienceDeps, customerId: string, id: string, body: SegmentUpdate): Promise<Segment> {
  if (!isUuid(id)) throw notFound();
  if (body.definition) await checkLists(deps, customerId, body.definition);
  const values: Partial<NewSegment> = {
    updatedAt: deps.now(),
    ...(body.name !== undefined && { name: body.name }),
    ...(body.definition !== undefined && { definition: body.definition }),
  };
  try {
    const row = await updateSegment(deps.db, customerId, id, values);
    if (!row) throw notFound();
    return await segmentOf(deps, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function removeSegment(deps: AudienceDeps, customerId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await deleteSegment(deps.db, customerId, id))) throw notFound();
}
