CREATE TABLE "webhook_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"send_id" bigint NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"error" text,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"event_types" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_sends" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_send_id_webhook_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."webhook_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_outbox" ADD CONSTRAINT "webhook_outbox_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_sends" ADD CONSTRAINT "webhook_sends_event_id_webhook_outbox_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_sends" ADD CONSTRAINT "webhook_sends_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_endpoint_idx" ON "webhook_attempts" USING btree ("endpoint_id","at");--> statement-breakpoint
CREATE INDEX "webhook_attempts_send_idx" ON "webhook_attempts" USING btree ("send_id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_customer_idx" ON "webhook_endpoints" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "webhook_outbox_created_idx" ON "webhook_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webhook_sends_due_idx" ON "webhook_sends" USING btree ("next_attempt_at") WHERE "webhook_sends"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_sends_endpoint_idx" ON "webhook_sends" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_sends_event_idx" ON "webhook_sends" USING btree ("event_id");--> statement-breakpoint
-- One definition of "record this event for every enabled endpoint of its customer that wants it":
-- the event in the outbox and one send per endpoint, in the caller's transaction. An account
-- without such an endpoint records nothing.
CREATE FUNCTION queue_webhook_event(p_customer uuid, p_type text, p_data jsonb, p_at timestamptz) RETURNS void LANGUAGE sql AS $$
  WITH event AS (
    INSERT INTO webhook_outbox (customer_id, type, data, created_at)
    SELECT p_customer, p_type, p_data, p_at
    WHERE EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.customer_id = p_customer AND e.enabled AND p_type = ANY (e.event_types))
    RETURNING id
  )
  INSERT INTO webhook_sends (event_id, endpoint_id, next_attempt_at, created_at)
  SELECT event.id, e.id, p_at, p_at FROM event
  JOIN webhook_endpoints e ON e.customer_id = p_customer AND e.enabled AND p_type = ANY (e.event_types);
$$;
--> statement-breakpoint
-- subscriber.subscribed / subscriber.unsubscribed for a set of subscribers, set-based (an import or
-- a bulk unsubscribe of a million rows is two statements); the time is each row's updated_at
-- (the application's clock) unless one is given.
CREATE FUNCTION queue_subscriber_webhooks(p_type text, p_ids uuid[], p_list uuid, p_at timestamptz) RETURNS void LANGUAGE sql AS $$
  WITH event AS (
    INSERT INTO webhook_outbox (customer_id, type, data, created_at)
    SELECT s.customer_id, p_type,
      jsonb_build_object(
        'subscriber', jsonb_build_object('id', s.id, 'email', s.email, 'first_name', s.first_name, 'last_name', s.last_name, 'status', s.status),
        'list_id', p_list),
      coalesce(p_at, s.updated_at)
    FROM subscribers s
    WHERE s.id = ANY (p_ids)
      AND s.customer_id IN (SELECT e.customer_id FROM webhook_endpoints e WHERE e.enabled AND p_type = ANY (e.event_types))
    RETURNING id, customer_id, created_at
  )
  INSERT INTO webhook_sends (event_id, endpoint_id, next_attempt_at, created_at)
  SELECT event.id, e.id, event.created_at, event.created_at FROM event
  JOIN webhook_endpoints e ON e.customer_id = event.customer_id AND e.enabled AND p_type = ANY (e.event_types);
$$;
--> statement-breakpoint
-- Every status change, whichever path ran it (preference centre, one-click, the API, bulk actions,
-- a confirmation), like subscriber_events: leaving is subscriber.unsubscribed, coming back (or a
-- profile made from events subscribing) is subscriber.subscribed. Only accounts with an endpoint
-- pay more than one look-up.
CREATE FUNCTION queue_subscriber_status_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  left_ids uuid[];
  joined_ids uuid[];
BEGIN
  SELECT array_agg(c.id) FILTER (WHERE c.status = 'unsubscribed'), array_agg(c.id) FILTER (WHERE c.status = 'active')
  INTO left_ids, joined_ids
  FROM changed c JOIN before_change b USING (id)
  WHERE c.customer_id IN (SELECT e.customer_id FROM webhook_endpoints e WHERE e.enabled)
    AND ((c.status = 'unsubscribed' AND b.status IS DISTINCT FROM 'unsubscribed')
      OR (c.status = 'active' AND b.status IN ('unsubscribed', 'not_subscribed')));
  IF left_ids IS NOT NULL THEN PERFORM queue_subscriber_webhooks('subscriber.unsubscribed', left_ids, NULL, NULL); END IF;
  IF joined_ids IS NOT NULL THEN PERFORM queue_subscriber_webhooks('subscriber.subscribed', joined_ids, NULL, NULL); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER subscribers_status_webhooks AFTER UPDATE ON subscribers
  REFERENCING OLD TABLE AS before_change NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION queue_subscriber_status_webhooks();
