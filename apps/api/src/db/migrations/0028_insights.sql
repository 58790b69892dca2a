CREATE TABLE "insight_models" (
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"model" jsonb NOT NULL,
	"as_of" timestamp with time zone NOT NULL,
	"fitted_at" timestamp with time zone NOT NULL,
	"refresh_id" uuid NOT NULL,
	CONSTRAINT "insight_models_customer_id_kind_pk" PRIMARY KEY("customer_id","kind")
);
--> statement-breakpoint
CREATE TABLE "insight_refreshes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"as_of" timestamp with time zone,
	"status" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"people_total" integer,
	"people_done" integer DEFAULT 0 NOT NULL,
	"error" text,
	"model" jsonb
);
--> statement-breakpoint
CREATE TABLE "subscriber_insights" (
	"subscriber_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"purchases" jsonb,
	"purchases_refresh_id" uuid,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insight_models" ADD CONSTRAINT "insight_models_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_refreshes" ADD CONSTRAINT "insight_refreshes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriber_insights" ADD CONSTRAINT "subscriber_insights_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriber_insights" ADD CONSTRAINT "subscriber_insights_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_refreshes_customer_requested_idx" ON "insight_refreshes" USING btree ("customer_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "insight_refreshes_one_pending_idx" ON "insight_refreshes" USING btree ("customer_id") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "subscriber_insights_customer_idx" ON "subscriber_insights" USING btree ("customer_id");