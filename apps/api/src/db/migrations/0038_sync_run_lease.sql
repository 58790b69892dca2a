ALTER TABLE "connection_links" ADD COLUMN "push_reconciled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connection_runs" ADD COLUMN "lease_token" uuid;