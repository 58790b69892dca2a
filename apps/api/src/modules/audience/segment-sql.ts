import { and, eq, not, or, type SQL, sql } from 'drizzle-orm';
import type { SegmentCondition, SegmentDefinition } from '@postlark/shared/segments';
import { subscribers } from '../../db/schema/audience';
import { campaignReadersSql } from '../reports/campaign-readers-sql';
import { containsPattern, escapeLike } from './subscribers.repository';

// A segment's definition as one SQL condition over "subscribers": every value a parameter, every
// column chosen from a fixed map, so a definition can never write SQL of its own.

const TEXT_COLUMNS = {
  email: sql`coalesce(${subscribers.email}, '')`,
  first_name: sql`coalesce(${subscribers.firstName}, '')`,
  last_name: sql`coalesce(${subscribers.lastName}, '')`,
  timezone: sql`coalesce(${subscribers.timezone}, '')`,
} as const;

/** Text compared without regard to case, as a person reading the values would. */
function textCondition(column: SQL, op: string, value: string): SQL {
  switch (op) {
    case 'is':
      return sql`lower(${column}) = lower(${value})`;
    case 'is_not':
      return sql`lower(${column}) <> lower(${value})`;
    case 'contains':
      return sql`${column} ilike ${containsPattern(value)}`;
    case 'not_contains':
      return sql`${column} not ilike ${containsPattern(value)}`;
    case 'starts_with':
      return sql`${column} ilike ${`${escapeLike(value)}%`}`;
    case 'ends_with':
      return sql`${column} ilike ${`%${escapeLike(value)}`}`;
    case 'is_empty':
      return sql`${column} = ''`;
    default:
      return sql`${column} <> ''`;
  }
}

function attributeCondition(key: string, op: string, value: string): SQL {
  const present = sql`jsonb_exists(${subscribers.attributes}, ${key})`;
  const asText = sql`coalesce(${subscribers.attributes} ->> ${key}, '')`;
  const number = Number(value);
  switch (op) {
    case 'exists':
      return present;
    case 'not_exists':
      return not(present);
    case 'gt':
    case 'lt': {
      const comparison = op === 'gt' ? sql.raw('>') : sql.raw('<');
      // Numbers compare as numbers (10 > 9); anything else as text.
      if (value.trim() !== '' && Number.isFinite(number)) {
        return sql`(jsonb_typeof(${subscribers.attributes} -> ${key}) = 'number' and (${subscribers.attributes} ->> ${key})::numeric ${comparison} ${number})`;
      }
      return and(present, sql`${asText} ${comparison} ${value}`)!;
    }
    default:
      return textCondition(asText, op, value);
  }
}

/** A membership "m" that puts its subscriber on the list: one who left it is not on it. */
function memberOf(listId: string): SQL {
  return sql`m.list_id = ${listId}::uuid and m.status <> 'unsubscribed'`;
}

function onList(listId: string): SQL {
  // Aliased and qualified: drizzle leaves a lone table's columns unqualified (see subscribers.repository).
  return sql`exists (select 1 from list_memberships m where m.subscriber_id = "subscribers"."id" and ${memberOf(listId)})`;
}

/** Opened as a person or clicked any campaign since `since`: machine opens do not count. */
function engagedSince(since: Date): SQL {
  const at = sql`${since.toISOString()}::timestamptz`;
  return sql`(exists (select 1 from campaign_opens o where o.subscriber_id = "subscribers"."id" and not o.machine and o.at >= ${at})
    or exists (select 1 from campaign_clicks c where c.subscriber_id = "subscribers"."id" and not c.machine and c.at >= ${at}))`;
}

const DAY_MS = 86_400_000;

type EventCondition = Extract<SegmentCondition, { field: 'event' }>;

/**
 * Did the event at least N times (in the last D days, or ever), read from the one stream of
 * events (person_events: stored events and our own tracking). Machine opens and clicks are not
 * the person's doing and never count. The count stops at N: only whether it is reached matters.
 */
function didEvent(condition: EventCondition, now: Date): SQL {
  const parts = [sql`pe.subscriber_id = "subscribers"."id"`, sql`pe.name = ${condition.value}`, sql`pe.machine is not true`];
  if (condition.days !== null) parts.push(sql`pe.occurred_at >= ${new Date(now.getTime() - condition.days * DAY_MS).toISOString()}::timestamptz`);
  if (condition.key !== '') parts.push(sql`pe.properties ->> ${condition.key} = ${condition.property_value}`);
  return sql`(select count(*) from (select 1 from person_events pe where ${sql.join(parts, sql` and `)} limit ${condition.at_least}) reached) >= ${condition.at_least}`;
}

type EngagementScoreCondition = Extract<SegmentCondition, { field: 'engagement_score' }>;

/**
 * The score and band of the last insights refresh (insights.engagement). A person it has not
 * scored has no row or a null engagement, and matches none of these conditions.
 */
