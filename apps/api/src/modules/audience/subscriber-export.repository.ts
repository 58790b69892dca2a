import { and, asc, gte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subscribers } from '../../db/schema/audience';
import { filtersOf, type ResolvedFilter } from './subscribers.repository';

/** Which subscribers to export: the table's filter, and for the profile's export, those who joined since. */
export interface ExportFilter extends ResolvedFilter {
  joinedSince?: Date;
}

/** Where the previous batch ended, in (created_at, id) order. */
export interface ExportPosition {
  createdAt: Date;
  id: string;
}

// Written out with aliases: drizzle leaves a lone table's columns unqualified, and an unqualified
// "id" inside this subquery would be the list's, not the subscriber's.
const ON_LISTS = sql<string>`coalesce((select string_agg(l.name, '; ' order by l.name) from list_memberships m
  join lists l on l.id = m.list_id where m.subscriber_id = "subscribers"."id" and m.status <> 'unsubscribed'), '')`;

/** One batch of an export, oldest first, each subscriber with the lists they are on. */
export async function exportBatch(db: Db, customerId: string, filter: ExportFilter, after: ExportPosition | null, limit: number) {
  const conditions: SQL[] = [filtersOf(customerId, filter)];
  if (filter.joinedSince) conditions.push(gte(subscribers.createdAt, filter.joinedSince));
  if (after) conditions.push(sql`(${subscribers.createdAt}, ${subscribers.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`);
  return db
    .select({
      id: subscribers.id,
      email: subscribers.email,
      firstName: subscribers.firstName,
      lastName: subscribers.lastName,
      status: subscribers.status,
      lists: ON_LISTS,
      attributes: subscribers.attributes,
      timezone: subscribers.timezone,
      source: subscribers.consentSource,
      createdAt: subscribers.createdAt,
      updatedAt: subscribers.updatedAt,
    })
    .from(subscribers)
    .where(and(...conditions))
    .orderBy(asc(subscribers.createdAt), asc(subscribers.id))
    .limit(limit);
}
export type ExportedSubscriber = Awaited<ReturnType<typeof exportBatch>>[number];
