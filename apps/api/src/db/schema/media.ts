import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { MediaFormat } from '@postlark/shared/media';
import { customers } from './accounts';

/** An image of an account's media library (migration 0055): one upload, processed once. */
export const mediaAssets = pgTable(
  'media_assets',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    alt: text('alt').notNull().default(''),
    format: text('format').$type<MediaFormat>().notNull(),
    animated: boolean('animated').notNull().default(false),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** What the account's stored variants take together: the storage quota counts it. */
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('media_assets_customer_created_idx').on(table.customerId, table.createdAt)],
);

/** One width an asset was processed into, stored under the SHA-256 of its bytes. */
export const mediaVariants = pgTable(
  'media_variants',
  {
    assetId: uuid('asset_id')
      .notNull()
      .references(() => mediaAssets.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.assetId, table.width] }), index('media_variants_storage_key_idx').on(table.storageKey)],
);
