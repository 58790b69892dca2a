CREATE TABLE "account_usage" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "account_usage_kind_check" CHECK ("account_usage"."kind" in ('campaign-messages', 'test-sends', 'sender-confirmations'))
);
--> statement-breakpoint
CREATE TABLE "sender_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"verification_code" text NOT NULL,
	"verified_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"last_problem" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sender_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"email" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"confirmation_sent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "account_usage" ADD CONSTRAINT "account_usage_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_domains" ADD CONSTRAINT "sender_domains_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_identities" ADD CONSTRAINT "sender_identities_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_usage_customer_kind_at_idx" ON "account_usage" USING btree ("customer_id","kind","at");--> statement-breakpoint
CREATE UNIQUE INDEX "sender_domains_customer_domain_key" ON "sender_domains" USING btree ("customer_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "sender_identities_customer_email_key" ON "sender_identities" USING btree ("customer_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "sender_identities_token_hash_key" ON "sender_identities" USING btree ("token_hash");