import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { BrandKitInput } from '@postlark/shared/brand-kit';
import { customers } from './accounts';
import { mediaAssets } from './media';

/** An account's brand kit (migration 0056); the logo is a media library image, by id. */
export const brandKits = pgTable('brand_kits', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  /** The kit as the schema checked it, the logo's id included (logoAssetId says whether it still exists). */
  settings: jsonb('settings').$type<BrandKitInput>().notNull(),
  logoAssetId: uuid('logo_asset_id').references(() => mediaAssets.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
