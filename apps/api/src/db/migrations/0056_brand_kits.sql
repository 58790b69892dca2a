-- Issue 33, point 2: an account's brand kit (logo, colours, fonts, button shape, social links),
-- one row per account, kept as the JSON the shared schema checks (packages/shared/brand-kit.ts).
-- The logo names an image of the media library; deleting that image leaves the kit without one.
CREATE TABLE "brand_kits" (
	"customer_id" uuid PRIMARY KEY NOT NULL REFERENCES "customers"("id") ON DELETE CASCADE,
	"settings" jsonb NOT NULL,
	"logo_asset_id" uuid REFERENCES "media_assets"("id") ON DELETE SET NULL,
	"updated_at" timestamp with time zone NOT NULL
);
