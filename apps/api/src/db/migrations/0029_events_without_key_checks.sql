ALTER TABLE "event_keys" DROP CONSTRAINT "event_keys_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_subscriber_id_subscribers_id_fk";
--> statement-breakpoint
-- Erasure keeps its promise without the foreign keys: whichever path deletes subscribers (one,
-- a bulk erase, an account's deletion cascading), their events go in the same statement.
CREATE FUNCTION delete_events_of_erased() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM events e USING erased WHERE e.subscriber_id = erased.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER subscribers_erase_events AFTER DELETE ON subscribers
  REFERENCING OLD TABLE AS erased
  FOR EACH STATEMENT EXECUTE FUNCTION delete_events_of_erased();
--> statement-breakpoint
CREATE FUNCTION delete_event_keys_of_customer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM event_keys k USING gone WHERE k.customer_id = gone.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER customers_delete_event_keys AFTER DELETE ON customers
  REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION delete_event_keys_of_customer();
