ALTER TABLE "campaign_messages" ADD COLUMN "sto_group" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "send_time_optimisation" jsonb;