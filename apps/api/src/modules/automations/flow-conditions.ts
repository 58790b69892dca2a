import { type SQL, sql } from 'drizzle-orm';
import type { FlowCondition, FlowRule } from '@postlark/shared/automations';
import { describeEngagementCondition } from '@postlark/shared/segments';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import { segmentSql } from '../audience/segment-sql';
import { findSegment } from '../audience/segments.repository';
import { matchesFilters } from './property-filter';

// A split's condition for one person, now: each rule answers with its reason, so the run's
// record and "test with a person" can say why a branch was taken.

const DAY_MS = 86_400_000;
// Enough of a person's events of one name to count "at least N times" with property filters.
const EVENT_SCAN_LIMIT = 5_000;

export interface RuleVerdict {
  holds: boolean;
  why: string;
}

async function personMatches(db: Db, customerId: string, subscriberId: string, condition: SQL): Promise<boolean> {
  const result = await db.execute(sql`select exists (select 1 from subscribers where "subscribers"."id" = ${subscriberId}::uuid
    and "subscribers"."customer_id" = ${customerId}::uuid and (${condition})) as "matches"`);
  return rowsOf<{ matches: boolean }>(result)[0]?.matches === true;
}

async function ruleVerdict(db: Db, customerId: string, subscriberId: string, rule: FlowRule, now: Date): Promise<RuleVerdict> {
  switch (rule.type) {
    case 'profile': {
      const holds = await personMatches(db, customerId, subscriberId, segmentSql({ match: 'all', conditions: [rule.condition] }, now));
      if (rule.condition.field === 'engagement_score') return { holds, why: `${describeEngagementCondition(rule.condition)}: ${holds ? 'yes' : 'no'}` };
      const { field, op } = rule.condition;
      return { holds, why: `${field === 'attribute' ? `attribute ${rule.condition.key}` : field} ${op.replace(/_/g, ' ')}${'value' in rule.condition && rule.condition.value !== '' ? ` ${rule.condition.value}` : ''}: ${holds ? 'yes' : 'no'}` };
    }
    case 'segment': {
      const segment = await findSegment(db, customerId, rule.segment_id);
      const member = segment ? await personMatches(db, customerId, subscriberId, segmentSql(segment.definition, now)) : false;
      const holds = rule.op === 'in' ? member : !member;
      return { holds, why: `${member ? 'in' : 'not in'} the segment ${segment ? `"${segment.name}"` : '(deleted)'}` };
    }
    case 'event': {
      const since = new Date(now.getTime() - rule.days * DAY_MS);
      const result = await db.execute(sql`select properties from person_events
        where customer_id = ${customerId}::uuid and subscriber_id = ${subscriberId}::uuid and name = ${rule.event}
          and occurred_at >= ${since.toISOString()}::timestamptz and occurred_at <= ${now.toISOString()}::timestamptz
        limit ${EVENT_SCAN_LIMIT}`);
      const count = rowsOf<{ properties: Record<string, unknown> | null }>(result).filter((row) => matchesFilters(row.properties, rule.filters)).length;
      const did = count >= rule.at_least;
      return { holds: rule.op === 'did' ? did : !did, why: `${rule.event} ${count} time${count === 1 ? '' : 's'} in the last ${rule.days} days (${rule.op === 'did' ? 'needs' : 'must stay under'} ${rule.at_least})` };
    }
  }
}

/** Whether the condition holds for the person, and each rule's reason. */
export async function conditionVerdict(db: Db, customerId: string, subscriberId: string, condition: FlowCondition, now: Date): Promise<RuleVerdict> {
  const verdicts: RuleVerdict[] = [];
  for (const rule of condition.rules) verdicts.push(await ruleVerdict(db, customerId, subscriberId, rule, now));
  const holds = condition.match === 'all' ? verdicts.every((verdict) => verdict.holds) : verdicts.some((verdict) => verdict.holds);
  return { holds, why: verdicts.map((verdict) => verdict.why).join('; ') };
}
