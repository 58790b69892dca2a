-- Issue 31, finding 11: a double opt-in confirmation goes to an address at most once a day per
-- list, whoever asks (a form, the API, the customer's resend). The last send per list and address,
-- keyed by the suppression list's hash (SHA-256 of the lower-case address) so an erased person's
-- address is not kept; housekeeping drops rows past their day.
CREATE TABLE "opt_in_confirmations" (
	"list_id" uuid NOT NULL,
	"email_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "opt_in_confirmations_list_id_email_hash_pk" PRIMARY KEY("list_id","email_hash")
);
--> statement-breakpoint
ALTER TABLE "opt_in_confirmations" ADD CONSTRAINT "opt_in_confirmations_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "opt_in_confirmations_sent_at_idx" ON "opt_in_confirmations" USING btree ("sent_at");
--> statement-breakpoint
-- Issue 31, finding 15: a person's stream is paged by position (keyset), not by an offset. Each
-- row says where it comes from (origin: 0 events, 1 delivered, 2 opened, 3 clicked, 4 bounced,
-- 5 unsubscribed) and its id there, so (occurred_at, origin, row_id) orders the stream totally.
-- The view is as migration 0024 made it with these two columns added at its end.
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
  SELECT s.customer_id, b.subscriber_id, 'email_bounced', b.at, NULL, NULL, b.campaign_id::text, NULL, jsonb_build_object('kind', b.kind), 'own', 4::smallint, b.id
  FROM campaign_bounces b JOIN subscribers s ON s.id = b.subscriber_id
  UNION ALL
  SELECT s.customer_id, x.subscriber_id, 'email_unsubscribed', x.at, NULL, NULL, NULL, NULL, NULL, 'own', 5::smallint, x.id
  FROM subscriber_events x JOIN subscribers s ON s.id = x.subscriber_id
  WHERE x.kind = 'unsubscribed';
