CREATE TABLE "platform_delivery_recipients" (
	"campaign_id" uuid NOT NULL,
	"email" text NOT NULL,
	"part" integer NOT NULL,
	CONSTRAINT "platform_delivery_recipients_campaign_id_email_pk" PRIMARY KEY("campaign_id","email")
);
--> statement-breakpoint
ALTER TABLE "platform_delivery_recipients" ADD CONSTRAINT "platform_delivery_recipients_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;