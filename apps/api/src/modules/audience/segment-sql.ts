import { and, eq, not, or, type SQL, sql } from 'drizzle-orm';
import type { SegmentCondition, SegmentDefinition } from '@postlark/shared/segments';
import { subscribers } from '../../db/schema/audience';
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

function onList(listId: string): SQL {
  // Aliased and qualified: drizzle leaves a lone table's columns unqualified (see subscribers.repository).
  return sql`exists (select 1 from list_memberships m where m.subscriber_id = "subscribers"."id" and m.list_id = ${listId}::uuid and m.status <> 'unsubscribed')`;
}

/** Opened as a person or clicked any campaign since `since`: machine opens do not count. */
function engagedSince(since: Date): SQL {
  const at = sql`${since.toISOString()}::timestamptz`;
  return sql`(exists (select 1 from campaign_opens o where o.subscriber_id = "subscribers"."id" and not o.machine and o.at >= ${at})
    or exists (select 1 from campaign_clicks c where c.subscriber_id = "subscribers"."id" and not c.machine and c.at >= ${at}))`;
}

const DAY_MS = 86_400_000;

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
