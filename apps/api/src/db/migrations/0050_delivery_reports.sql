-- Issue 32: what receivers said about a delivery, from the inbound receiver (a delivery status
-- report, a complaint, an auto-reply) or a relay's webhook. Kept 30 days (housekeeping), capped in
-- size, one row per report and recipient: `key` is unique, so a report received twice (a relay's
-- retry, a sender's retransmission) is recorded once. Gone with the subscriber it names.
CREATE TABLE "delivery_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"customer_id" uuid,
	"campaign_id" uuid,
	"subscriber_id" uuid,
	"source" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text NOT NULL DEFAULT '',
	"status" text,
	"diagnostic" text NOT NULL DEFAULT '',
	"email" text NOT NULL DEFAULT '',
	"subject" text NOT NULL DEFAULT '',
	"report" text NOT NULL DEFAULT '',
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "delivery_reports_key_unique" UNIQUE("key"),
	CONSTRAINT "delivery_reports_outcome_check" CHECK ("delivery_reports"."outcome" in ('dead', 'soft', 'sender', 'complaint', 'none'))
);
--> statement-breakpoint
ALTER TABLE "delivery_reports" ADD CONSTRAINT "delivery_reports_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "delivery_reports" ADD CONSTRAINT "delivery_reports_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "delivery_reports" ADD CONSTRAINT "delivery_reports_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "delivery_reports_received_idx" ON "delivery_reports" USING btree ("received_at");
--> statement-breakpoint
CREATE INDEX "delivery_reports_subscriber_idx" ON "delivery_reports" USING btree ("subscriber_id", "received_at");
--> statement-breakpoint
CREATE INDEX "delivery_reports_campaign_idx" ON "delivery_reports" USING btree ("campaign_id", "received_at");
--> statement-breakpoint
CREATE INDEX "delivery_reports_customer_idx" ON "delivery_reports" USING btree ("customer_id", "received_at");
--> statement-breakpoint
-- A bounce or complaint a report made points at it (its status code and the receiver's words).
ALTER TABLE "campaign_bounces" ADD COLUMN "status" text;
--> statement-breakpoint
ALTER TABLE "campaign_bounces" ADD COLUMN "report_id" bigint;
--> statement-breakpoint
ALTER TABLE "campaign_bounces" ADD CONSTRAINT "campaign_bounces_report_id_delivery_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."delivery_reports"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- The timeline shows a bounce's status code and the receiver's words: the view as 0049 made it,
-- with those in the bounce's properties.
CREATE OR REPLACE VIEW "person_events" AS
  SELECT e.customer_id, e.subscriber_id, e.name, e.occurred_at, e.value, e.currency, e.campaign_ref, e.machine, e.properties, e.source, 0::smallint AS origin, e.id AS row_id
  FROM events e
  UNION ALL
  SELECT c.customer_id, m.subscriber_id, 'email_delivered', m.sent_at, NULL::numeric(18, 4), NULL::text, m.campaign_id::text, NULL::boolean, NULL::jsonb, 'own', 1::smallint, m.id
  FROM campaign_messages m JOIN campaigns c ON c.id = m.campaign_id
  WHERE m.status = 'sent' AND m.sent_at IS NOT NULL
  UNION ALL
  SELECT c.customer_id, o.subscriber_id, 'email_opened', o.at, NULL, NULL, o.campaign_id::text, o.machine, NULL, 'own', 2::smallint, o.id
  FROM campaign_opens o JOIN campaigns c ON c.id = o.campaign_id
  UNION ALL
  SELECT c.customer_id, k.subscriber_id, 'email_clicked', k.at, NULL, NULL, k.campaign_id::text, k.machine, jsonb_build_object('url', k.url), 'own', 3::smallint, k.id
  FROM campaign_clicks k JOIN campaigns c ON c.id = k.campaign_id
  UNION ALL
  SELECT s.customer_id, b.subscriber_id, 'email_bounced', b.at, NULL, NULL, b.campaign_id::text, NULL,
    jsonb_strip_nulls(jsonb_build_object('kind', b.kind, 'status', b.status, 'detail', nullif(b.detail, ''))), 'own', 4::smallint, b.id
  FROM campaign_bounces b JOIN subscribers s ON s.id = b.subscriber_id
  UNION ALL
  SELECT s.customer_id, x.subscriber_id, 'email_unsubscribed', x.at, NULL, NULL, NULL, NULL, NULL, 'own', 5::smallint, x.id
  FROM subscriber_events x JOIN subscribers s ON s.id = x.subscriber_id
  WHERE x.kind = 'unsubscribed';
