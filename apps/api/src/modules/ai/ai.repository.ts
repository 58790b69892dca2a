import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import { aiFreeAttempts, aiProviders } from '../../db/schema/ai';
import { lists, segments } from '../../db/schema/audience';

export type AiProviderRow = typeof aiProviders.$inferSelect;

export async function findProvider(db: Db, customerId: string): Promise<AiProviderRow | undefined> {
  const [row] = await db.select().from(aiProviders).where(eq(aiProviders.customerId, customerId));
  return row;
}

/** Saves the account's provider (one per account) with a newly typed key, sealed for `keyOrigin`. */
export async function upsertProvider(db: Db, row: { customerId: string; baseUrl: string; model: string; apiKey: string; keyOrigin: string; updatedAt: Date }): Promise<AiProviderRow> {
  const [saved] = await db
    .insert(aiProviders)
    .values(row)
    .onConflictDoUpdate({ target: aiProviders.customerId, set: { baseUrl: row.baseUrl, model: row.model, apiKey: row.apiKey, keyOrigin: row.keyOrigin, updatedAt: row.updatedAt } })
    .returning();
  return saved!;
}

/**
 * Changes the address (within its origin) or the model and keeps the stored key, only while the
 * row still has the address it was read with: a save to another origin in between wins, and the
 * key is never carried over to it. Undefined when the row changed or is gone.
 */
export async function updateProviderKeepingKey(db: Db, row: { customerId: string; baseUrl: string; model: string; updatedAt: Date }, readBaseUrl: string): Promise<AiProviderRow | undefined> {
  const [updated] = await db
    .update(aiProviders)
    .set({ baseUrl: row.baseUrl, model: row.model, updatedAt: row.updatedAt })
    .where(and(eq(aiProviders.customerId, row.customerId), eq(aiProviders.baseUrl, readBaseUrl)))
    .returning();
  return updated;
}

/** Stores a key sealed before issue 31 again, sealed for its origin, unless a save replaced it meanwhile. */
export async function resealKey(db: Db, customerId: string, oldSealed: string, sealed: string, keyOrigin: string): Promise<void> {
  await db
    .update(aiProviders)
    .set({ apiKey: sealed, keyOrigin })
    .where(and(eq(aiProviders.customerId, customerId), eq(aiProviders.apiKey, oldSealed), isNull(aiProviders.keyOrigin)));
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

/**
 * Counts one generation on the server's default provider for `day` (YYYY-MM-DD, UTC) if fewer than
 * `limit` were started that day, in one statement (a new day starts the count again). Returns how
 * many are used after it, or null when the day's budget is spent.
 */
export async function reserveDailyGeneration(db: Db, customerId: string, day: string, limit: number): Promise<number | null> {
  const result = await db.execute(sql`
    insert into ai_daily_generations (customer_id, day, used) values (${customerId}::uuid, ${day}::date, 1)
    on conflict (customer_id) do update
      set used = case when ai_daily_generations.day = excluded.day then ai_daily_generations.used + 1 else 1 end, day = excluded.day
      where ai_daily_generations.day <> excluded.day or ai_daily_generations.used < ${limit}
    returning used`);
  const [row] = rowsOf<{ used: number }>(result);
  return row ? Number(row.used) : null;
}

/** Gives back an attempt reserved for a generation whose provider failed before any text was sent. */
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
