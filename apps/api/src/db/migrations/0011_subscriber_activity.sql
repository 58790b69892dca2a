CREATE TABLE "subscriber_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriber_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subscriber_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"list_id" uuid,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriber_events" ADD CONSTRAINT "subscriber_events_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriber_events_subscriber_idx" ON "subscriber_events" USING btree ("subscriber_id","at");--> statement-breakpoint
-- The timeline's recorded events, written for every statement that changes a status, whichever
-- path ran it (preference centre, one-click, bulk actions, the API, forms, bounces). Statement
-- triggers with transition tables: a bulk unsubscribe of a million rows is one insert here, not a
-- million. The time is the row's own updated_at, set by the application's clock.
CREATE FUNCTION record_subscriber_status_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO subscriber_events (subscriber_id, kind, at)
  SELECT changed.id, CASE changed.status WHEN 'active' THEN 'resubscribed' ELSE changed.status END, changed.updated_at
  FROM changed JOIN before_change USING (id)
  WHERE changed.status IS DISTINCT FROM before_change.status;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER subscribers_status_events AFTER UPDATE ON subscribers
  REFERENCING OLD TABLE AS before_change NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION record_subscriber_status_events();
--> statement-breakpoint
CREATE FUNCTION record_membership_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO subscriber_events (subscriber_id, kind, list_id, at)
  SELECT changed.subscriber_id, CASE WHEN changed.status = 'unsubscribed' THEN 'left_list' ELSE 'rejoined_list' END, changed.list_id, changed.updated_at
  FROM changed JOIN before_change USING (list_id, subscriber_id)
  WHERE (changed.status = 'unsubscribed') <> (before_change.status = 'unsubscribed');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER list_memberships_events AFTER UPDATE ON list_memberships
  REFERENCING OLD TABLE AS before_change NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION record_membership_events();
