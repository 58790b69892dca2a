import type { BrandKitInput } from '@postlark/shared/brand-kit';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brandKits } from '../../db/schema/brand';

export interface BrandKitRow {
  settings: BrandKitInput;
  /** null when the kit has no logo, or its image was deleted from the library since. */
  logoAssetId: string | null;
  updatedAt: Date;
}

export async function findBrandKit(db: Db, customerId: string): Promise<BrandKitRow | undefined> {
  const [row] = await db.select({ settings: brandKits.settings, logoAssetId: brandKits.logoAssetId, updatedAt: brandKits.updatedAt }).from(brandKits).where(eq(brandKits.customerId, customerId));
  return row;
}

export async function saveBrandKit(db: Db, customerId: string, settings: BrandKitInput, now: Date): Promise<void> {
  const row = { settings, logoAssetId: settings.logo?.media_id ?? null, updatedAt: now };
  await db
    .insert(brandKits)
    .values({ customerId, ...row })
    .onConflictDoUpdate({ target: brandKits.customerId, set: row });
}