export function engagementScoreSql(condition: EngagementScoreCondition): SQL {
  const parts = [sql`jsonb_typeof(si.engagement -> 'score') = 'number'`];
  if (condition.bands.length > 0) parts.push(sql`si.engagement ->> 'band' = any(${sql.param([...condition.bands])}::text[])`);
  if (condition.score_at_least !== null) parts.push(sql`(si.engagement ->> 'score')::float8 >= ${condition.score_at_least}`);
  if (condition.score_below !== null) parts.push(sql`(si.engagement ->> 'score')::float8 < ${condition.score_below}`);
  return sql`exists (select 1 from subscriber_insights si where si.subscriber_id = "subscribers"."id" and ${sql.join(parts, sql` and `)})`;
}

function conditionSql(condition: SegmentCondition, now: Date): SQL {
  switch (condition.field) {
    case 'attribute':
      return attributeCondition(condition.key, condition.op, condition.value);
    case 'status':
      return condition.op === 'is' ? eq(subscribers.status, condition.value) : sql`${subscribers.status} <> ${condition.value}`;
    case 'list':
      return condition.op === 'in' ? onList(condition.value) : not(onList(condition.value));
    case 'created_at':
      return condition.op === 'before'
        ? sql`${subscribers.createdAt} < ${condition.value}::timestamptz`
        : sql`${subscribers.createdAt} >= ${condition.value}::timestamptz`;
    case 'engagement': {
      const engaged = engagedSince(new Date(now.getTime() - Number(condition.value) * DAY_MS));
      return condition.op === 'engaged' ? engaged : not(engaged);
    }
    case 'purchases': {
      // The figures of the last insights refresh; a person without them (no orders, or too
      // little data for the figure) matches neither "more than" nor "less than".
      const comparison = condition.op === 'gt' ? sql.raw('>') : sql.raw('<');
      return sql`exists (select 1 from subscriber_insights si where si.subscriber_id = "subscribers"."id"
        and jsonb_typeof(si.purchases -> ${condition.key}) = 'number' and (si.purchases ->> ${condition.key})::numeric ${comparison} ${Number(condition.value)})`;
    }
    case 'rfm_group': {
      const inGroup = sql`exists (select 1 from subscriber_insights si where si.subscriber_id = "subscribers"."id" and si.purchases -> 'rfm' ->> 'group' = ${condition.value})`;
      return condition.op === 'is' ? inGroup : not(inGroup);
    }
    case 'engagement_score':
      return engagementScoreSql(condition);
    case 'campaign':
      return sql`exists (select 1 from (${campaignReadersSql(condition.value, condition.op)}) readers where readers.subscriber_id = "subscribers"."id")`;
    case 'event':
      return condition.op === 'did' ? didEvent(condition, now) : not(didEvent(condition, now));
    default:
      return textCondition(TEXT_COLUMNS[condition.field], condition.op, condition.value);
  }
}

/** The definition as a condition on "subscribers"; `now` anchors "in the last N days". */
export function segmentSql(definition: SegmentDefinition, now: Date): SQL {
  const parts = definition.conditions.map((condition) => sql`(${conditionSql(condition, now)})`);
  return (definition.match === 'any' ? or(...parts) : and(...parts))!;
}

/** The lists a definition names, to check they are the customer's own. */
export function listsNamed(definition: SegmentDefinition): string[] {
  return [...new Set(definition.conditions.flatMap((condition) => (condition.field === 'list' ? [condition.value] : [])))];
}

/** The campaigns a definition names, to check they are the customer's own. */
export function campaignsNamed(definition: SegmentDefinition): string[] {
  return [...new Set(definition.conditions.flatMap((condition) => (condition.field === 'campaign' ? [condition.value] : [])))];
}

/**
 * A definition that asks only "on this list", and perhaps the subscriber's status, as a
 * condition on the customer's memberships "m" alone: each carries a copy of its subscriber's
 * status (migration 0018). "The list's active members", the commonest audience, is then counted
 * without joining a million memberships to a million subscribers. Null for any other definition.
 */
export function membershipOnlySql(definition: SegmentDefinition, customerId: string): SQL | null {
  const { conditions } = definition;
  if (definition.match === 'any' && conditions.length > 1) return null;
  const lists = conditions.filter((condition) => condition.field === 'list');
  const statuses = conditions.filter((condition) => condition.field === 'status');
  const [list] = lists;
  if (lists.length !== 1 || !list || list.op !== 'in' || lists.length + statuses.length !== conditions.length) return null;
  const ownList = sql`exists (select 1 from lists l where l.id = ${list.value}::uuid and l.customer_id = ${customerId}::uuid)`;
  const statusParts = statuses.map((condition) =>
    condition.op === 'is' ? sql`m.subscriber_status = ${condition.value}` : sql`m.subscriber_status <> ${condition.value}`,
  );
  return and(memberOf(list.value), ownList, ...statusParts)!;
}
