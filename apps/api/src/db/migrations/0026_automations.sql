CREATE TABLE "flow_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flow_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" uuid NOT NULL,
	"flow_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"occurrence_key" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"run_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "flow_entries_status_check" CHECK ("flow_entries"."status" in ('pending', 'entered', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "flow_run_notes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flow_run_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_id" uuid NOT NULL,
	"step_id" text,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_runs" (
	"id" uuid PRIMARY KEY DEFAULT uuid_v7() NOT NULL,
	"customer_id" uuid NOT NULL,
	"flow_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"entry_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	CONSTRAINT "flow_runs_status_check" CHECK ("flow_runs"."status" in ('active', 'completed', 'exited', 'goal', 'unsubscribed'))
);
--> statement-breakpoint
CREATE TABLE "flow_segment_members" (
	"flow_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	CONSTRAINT "flow_segment_members_flow_id_subscriber_id_pk" PRIMARY KEY("flow_id","subscriber_id")
);
--> statement-breakpoint
CREATE TABLE "flow_step_campaigns" (
	"flow_id" uuid NOT NULL,
	"step_id" text NOT NULL,
	"campaign_id" uuid NOT NULL,
	CONSTRAINT "flow_step_campaigns_flow_id_step_id_pk" PRIMARY KEY("flow_id","step_id")
);
--> statement-breakpoint
CREATE TABLE "flow_step_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flow_step_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_id" uuid NOT NULL,
	"flow_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"step_id" text NOT NULL,
	"step_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"awaiting_event" text,
	"event_at" timestamp with time zone,
	"outcome" text,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "flow_step_runs_status_check" CHECK ("flow_step_runs"."status" in ('pending', 'waiting', 'running', 'done', 'skipped', 'failed', 'unknown', 'cancelled', 'moved'))
);
--> statement-breakpoint
CREATE TABLE "flow_versions" (
	"flow_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "flow_versions_flow_id_version_pk" PRIMARY KEY("flow_id","version")
);
--> statement-breakpoint
CREATE TABLE "flows" (
	"id" uuid PRIMARY KEY DEFAULT uuid_v7() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"trigger_type" text NOT NULL,
	"trigger_ref" text NOT NULL,
	"goal_event" text,
	"activated_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "flows_status_check" CHECK ("flows"."status" in ('draft', 'active', 'paused'))
);
--> statement-breakpoint
DROP INDEX "campaign_messages_campaign_subscriber_idx";--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD COLUMN "flow_step_run_id" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "kind" text DEFAULT 'campaign' NOT NULL;--> statement-breakpoint
ALTER TABLE "flow_entries" ADD CONSTRAINT "flow_entries_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_entries" ADD CONSTRAINT "flow_entries_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_run_notes" ADD CONSTRAINT "flow_run_notes_run_id_flow_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."flow_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_runs" ADD CONSTRAINT "flow_runs_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_runs" ADD CONSTRAINT "flow_runs_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_segment_members" ADD CONSTRAINT "flow_segment_members_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_segment_members" ADD CONSTRAINT "flow_segment_members_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_step_campaigns" ADD CONSTRAINT "flow_step_campaigns_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_step_campaigns" ADD CONSTRAINT "flow_step_campaigns_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_step_runs" ADD CONSTRAINT "flow_step_runs_run_id_flow_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."flow_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_versions" ADD CONSTRAINT "flow_versions_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flow_entries_occurrence_idx" ON "flow_entries" USING btree ("flow_id","subscriber_id","occurrence_key");--> statement-breakpoint
CREATE INDEX "flow_entries_pending_idx" ON "flow_entries" USING btree ("id") WHERE "flow_entries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "flow_run_notes_run_idx" ON "flow_run_notes" USING btree ("run_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_runs_entry_idx" ON "flow_runs" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "flow_runs_flow_subscriber_idx" ON "flow_runs" USING btree ("flow_id","subscriber_id","started_at");--> statement-breakpoint
CREATE INDEX "flow_runs_active_subscriber_idx" ON "flow_runs" USING btree ("subscriber_id") WHERE "flow_runs"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "flow_step_campaigns_campaign_idx" ON "flow_step_campaigns" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_step_runs_run_step_idx" ON "flow_step_runs" USING btree ("run_id","step_id");--> statement-breakpoint
CREATE INDEX "flow_step_runs_due_idx" ON "flow_step_runs" USING btree ("due_at") WHERE "flow_step_runs"."status" in ('pending', 'waiting');--> statement-breakpoint
CREATE INDEX "flow_step_runs_running_idx" ON "flow_step_runs" USING btree ("claimed_at") WHERE "flow_step_runs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "flow_step_runs_awaiting_idx" ON "flow_step_runs" USING btree ("subscriber_id","awaiting_event") WHERE "flow_step_runs"."status" = 'waiting' and "flow_step_runs"."awaiting_event" is not null;--> statement-breakpoint
CREATE INDEX "flow_step_runs_flow_step_idx" ON "flow_step_runs" USING btree ("flow_id","step_id","status");--> statement-breakpoint
CREATE INDEX "flows_customer_created_idx" ON "flows" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "flows_active_trigger_idx" ON "flows" USING btree ("trigger_type","trigger_ref") WHERE "flows"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_messages_campaign_subscriber_idx" ON "campaign_messages" USING btree ("campaign_id","subscriber_id","flow_step_run_id");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_kind_check" CHECK ("campaigns"."kind" in ('campaign', 'automation'));--> statement-breakpoint
-- Unsubscribing (or a bounce or complaint that ends the subscription) ends every flow for the
-- person at once, whichever path changed the status: their runs end and their waiting steps are
-- cancelled in the same statement. Statement triggers with transition tables, like 0011's.
CREATE FUNCTION end_flow_runs_on_leave() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (
    SELECT c.id, c.status, c.updated_at FROM changed c JOIN before_change b USING (id)
    WHERE c.status IN ('unsubscribed', 'bounced', 'complained') AND b.status IS DISTINCT FROM c.status
  ), ended AS (
    UPDATE flow_runs r SET status = 'unsubscribed', ended_at = gone.updated_at,
      end_reason = CASE gone.status WHEN 'unsubscribed' THEN 'The person unsubscribed.' WHEN 'bounced' THEN 'The person''s address bounced.' ELSE 'The person complained (marked an email as spam).' END
    FROM gone WHERE r.subscriber_id = gone.id AND r.status = 'active'
    RETURNING r.id, gone.updated_at, r.end_reason
  ), cancelled AS (
    UPDATE flow_step_runs s SET status = 'cancelled', finished_at = ended.updated_at, reason = ended.end_reason
    FROM ended WHERE s.run_id = ended.id AND s.status IN ('pending', 'waiting')
    RETURNING s.id
  )
  INSERT INTO flow_run_notes (run_id, step_id, kind, reason, at)
  SELECT ended.id, NULL, 'ended', ended.end_reason, ended.updated_at FROM ended;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER subscribers_end_flow_runs AFTER UPDATE ON subscribers
  REFERENCING OLD TABLE AS before_change NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION end_flow_runs_on_leave();
