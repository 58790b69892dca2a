-- Finding 9 of issue 18: every unsubscribe, bounce and complaint puts the address on the suppression
-- list, whichever path changed the status (preference centre, one-click, bulk, the API, a bounce or a
-- complaint), so renaming the subscriber and adding the old address again is refused. The hash is
-- the one erasure writes (bulk.repository's eraseTarget): a SHA-256 of the stored lower-case address.
CREATE FUNCTION "subscribers_suppress_when_they_leave"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO suppressions (customer_id, email_hash, reason, created_at)
  VALUES (NEW.customer_id, encode(sha256(convert_to(NEW.email, 'UTF8')), 'hex'), NEW.status, NEW.updated_at)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "subscribers_suppress_when_added_left" AFTER INSERT ON "subscribers"
  FOR EACH ROW WHEN (NEW.status IN ('unsubscribed', 'bounced', 'complained')) EXECUTE FUNCTION "subscribers_suppress_when_they_leave"();--> statement-breakpoint
CREATE TRIGGER "subscribers_suppress_when_they_leave" AFTER UPDATE OF "status" ON "subscribers"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.status IN ('unsubscribed', 'bounced', 'complained'))
  EXECUTE FUNCTION "subscribers_suppress_when_they_leave"();--> statement-breakpoint
-- Those who left before this migration are suppressed as well.
INSERT INTO suppressions (customer_id, email_hash, reason, created_at)
SELECT customer_id, encode(sha256(convert_to(email, 'UTF8')), 'hex'), status, updated_at
FROM subscribers WHERE status IN ('unsubscribed', 'bounced', 'complained')
ON CONFLICT DO NOTHING;
