CREATE TABLE "ab_tests" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"settings" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"started_at" timestamp with time zone,
	"deadline_at" timestamp with time zone,
	"next_look_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"winner" smallint,
	"reason" text DEFAULT '' NOT NULL,
	"lift" double precision,
	"state" jsonb,
	"looks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rest_send_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ab_tests_status_check" CHECK ("ab_tests"."status" in ('draft', 'testing', 'winner', 'no_winner', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "campaign_messages" DROP CONSTRAINT "campaign_messages_status_check";--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD COLUMN "variant" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ab_tests" ADD CONSTRAINT "ab_tests_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_tests" ADD CONSTRAINT "ab_tests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ab_tests_customer_idx" ON "ab_tests" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "ab_tests_due_idx" ON "ab_tests" USING btree ("status","next_look_at");--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD CONSTRAINT "campaign_messages_status_check" CHECK ("campaign_messages"."status" in ('pending', 'sending', 'sent', 'failed', 'unknown', 'skipped', 'held'));