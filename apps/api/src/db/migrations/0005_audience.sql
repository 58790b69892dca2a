-- Trigram indexes make the subscribers search (anywhere in an address or name) fast at a million rows.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "list_memberships" (
	"list_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "list_memberships_list_id_subscriber_id_pk" PRIMARY KEY("list_id","subscriber_id"),
	CONSTRAINT "list_memberships_status_check" CHECK ("list_memberships"."status" in ('unconfirmed', 'confirmed', 'unsubscribed'))
);
--> statement-breakpoint
CREATE TABLE "lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"double_opt_in" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"timezone" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"consent_source" text NOT NULL,
	"consent_form_id" uuid,
	"consent_at" timestamp with time zone,
	"consent_ip_hash" text,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "subscribers_status_check" CHECK ("subscribers"."status" in ('active', 'unsubscribed', 'bounced', 'complained'))
);
--> statement-breakpoint
CREATE TABLE "suppressions" (
	"customer_id" uuid NOT NULL,
	"email_hash" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "suppressions_customer_id_email_hash_pk" PRIMARY KEY("customer_id","email_hash")
);
--> statement-breakpoint
ALTER TABLE "list_memberships" ADD CONSTRAINT "list_memberships_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_memberships" ADD CONSTRAINT "list_memberships_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lists" ADD CONSTRAINT "lists_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppressions" ADD CONSTRAINT "suppressions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "list_memberships_subscriber_idx" ON "list_memberships" USING btree ("subscriber_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lists_customer_name_idx" ON "lists" USING btree ("customer_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_customer_email_idx" ON "subscribers" USING btree ("customer_id","email");--> statement-breakpoint
CREATE INDEX "subscribers_customer_created_idx" ON "subscribers" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "subscribers_customer_first_name_idx" ON "subscribers" USING btree ("customer_id","first_name","id");--> statement-breakpoint
CREATE INDEX "subscribers_customer_last_name_idx" ON "subscribers" USING btree ("customer_id","last_name","id");--> statement-breakpoint
CREATE INDEX "subscribers_search_idx" ON "subscribers" USING gin (("email" || ' ' || "first_name" || ' ' || "last_name") gin_trgm_ops);