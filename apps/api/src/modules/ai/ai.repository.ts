import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import { aiFreeAttempts, aiProviders } from '../../db/schema/ai';
import { lists, segments } from '../../db/schema/audience';

export type AiProviderRow = typeof aiProviders.$inferSelect;

export async function findProvider(db: Db, customerId: string): Promise<AiProviderRow | undefined> {
  const [row] = await db.select().from(aiProviders).where(eq(aiProviders.customerId, customerId));
  return row;
}

/** Saves the account's provider (one per account); `apiKey` undefined keeps the stored one. */
export async function upsertProvider(db: Db, row: { customerId: string; baseUrl: string; model: string; apiKey?: string; updatedAt: Date }): Promise<AiProviderRow | undefined> {
  if (row.apiKey === undefined) {
    const [updated] = await db.update(aiProviders).set({ baseUrl: row.baseUrl, model: row.model, updatedAt: row.updatedAt }).where(eq(aiProviders.customerId, row.customerId)).returning();
    return updated;
  }
  const values = { ...row, apiKey: row.apiKey };
  const [saved] = await db
    .insert(aiProviders)
    .values(values)
    .onConflictDoUpdate({ target: aiProviders.customerId, set: { baseUrl: values.baseUrl, model: values.model, apiKey: values.apiKey, updatedAt: values.updatedAt } })
    .returning();
  return saved;
}

export async function deleteProvider(db: Db, customerId: string): Promise<boolean> {
  return (await db.delete(aiProviders).where(eq(aiProviders.customerId, customerId)).returning({ id: aiProviders.customerId })).length > 0;
}

export async function freeAttemptsUsed(db: Db, customerId: string): Promise<number> {
  const [row] = await db.select({ used: aiFreeAttempts.used }).from(aiFreeAttempts).where(eq(aiFreeAttempts.customerId, customerId));
  return row?.used ?? 0;
}

/**
 * Takes one free attempt if fewer than `limit` are used, in one statement: two generations at once
 * cannot both take the last one (the row's lock orders them; the second sees the first's count).
 * Returns how many are used after it, or null when none was left.
 */
export async function reserveFreeAttempt(db: Db, customerId: string, limit: number): Promise<number | null> {
  if (limit <= 0) return null;
  const result = await db.execute(sql`
    insert into ai_free_attempts (customer_id, used) values (${customerId}::uuid, 1)
    on conflict (customer_id) do update set used = ai_free_attempts.used + 1 where ai_free_attempts.used < ${limit}
    returning used`);
  const [row] = rowsOf<{ used: number }>(result);
  return row ? Number(row.used) : null;
}

/** Gives back an attempt reserved for a generation that failed or was stopped. */
export async function returnFreeAttempt(db: Db, customerId: string): Promise<void> {
  await db
    .update(aiFreeAttempts)
    .set({ used: sql`${aiFreeAttempts.used} - 1` })
    .where(and(eq(aiFreeAttempts.customerId, customerId), sql`${aiFreeAttempts.used} > 0`));
}

/** The names of the customer's own lists and segments among these ids (what a campaign is sent to). */
export async function audienceNames(db: Db, customerId: string, listIds: string[], segmentIds: string[]): Promise<string[]> {
  const listNames = listIds.length > 0 ? await db.select({ name: lists.name }).from(lists).where(and(eq(lists.customerId, customerId), inArray(lists.id, listIds))) : [];
  const segmentNames = segmentIds.length > 0 ? await db.select({ name: segments.name }).from(segments).where(and(eq(segments.customerId, customerId), inArray(segments.id, segmentIds))) : [];
  return [...listNames, ...segmentNames].map((row) => row.name);
}
