import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { CampaignStatus } from '@postlark/shared/campaigns';
import { SEARCH_LIMITS } from '@postlark/shared/search';
import type { Db } from '../../db/client';
import { lists, segments, subscribers } from '../../db/schema/audience';
import { campaigns } from '../../db/schema/campaigns';
import { containsPattern, filtersOf } from '../audience/subscribers.repository';

export interface Found<Row> {
  rows: Row[];
  /** How many match, counted up to SEARCH_LIMITS.countCap + 1 (one more tells "more than the cap"). */
  counted: number;
}

/**
 * How many rows match, but never more than the cap and one: a one-letter search matches most of
 * 100k subscribers, and an exact count would read them all on every keystroke.
 */
async function cappedCount(db: Db, table: PgTable, where: SQL): Promise<number> {
  const inner = db.select({ one: sql`1` }).from(table).where(where).limit(SEARCH_LIMITS.countCap + 1).as('matches');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
  return row?.n ?? 0;
}

async function found<Row>(db: Db, table: PgTable, where: SQL, rows: Promise<Row[]>): Promise<Found<Row>> {
  const [items, counted] = await Promise.all([rows, cappedCount(db, table, where)]);
  return { rows: items, counted };
}

export function findCampaigns(db: Db, customerId: string, q: string) {
  const pattern = containsPattern(q);
  // A flow's email steps are campaign rows too (kind 'automation'); the campaigns list does not show them either.
  const where = and(eq(campaigns.customerId, customerId), eq(campaigns.kind, 'campaign'), or(sql`${campaigns.name} ilike ${pattern}`, sql`${campaigns.subject} ilike ${pattern}`))!;
  const rows = db
    .select({ id: campaigns.id, name: campaigns.name, subject: campaigns.subject, status: sql<CampaignStatus>`${campaigns.status}` })
    .from(campaigns)
    .where(where)
    .orderBy(desc(campaigns.updatedAt), desc(campaigns.id))
    .limit(SEARCH_LIMITS.perGroup);
  return found(db, campaigns, where, rows);
}

export function findSubscribers(db: Db, customerId: string, q: string) {
  // The subscribers table's own search: the same expression its trigram index is built on (migration 0005).
  const where = filtersOf(customerId, { q });
  const rows = db
    .select({ id: subscribers.id, email: subscribers.email, firstName: subscribers.firstName, lastName: subscribers.lastName })
    .from(subscribers)
    .where(where)
    // Newest first walks the (customer, created_at) index and stops at the fifth match.
    .orderBy(desc(subscribers.createdAt), desc(subscribers.id))
    .limit(SEARCH_LIMITS.perGroup);
  return found(db, subscribers, where, rows);
}

export function findLists(db: Db, customerId: string, q: string) {
  const where = and(eq(lists.customerId, customerId), sql`${lists.name} ilike ${containsPattern(q)}`)!;
  const rows = db.select({ id: lists.id, name: lists.name, description: lists.description }).from(lists).where(where).orderBy(lists.name, lists.id).limit(SEARCH_LIMITS.perGroup);
  return found(db, lists, where, rows);
}

export function findSegments(db: Db, customerId: string, q: string) {
  const where = and(eq(segments.customerId, customerId), sql`${segments.name} ilike ${containsPattern(q)}`)!;
  const rows = db.select({ id: segments.id, name: segments.name }).from(segments).where(where).orderBy(segments.name, segments.id).limit(SEARCH_LIMITS.perGroup);
  return found(db, segments, where, rows);
}
