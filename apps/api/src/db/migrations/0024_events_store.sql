CREATE SEQUENCE "public"."events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "event_keys" (
	"customer_id" uuid NOT NULL,
	"key_hash" "bytea" NOT NULL,
	CONSTRAINT "event_keys_customer_id_key_hash_pk" PRIMARY KEY("customer_id","key_hash")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigint DEFAULT nextval('events_id_seq') NOT NULL,
	"customer_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"name" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"value" numeric(18, 4),
	"currency" text,
	"campaign_ref" text,
	"machine" boolean,
	"properties" jsonb,
	CONSTRAINT "events_occurred_at_id_pk" PRIMARY KEY("occurred_at","id")
) PARTITION BY RANGE ("occurred_at");
--> statement-breakpoint
CREATE TABLE "products" (
	"customer_id" uuid NOT NULL,
	"id" text NOT NULL,
	"title" text NOT NULL,
	"url" text,
	"image_url" text,
	"price" numeric(18, 4),
	"currency" text,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"in_stock" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "products_customer_id_id_pk" PRIMARY KEY("customer_id","id")
);
--> statement-breakpoint
ALTER TABLE "subscribers" DROP CONSTRAINT "subscribers_status_check";--> statement-breakpoint
ALTER TABLE "event_keys" ADD CONSTRAINT "event_keys_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_subscriber_idx" ON "events" USING btree ("subscriber_id","occurred_at");--> statement-breakpoint
CREATE INDEX "events_customer_name_idx" ON "events" USING btree ("customer_id","name","occurred_at");--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_status_check" CHECK ("subscribers"."status" in ('active', 'unsubscribed', 'bounced', 'complained', 'not_subscribed'));--> statement-breakpoint
-- A profile made from events (not_subscribed) who then subscribes has not "resubscribed": their
-- first consent shows on the timeline from the row itself.
CREATE OR REPLACE FUNCTION record_subscriber_status_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO subscriber_events (subscriber_id, kind, at)
  SELECT changed.id, CASE changed.status WHEN 'active' THEN 'resubscribed' ELSE changed.status END, changed.updated_at
  FROM changed JOIN before_change USING (id)
  WHERE changed.status IS DISTINCT FROM before_change.status AND before_change.status <> 'not_subscribed';
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The one stream every model reads: stored events, and our own campaigns' tracking as the same
-- names. Each branch keeps its own index on the person, so a person's stream reads few rows.
CREATE VIEW "person_events" AS
  SELECT e.customer_id, e.subscriber_id, e.name, e.occurred_at, e.value, e.currency, e.campaign_ref, e.machine, e.properties, e.source
  FROM events e
  UNION ALL
  SELECT c.customer_id, m.subscriber_id, 'email_delivered', m.sent_at, NULL::numeric(18, 4), NULL::text, m.campaign_id::text, NULL::boolean, NULL::jsonb, 'own'
  FROM campaign_messages m JOIN campaigns c ON c.id = m.campaign_id
  WHERE m.status = 'sent' AND m.sent_at IS NOT NULL
  UNION ALL
  SELECT c.customer_id, o.subscriber_id, 'email_opened', o.at, NULL, NULL, o.campaign_id::text, o.machine, NULL, 'own'
  FROM campaign_opens o JOIN campaigns c ON c.id = o.campaign_id
  UNION ALL
  SELECT c.customer_id, k.subscriber_id, 'email_clicked', k.at, NULL, NULL, k.campaign_id::text, k.machine, jsonb_build_object('url', k.url), 'own'
  FROM campaign_clicks k JOIN campaigns c ON c.id = k.campaign_id
  UNION ALL
  SELECT s.customer_id, b.subscriber_id, 'email_bounced', b.at, NULL, NULL, b.campaign_id::text, NULL, jsonb_build_object('kind', b.kind), 'own'
  FROM campaign_bounces b JOIN subscribers s ON s.id = b.subscriber_id
  UNION ALL
  SELECT s.customer_id, x.subscriber_id, 'email_unsubscribed', x.at, NULL, NULL, NULL, NULL, NULL, 'own'
  FROM subscriber_events x JOIN subscribers s ON s.id = x.subscriber_id
  WHERE x.kind = 'unsubscribed';
