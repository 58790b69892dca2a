-- Issue 32, point 6: what an account sent and what came back, per day and mailbox provider (the
-- guardrails' complaint rate and the Deliverability page read these few rows, never the ledger),
-- and each account's sending standing: its warm-up's start and a pause the guardrails made.

-- The mailbox provider of an address, by its domain: the providers whose complaint lines senders
-- are held to. One definition, used by the counters below and nowhere else.
CREATE OR REPLACE FUNCTION mailbox_provider(address text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN d IN ('gmail.com', 'googlemail.com') THEN 'gmail'
    WHEN d IN ('outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'passport.com') OR d LIKE 'hotmail.%' OR d LIKE 'outlook.%' OR d LIKE 'live.%' OR d LIKE 'windowslive.%' THEN 'microsoft'
    WHEN d IN ('ymail.com', 'rocketmail.com', 'aol.com', 'aim.com') OR d LIKE 'yahoo.%' OR d LIKE 'aol.%' THEN 'yahoo'
    WHEN d IN ('icloud.com', 'me.com', 'mac.com') THEN 'apple'
    ELSE 'other'
  END
  FROM (SELECT lower(split_part(address, '@', 2)) AS d) AS parts
$$;
--> statement-breakpoint
CREATE TABLE "sending_days" (
	"customer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"provider" text NOT NULL,
	"sent" integer NOT NULL DEFAULT 0,
	"hard" integer NOT NULL DEFAULT 0,
	"soft" integer NOT NULL DEFAULT 0,
	"complaints" integer NOT NULL DEFAULT 0,
	"refusals" integer NOT NULL DEFAULT 0,
	CONSTRAINT "sending_days_pk" PRIMARY KEY ("customer_id", "day", "provider")
);
--> statement-breakpoint
ALTER TABLE "sending_days" ADD CONSTRAINT "sending_days_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "account_sending" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"warmup_started_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"pause_rule" text,
	"pause_reason" text,
	"pause_campaign_id" uuid,
	"resumed_at" timestamp with time zone,
	"resume_day" date,
	"resume_sent" integer NOT NULL DEFAULT 0,
	"resume_complaints" integer NOT NULL DEFAULT 0,
	"pauses" integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
ALTER TABLE "account_sending" ADD CONSTRAINT "account_sending_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Every bounce and complaint, whichever way it came (the relay's reply, a report, a webhook), is
-- counted on the day it arrived; counted here, so no path can forget it.
CREATE OR REPLACE FUNCTION count_campaign_bounce() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
  address text;
BEGIN
  SELECT s.customer_id, s.email INTO owner, address FROM subscribers s WHERE s.id = NEW.subscriber_id;
  IF owner IS NULL THEN
    RETURN NEW;
  END IF;
  INSERT INTO sending_days (customer_id, day, provider, hard, soft, complaints)
  VALUES (owner, (NEW.at AT TIME ZONE 'UTC')::date, mailbox_provider(address), (NEW.kind = 'hard')::int, (NEW.kind = 'soft')::int, (NEW.kind = 'complaint')::int)
  ON CONFLICT (customer_id, day, provider) DO UPDATE
    SET hard = sending_days.hard + excluded.hard, soft = sending_days.soft + excluded.soft, complaints = sending_days.complaints + excluded.complaints;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER campaign_bounces_counted AFTER INSERT ON campaign_bounces FOR EACH ROW EXECUTE FUNCTION count_campaign_bounce();
--> statement-breakpoint
-- A receiver's refusal of the sender or the content (policy, reputation, authentication): the
-- account's health, never a reader's bounce.
CREATE OR REPLACE FUNCTION count_sender_refusal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.outcome = 'sender' AND NEW.customer_id IS NOT NULL THEN
    INSERT INTO sending_days (customer_id, day, provider, refusals)
    VALUES (NEW.customer_id, (NEW.received_at AT TIME ZONE 'UTC')::date, mailbox_provider(NEW.email), 1)
    ON CONFLICT (customer_id, day, provider) DO UPDATE SET refusals = sending_days.refusals + 1;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER delivery_reports_refusals_counted AFTER INSERT ON delivery_reports FOR EACH ROW EXECUTE FUNCTION count_sender_refusal();
--> statement-breakpoint
-- Messages claimed under a warm-up count in the quotas' table, in their own kind.
ALTER TABLE "account_usage" DROP CONSTRAINT "account_usage_kind_check";
--> statement-breakpoint
ALTER TABLE "account_usage" ADD CONSTRAINT "account_usage_kind_check" CHECK ("account_usage"."kind" in ('campaign-messages', 'test-sends', 'sender-confirmations', 'warm-up-messages'));
