import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { BLOCK_MESSAGES, type BlockCondition } from '@postlark/shared/content-blocks';
import type { SegmentDefinition } from '@postlark/shared/segments';
import type { Db } from '../../db/client';
import { segments } from '../../db/schema/audience';
import { HttpError } from '../../http/errors';
import { rowsOf } from '../../db/results';
import { segmentSql } from '../audience/segment-sql';
import { ownListIds } from '../audience/subscribers.repository';
import { recommendationsForMany } from '../insights/recommendations.service';
import { BlockError, conditionKey, extractBlocks, type PersonalContent, type TemplateBlocks } from './content-blocks';
import type { Recipient } from './recipients.repository';

// What a batch of recipients' content blocks need, read for the whole batch before its messages
// are built: the recommendations in one call (recommendationsForMany: a few queries and the
// account's kept model; only an account's very first batch waits for a fit, in a worker thread),
// and every condition of every block in one query over the batch's subscribers, never one per person.

/** The definitions of the segments these conditions name that are the customer's own, by id, in one query. */
async function ownSegments(db: Db, customerId: string, conditions: readonly BlockCondition[]): Promise<Map<string, SegmentDefinition>> {
  const ids = [...new Set(conditions.flatMap((condition) => (condition.type === 'segment' ? [condition.segment_id] : [])))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: segments.id, definition: segments.definition })
    .from(segments)
    .where(and(eq(segments.customerId, customerId), inArray(segments.id, ids)));
  return new Map(rows.map((row) => [row.id, row.definition]));
}

/** A condition as one SQL condition over "subscribers" (`own`: the customer's segments read now: one deleted since matches nobody). */
function conditionSql(condition: BlockCondition, own: ReadonlyMap<string, SegmentDefinition>, now: Date): SQL {
  const asSegment = (definition: SegmentDefinition) => segmentSql(definition, now);
  switch (condition.type) {
    case 'segment': {
      const definition = own.get(condition.segment_id);
      return definition ? asSegment(definition) : sql`false`;
    }
    case 'list':
      return asSegment({ match: 'all', conditions: [{ field: 'list', op: 'in', value: condition.list_id }] });
    case 'field': {
      const op = condition.op === 'equals' ? 'is' : 'contains';
      return asSegment({
        match: 'all',
        conditions: [condition.field === 'attribute' ? { field: 'attribute', key: condition.key, op, value: condition.value } : { field: condition.field, op, value: condition.value }],
      });
    }
    case 'event':
      return asSegment({ match: 'all', conditions: [{ field: 'event', op: 'did', value: condition.name, key: '', property_value: '', at_least: 1, days: condition.days }] });
    case 'engagement':
      // The band of the last insights refresh; a person never scored is in no band.
      return sql`exists (select 1 from subscriber_insights si where si.subscriber_id = "subscribers"."id"
        and si.engagement ->> 'band' = any(${sql.param([...condition.bands])}::text[]))`;
  }
}

/**
 * Conditions read per query: one content has at most BLOCK_LIMITS.conditions, but a flow batch
 * joins many steps' contents, and PostgreSQL takes at most 1,664 columns in one select.
 */
const CONDITIONS_PER_QUERY = 200;

/** Each person's matched conditions, for every distinct condition of these blocks, in one query (a few for very many). */
async function matchedConditions(db: Db, customerId: string, conditions: readonly BlockCondition[], ids: readonly string[], now: Date): Promise<Map<string, Set<string>>> {
  const matched = new Map<string, Set<string>>(ids.map((id) => [id, new Set()]));
  if (conditions.length === 0 || ids.length === 0) return matched;
  const own = await ownSegments(db, customerId, conditions);
  for (let first = 0; first < conditions.length; first += CONDITIONS_PER_QUERY) {
    const chunk = conditions.slice(first, first + CONDITIONS_PER_QUERY);
    const columns = chunk.map((condition, index) => sql`(${conditionSql(condition, own, now)}) as ${sql.identifier(`m${index}`)}`);
    const rows = rowsOf<Record<string, unknown> & { id: string }>(
      await db.execute(sql`select "subscribers"."id" as id, ${sql.join(columns, sql`, `)} from subscribers
        where "subscribers"."customer_id" = ${customerId}::uuid and "subscribers"."id" = any(${sql.param([...ids])}::uuid[])`),
    );
    for (const row of rows) {
      const set = matched.get(row.id)!;
      chunk.forEach((condition, index) => {
        if (row[`m${index}`] === true) set.add(conditionKey(condition));
      });
    }
  }
  return matched;
}

/**
 * The personal content of these people for these contents' blocks (an A/B test's variants, or a
 * flow batch's steps): the most products any block shows, and every condition any block names.
 */
export async function loadPersonalContent(db: Db, customerId: string, contents: readonly TemplateBlocks[], ids: readonly string[], now: Date): Promise<Map<string, PersonalContent>> {
  const count = Math.max(0, ...contents.flatMap((blocks) => blocks.recommendations.map((block) => block.count)));
  const conditions = [...new Map(contents.flatMap((blocks) => blocks.conditions).map((condition) => [conditionKey(condition), condition])).values()];
  const unique = [...new Set(ids)];
  const [products, matched] = await Promise.all([
    count > 0 ? recommendationsForMany(db, customerId, unique, count, now) : Promise.resolve(new Map()),
    matchedConditions(db, customerId, conditions, unique, now),
  ]);
  return new Map(unique.map((id) => [id, { products: products.get(id) ?? [], matched: matched.get(id) ?? new Set() }]));
}

/** Sets each recipient's `personal` for these contents' blocks (nothing to read when none has any). */
export async function personaliseRecipients(db: Db, customerId: string, contents: readonly TemplateBlocks[], recipients: readonly Recipient[], now: Date): Promise<void> {
  if (recipients.length === 0 || contents.every((blocks) => blocks.recommendations.length + blocks.conditions.length === 0)) return;
  const personal = await loadPersonalContent(
    db,
    customerId,
    contents,
    recipients.map((recipient) => recipient.id),
    now,
  );
  for (const recipient of recipients) recipient.personal = personal.get(recipient.id);
}

/**
 * The problem with a content's blocks, checked on save and send: each must be readable, and each
 * segment or list a condition names must be the customer's own. Null when there is none.
 */
export async function blocksProblem(db: Db, customerId: string, html: string): Promise<string | null> {
  let blocks: TemplateBlocks;
  try {
    blocks = extractBlocks(html).blocks;
  } catch (error) {
    if (error instanceof BlockError) return error.message;
    throw error;
  }
  const listIds = [...new Set(blocks.conditions.flatMap((condition) => (condition.type === 'list' ? [condition.list_id] : [])))];
  if (listIds.length > 0 && (await ownListIds(db, customerId, listIds)).length !== listIds.length) return BLOCK_MESSAGES.listNotYours;
  const own = await ownSegments(db, customerId, blocks.conditions);
  if (blocks.conditions.some((condition) => condition.type === 'segment' && !own.has(condition.segment_id))) return BLOCK_MESSAGES.segmentNotYours;
  return null;
}

/** Refuses (400, by field) content whose blocks blocksProblem finds wrong: on save, before anything is stored. */
export async function checkBlocks(db: Db, customerId: string, html: string | undefined): Promise<void> {
  const problem = html === undefined ? null : await blocksProblem(db, customerId, html);
  if (problem) throw new HttpError(400, problem, { content_html: problem });
}
