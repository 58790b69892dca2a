-- Webhook signing secrets are sealed bound to `webhook_endpoints:<id>` from now on (version 2).
-- SQL cannot open a seal, so the rows already stored keep version 1 (bound to the bare id) and the
-- code re-seals them (endpoint-secrets.ts: at the webhook worker's start and whenever one is read).
ALTER TABLE "webhook_endpoints" ADD COLUMN "secret_version" smallint DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- Fair delivery (webhook-sender.ts): an endpoint that keeps timing out is paused with backoff.
ALTER TABLE "webhook_endpoints" ADD COLUMN "timeouts_in_row" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "pauses" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "paused_until" timestamp with time zone;
--> statement-breakpoint
-- A send's 24 hours count from its first possible attempt, not from when it joined the queue.
ALTER TABLE "webhook_sends" ADD COLUMN "window_starts_at" timestamp with time zone;
--> statement-breakpoint
-- Sends already tried, or held by an endpoint that is off, had their first possible attempt when
-- they were recorded; those still waiting their turn begin theirs when first tried.
UPDATE "webhook_sends" s SET "window_starts_at" = s."created_at"
WHERE s."status" = 'pending' AND (s."attempts" > 0 OR EXISTS (SELECT 1 FROM "webhook_endpoints" e WHERE e."id" = s."endpoint_id" AND NOT e."enabled"));
--> statement-breakpoint
DROP INDEX IF EXISTS "webhook_sends_due_idx";
--> statement-breakpoint
CREATE INDEX "webhook_sends_endpoint_due_idx" ON "webhook_sends" USING btree ("endpoint_id","next_attempt_at") WHERE "webhook_sends"."status" = 'pending';
--> statement-breakpoint
CREATE INDEX "webhook_sends_claimed_idx" ON "webhook_sends" USING btree ("claimed_until") WHERE "webhook_sends"."status" = 'pending' and "webhook_sends"."claimed_until" is not null;
--> statement-breakpoint
CREATE INDEX "webhook_sends_window_idx" ON "webhook_sends" USING btree ("window_starts_at") WHERE "webhook_sends"."status" = 'pending';
--> statement-breakpoint
CREATE INDEX "webhook_outbox_tests_idx" ON "webhook_outbox" USING btree ("customer_id","created_at") WHERE "webhook_outbox"."type" = 'webhook.test';
