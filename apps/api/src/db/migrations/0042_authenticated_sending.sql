CREATE TABLE "relay_budgets" (
	"relay" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"refilled_at" timestamp with time zone NOT NULL,
	"slow_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "campaign_bounces" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD COLUMN "first_deferred_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "paused_reason" text;--> statement-breakpoint
ALTER TABLE "sender_domains" ADD COLUMN "dkim_selector" text;--> statement-breakpoint
ALTER TABLE "sender_domains" ADD COLUMN "dkim_private_key" text;--> statement-breakpoint
ALTER TABLE "sender_domains" ADD COLUMN "dkim_public_key" text;--> statement-breakpoint
ALTER TABLE "sender_domains" ADD COLUMN "checks" jsonb;--> statement-breakpoint
ALTER TABLE "sender_domains" ADD COLUMN "authenticated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sender_domains_checked_idx" ON "sender_domains" USING btree ("last_checked_at");--> statement-breakpoint
-- A TXT record proved ownership and changed nothing a receiver checks: no domain counts as
-- authenticated until its DKIM record is found, and verified_at now means "first authenticated".
UPDATE "sender_domains" SET "verified_at" = NULL;
