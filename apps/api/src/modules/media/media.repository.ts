import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { MediaSort } from '@postlark/shared/media';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import { mediaAssets, mediaVariants } from '../../db/schema/media';
import { containsPattern } from '../audience/subscribers.repository';

export type MediaAssetRow = typeof mediaAssets.$inferSelect;
export type MediaVariantRow = typeof mediaVariants.$inferSelect;
export type MediaAssetWithVariants = MediaAssetRow & { variants: MediaVariantRow[] };

export async function insertAsset(db: Db, asset: MediaAssetRow, variants: MediaVariantRow[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(mediaAssets).values(asset);
    await tx.insert(mediaVariants).values(variants);
  });
}

/** The bytes an account's library takes in storage (what the quota counts). */
export async function storageUsed(db: Db, customerId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${mediaAssets.bytes}), 0)` })
    .from(mediaAssets)
    .where(eq(mediaAssets.customerId, customerId));
  return Number(row?.bytes ?? 0);
}

const ORDER: Record<MediaSort, ReturnType<typeof desc>[]> = {
  newest: [desc(mediaAssets.createdAt), desc(mediaAssets.id)],
  oldest: [asc(mediaAssets.createdAt), asc(mediaAssets.id)],
  name: [asc(sql`lower(${mediaAssets.name})`), asc(mediaAssets.id)],
  largest: [desc(mediaAssets.bytes), desc(mediaAssets.id)],
};

/** One page of the account's library, searched in names and alt text. */
export async function listAssets(db: Db, customerId: string, query: { q?: string; sort: MediaSort; offset: number; limit: number }): Promise<{ rows: MediaAssetWithVariants[]; total: number }> {
  const conditions = [eq(mediaAssets.customerId, customerId)];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(sql`(${mediaAssets.name} ilike ${pattern} or ${mediaAssets.alt} ilike ${pattern})`);
  }
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(mediaAssets)
      .where(where)
      .orderBy(...ORDER[query.sort])
      .offset(query.offset)
      .limit(query.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(mediaAssets).where(where),
  ]);
  return { rows: await withVariants(db, rows), total: count?.total ?? 0 };
}

export async function findAsset(db: Db, customerId: string, id: string): Promise<MediaAssetWithVariants | undefined> {
  const rows = await db
    .select()
    .from(mediaAssets)
    .where(and(eq(mediaAssets.customerId, customerId), eq(mediaAssets.id, id)));
  const [found] = await withVariants(db, rows);
  return found;
}

async function withVariants(db: Db, rows: MediaAssetRow[]): Promise<MediaAssetWithVariants[]> {
  if (rows.length === 0) return [];
  const variants = await db
    .select()
    .from(mediaVariants)
    .where(
      inArray(
        mediaVariants.assetId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(desc(mediaVariants.width));
  return rows.map((row) => ({ ...row, variants: variants.filter((variant) => variant.assetId === row.id) }));
}

export async function updateAlt(db: Db, customerId: string, id: string, alt: string): Promise<boolean> {
  const updated = await db
    .update(mediaAssets)
    .set({ alt })
    .where(and(eq(mediaAssets.customerId, customerId), eq(mediaAssets.id, id)))
    .returning({ id: mediaAssets.id });
  return updated.length > 0;
}

/**
 * Deletes the asset and answers the storage keys it held that no other asset (of any account:
 * the same bytes uploaded twice share a key) still holds, so their files can go; null when the
 * account has no such asset.
 */
export async function deleteAsset(db: Db, customerId: string, id: string): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const held = await tx
      .select({ key: mediaVariants.storageKey })
      .from(mediaVariants)
      .innerJoin(mediaAssets, eq(mediaAssets.id, mediaVariants.assetId))
      .where(and(eq(mediaAssets.customerId, customerId), eq(mediaAssets.id, id)));
    const removed = await tx
      .delete(mediaAssets)
      .where(and(eq(mediaAssets.customerId, customerId), eq(mediaAssets.id, id)))
      .returning({ id: mediaAssets.id });
    if (removed.length === 0) return null;
    const keys = [...new Set(held.map((row) => row.key))];
    if (keys.length === 0) return [];
    // Its variants went with it (on delete cascade): a key still found is another asset's.
    const others = await tx.selectDistinct({ key: mediaVariants.storageKey }).from(mediaVariants).where(inArray(mediaVariants.storageKey, keys));
    const stillHeld = new Set(others.map((row) => row.key));
    return keys.filter((key) => !stillHeld.has(key));
  });
}

/** Where the account uses a stored image: campaigns by status, and flows, by a key in their HTML. */
export async function assetUsage(db: Db, customerId: string, keys: readonly string[]): Promise<{ campaigns: { id: string; name: string; status: string }[]; flows: { id: string; name: string }[] }> {
  if (keys.length === 0) return { campaigns: [], flows: [] };
  const anyKey = (column: ReturnType<typeof sql>) => sql.join(
    keys.map((key) => sql`strpos(${column}, ${key}) > 0`),
    sql` or `,
  );
  const campaigns = rowsOf<{ id: string; name: string; status: string }>(
    await db.execute(sql`select id, name, status from campaigns
      where customer_id = ${customerId}::uuid and (${anyKey(sql`content_html`)})
      order by created_at desc limit 50`),
  );
  const flows = rowsOf<{ id: string; name: string }>(
    await db.execute(sql`select f.id, f.name from flows f
      join flow_versions v on v.flow_id = f.id and v.version = f.version
      where f.customer_id = ${customerId}::uuid and (${anyKey(sql`v.definition::text`)})
      order by f.created_at desc limit 50`),
  );
  return { campaigns, flows };
}
