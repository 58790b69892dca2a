ALTER TABLE "list_memberships" ADD COLUMN "subscriber_status" text;--> statement-breakpoint
UPDATE "list_memberships" SET "subscriber_status" = "subscribers"."status" FROM "subscribers" WHERE "subscribers"."id" = "list_memberships"."subscriber_id";--> statement-breakpoint
-- A membership written without the subscriber's status gets it from the subscriber.
CREATE FUNCTION "list_memberships_fill_subscriber_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.subscriber_status IS NULL THEN
    SELECT status INTO NEW.subscriber_status FROM subscribers WHERE id = NEW.subscriber_id;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "list_memberships_fill_subscriber_status" BEFORE INSERT ON "list_memberships"
  FOR EACH ROW EXECUTE FUNCTION "list_memberships_fill_subscriber_status"();--> statement-breakpoint
-- A subscriber whose status changes (unsubscribed, bounced, complained, or active again) changes on every list.
CREATE FUNCTION "subscribers_copy_status_to_memberships"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE list_memberships SET subscriber_status = NEW.status WHERE subscriber_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "subscribers_copy_status_to_memberships" AFTER UPDATE OF "status" ON "subscribers"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION "subscribers_copy_status_to_memberships"();
