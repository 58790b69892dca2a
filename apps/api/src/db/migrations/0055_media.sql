-- Issue 33, point 1: the media library. An asset is one upload of one account; its variants are
-- the widths it was processed into, each stored once under a key made of its bytes' SHA-256
-- (content-addressed, so a URL never changes what it shows and may be cached for ever). Two
-- uploads of the same bytes share a key: a stored file is removed only when no variant holds it.
CREATE TABLE "media_assets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL REFERENCES "customers"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"format" text NOT NULL,
	"animated" boolean DEFAULT false NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "media_assets_customer_created_idx" ON "media_assets" USING btree ("customer_id","created_at");
--> statement-breakpoint
CREATE TABLE "media_variants" (
	"asset_id" uuid NOT NULL REFERENCES "media_assets"("id") ON DELETE CASCADE,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	PRIMARY KEY ("asset_id", "width")
);
--> statement-breakpoint
CREATE INDEX "media_variants_storage_key_idx" ON "media_variants" USING btree ("storage_key");
