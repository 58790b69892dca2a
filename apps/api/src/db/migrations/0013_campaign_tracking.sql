CREATE TABLE "campaign_bounces" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_bounces_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"campaign_id" uuid,
	"subscriber_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "campaign_bounces_kind_check" CHECK ("campaign_bounces"."kind" in ('hard', 'soft', 'complaint'))
);
--> statement-breakpoint
CREATE TABLE "campaign_clicks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_clicks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"campaign_id" uuid NOT NULL,
	"message_row_id" bigint NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"url" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"machine" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_opens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_opens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"campaign_id" uuid NOT NULL,
	"message_row_id" bigint NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"machine" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "scheduled_timezone" text;--> statement-breakpoint
ALTER TABLE "campaign_bounces" ADD CONSTRAINT "campaign_bounces_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_clicks" ADD CONSTRAINT "campaign_clicks_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_opens" ADD CONSTRAINT "campaign_opens_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_bounces_campaign_idx" ON "campaign_bounces" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "campaign_bounces_subscriber_idx" ON "campaign_bounces" USING btree ("subscriber_id","kind");--> statement-breakpoint
CREATE INDEX "campaign_clicks_campaign_idx" ON "campaign_clicks" USING btree ("campaign_id","at");--> statement-breakpoint
CREATE INDEX "campaign_opens_campaign_idx" ON "campaign_opens" USING btree ("campaign_id","at");