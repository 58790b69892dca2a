import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys } from '../../db/schema/audience';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * Inserts the key unless the account already has `cap` live ones (undefined then). The customer's
 * row is locked meanwhile, so two keys made at once cannot both slip under the cap.
 */
export async function insertApiKeyWithin(db: Db, values: typeof apiKeys.$inferInsert, cap: number): Promise<ApiKeyRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from customers where id = ${values.customerId}::uuid for update`);
    const [live] = await tx
      .select({ keys: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.customerId, values.customerId), isNull(apiKeys.revokedAt)));
    if ((live?.keys ?? 0) >= cap) return undefined;
    const [row] = await tx.insert(apiKeys).values(values).returning();
    return row;
  });
}

export async function activeKeys(db: Db, customerId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.customerId, customerId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
}

export async function revokeKey(db: Db, customerId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.customerId, customerId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** The customer a live key belongs to, noting when it was last used. */
export async function useKey(db: Db, keyHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
    .returning({ customerId: apiKeys.customerId });
  return row?.customerId;
}