--> statement-breakpoint
-- Joining a list (a confirmed membership) and a confirmed sign-up from a form fill the flows'
-- inbox in the transaction that made the membership, whatever path made it (a form, the API, an
-- import, a double opt-in link). One occurrence per confirmation time: entering twice needs
-- joining twice.
CREATE FUNCTION queue_flow_entries_for(p_joined jsonb) RETURNS void LANGUAGE sql AS $$
  WITH joined AS (
    SELECT (j ->> 'list_id')::uuid AS list_id, (j ->> 'subscriber_id')::uuid AS subscriber_id, (j ->> 'at')::timestamptz AS at
    FROM jsonb_array_elements(p_joined) AS j
  )
  INSERT INTO flow_entries (customer_id, flow_id, subscriber_id, occurrence_key, occurred_at, context, status, created_at)
  SELECT f.customer_id, f.id, joined.subscriber_id,
    f.trigger_type || ':' || joined.list_id || ':' || (extract(epoch FROM joined.at) * 1000)::bigint,
    joined.at, jsonb_build_object('list_id', joined.list_id), 'pending', joined.at
  FROM joined
  JOIN subscribers s ON s.id = joined.subscriber_id
  JOIN flows f ON f.status = 'active' AND f.customer_id = s.customer_id AND (
    (f.trigger_type = 'list_joined' AND f.trigger_ref = joined.list_id::text)
    OR (f.trigger_type = 'form_signup' AND f.trigger_ref = s.consent_form_id::text
      AND EXISTS (SELECT 1 FROM signup_forms sf WHERE sf.id = s.consent_form_id AND sf.list_id = joined.list_id)))
  ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
CREATE FUNCTION queue_flow_entries_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  joined jsonb;
BEGIN
  SELECT jsonb_agg(jsonb_build_object('list_id', c.list_id, 'subscriber_id', c.subscriber_id, 'at', coalesce(c.confirmed_at, c.updated_at)))
  INTO joined FROM changed c
  WHERE c.status = 'confirmed' AND EXISTS (SELECT 1 FROM flows f WHERE f.status = 'active' AND f.trigger_type IN ('list_joined', 'form_signup'));
  IF joined IS NOT NULL THEN PERFORM queue_flow_entries_for(joined); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION queue_flow_entries_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  joined jsonb;
BEGIN
  SELECT jsonb_agg(jsonb_build_object('list_id', c.list_id, 'subscriber_id', c.subscriber_id, 'at', coalesce(c.confirmed_at, c.updated_at)))
  INTO joined FROM changed c JOIN before_change b USING (list_id, subscriber_id)
  WHERE c.status = 'confirmed' AND b.status <> 'confirmed'
    AND EXISTS (SELECT 1 FROM flows f WHERE f.status = 'active' AND f.trigger_type IN ('list_joined', 'form_signup'));
  IF joined IS NOT NULL THEN PERFORM queue_flow_entries_for(joined); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER list_memberships_flow_entries_insert AFTER INSERT ON list_memberships
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION queue_flow_entries_on_insert();
--> statement-breakpoint
CREATE TRIGGER list_memberships_flow_entries_update AFTER UPDATE ON list_memberships
  REFERENCING OLD TABLE AS before_change NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION queue_flow_entries_on_update();
