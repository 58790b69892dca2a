CREATE TABLE "platform_deliveries" (
	"campaign_id" uuid NOT NULL,
	"part" integer NOT NULL,
	"connection_id" uuid,
	"platform" text NOT NULL,
	"remote_audience_id" text NOT NULL,
	"tag" text,
	"recipients" integer DEFAULT 0 NOT NULL,
	"remote_campaign_id" text,
	"status" text NOT NULL,
	"error" text,
	"report" jsonb,
	"reported_at" timestamp with time zone,
	"next_report_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	CONSTRAINT "platform_deliveries_campaign_id_part_pk" PRIMARY KEY("campaign_id","part")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "delivery_connection_id" uuid;--> statement-breakpoint
ALTER TABLE "platform_deliveries" ADD CONSTRAINT "platform_deliveries_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_deliveries" ADD CONSTRAINT "platform_deliveries_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_deliveries_report_idx" ON "platform_deliveries" USING btree ("next_report_at") WHERE "platform_deliveries"."next_report_at" is not null;