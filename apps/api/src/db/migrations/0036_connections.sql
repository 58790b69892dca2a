CREATE TABLE "connection_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"remote_audience_id" text NOT NULL,
	"remote_name" text NOT NULL,
	"list_id" uuid NOT NULL,
	"field_map" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"poll_cursor" jsonb,
	"push_cursor" bigint DEFAULT 0 NOT NULL,
	"imported_at" timestamp with time zone,
	"last_polled_at" timestamp with time zone,
	"next_poll_at" timestamp with time zone NOT NULL,
	"history_imported_at" timestamp with time zone,
	"history_count" integer DEFAULT 0 NOT NULL,
	"webhook_id" text,
	"webhook_secret_hash" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connection_people" (
	"link_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"remote_id" text NOT NULL,
	"synced_hash" text NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	CONSTRAINT "connection_people_link_id_subscriber_id_pk" PRIMARY KEY("link_id","subscriber_id")
);
--> statement-breakpoint
CREATE TABLE "connection_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"link_id" uuid,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"cursor" jsonb,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"added" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"suppressed" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	CONSTRAINT "connection_runs_status_check" CHECK ("connection_runs"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"auth_kind" text NOT NULL,
	"secret" text NOT NULL,
	"account_name" text NOT NULL,
	"account_ref" text NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"health_message" text,
	"connected_at" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone,
	CONSTRAINT "connections_status_check" CHECK ("connections"."status" in ('connected', 'broken'))
);
--> statement-breakpoint
-- Connected platforms (decision 011): every change a platform holds of a person bumps change_seq,
-- and the sync pushes what changed since its cursor.
CREATE SEQUENCE IF NOT EXISTS "subscriber_changes";--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "change_seq" bigint DEFAULT nextval('subscriber_changes') NOT NULL;--> statement-breakpoint
ALTER TABLE "connection_links" ADD CONSTRAINT "connection_links_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_links" ADD CONSTRAINT "connection_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_links" ADD CONSTRAINT "connection_links_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_people" ADD CONSTRAINT "connection_people_link_id_connection_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."connection_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_people" ADD CONSTRAINT "connection_people_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_runs" ADD CONSTRAINT "connection_runs_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_runs" ADD CONSTRAINT "connection_runs_link_id_connection_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."connection_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connection_links_remote_idx" ON "connection_links" USING btree ("connection_id","remote_audience_id");--> statement-breakpoint
CREATE INDEX "connection_links_due_idx" ON "connection_links" USING btree ("next_poll_at");--> statement-breakpoint
CREATE INDEX "connection_runs_due_idx" ON "connection_runs" USING btree ("due_at") WHERE "connection_runs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "connection_runs_connection_idx" ON "connection_runs" USING btree ("connection_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "connection_runs_open_idx" ON "connection_runs" USING btree ("connection_id",coalesce("link_id", '00000000-0000-0000-0000-000000000000'::uuid),"kind") WHERE "connection_runs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "connections_customer_platform_idx" ON "connections" USING btree ("customer_id","platform");--> statement-breakpoint
CREATE INDEX "subscribers_customer_change_idx" ON "subscribers" USING btree ("customer_id","change_seq");;--> statement-breakpoint
-- What a platform holds of a person changed: their address, names, attributes, timezone or status.
CREATE FUNCTION "subscribers_bump_change_seq"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.change_seq = OLD.change_seq
     AND (NEW.email, NEW.first_name, NEW.last_name, NEW.attributes, NEW.timezone, NEW.status)
         IS DISTINCT FROM (OLD.email, OLD.first_name, OLD.last_name, OLD.attributes, OLD.timezone, OLD.status) THEN
    NEW.change_seq := nextval('subscriber_changes');
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "subscribers_bump_change_seq" BEFORE UPDATE ON "subscribers"
  FOR EACH ROW EXECUTE FUNCTION "subscribers_bump_change_seq"();--> statement-breakpoint
-- Leaving or rejoining a list is a change for the platform linked to it.
CREATE FUNCTION "list_memberships_bump_change_seq"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "subscribers" SET "change_seq" = nextval('subscriber_changes') WHERE "id" = NEW."subscriber_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "list_memberships_bump_change_seq" AFTER UPDATE OF "status" ON "list_memberships"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "list_memberships_bump_change_seq"();--> statement-breakpoint
-- Joining a list: people made in the same statement already carry a fresh change_seq (an import
-- of a million new people updates none of them); people who were here before are bumped.
CREATE FUNCTION "list_memberships_bump_joined"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "subscribers" s SET "change_seq" = nextval('subscriber_changes')
    FROM joined j WHERE s."id" = j."subscriber_id" AND s."created_at" < j."created_at";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "list_memberships_bump_joined" AFTER INSERT ON "list_memberships"
  REFERENCING NEW TABLE AS joined FOR EACH STATEMENT EXECUTE FUNCTION "list_memberships_bump_joined"();
