ALTER TABLE "subscriber_insights" ADD COLUMN "send_time" jsonb;--> statement-breakpoint
ALTER TABLE "subscriber_insights" ADD COLUMN "send_time_refresh_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriber_insights" ADD COLUMN "engagement" jsonb;--> statement-breakpoint
ALTER TABLE "subscriber_insights" ADD COLUMN "engagement_refresh_id" uuid;