CREATE TABLE "connection_opt_outs" (
	"link_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "connection_opt_outs_link_id_email_pk" PRIMARY KEY("link_id","email")
);
--> statement-breakpoint
ALTER TABLE "connection_opt_outs" ADD CONSTRAINT "connection_opt_outs_link_id_connection_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."connection_links"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Opt-outs a run kept in its cursor move to the table; a run that had read every page is marked so, and drains them.
INSERT INTO "connection_opt_outs" ("link_id", "email", "created_at")
SELECT r."link_id", o.email, r."created_at" FROM "connection_runs" r, jsonb_array_elements_text(r."cursor"->'optOuts') AS o(email)
WHERE r."link_id" IS NOT NULL AND r."status" IN ('queued', 'running') AND jsonb_typeof(r."cursor"->'optOuts') = 'array'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "connection_runs" SET "cursor" = ("cursor" - 'optOuts') || (CASE WHEN "cursor"->'page' = 'null'::jsonb THEN '{"readDone": true}'::jsonb ELSE '{}'::jsonb END)
WHERE "cursor"->'optOuts' IS NOT NULL;
--> statement-breakpoint
CREATE SEQUENCE "platform_turns_seq";
--> statement-breakpoint
CREATE TABLE "platform_turns" (
	"customer_id" uuid NOT NULL,
	"loop" text NOT NULL,
	"turn" bigint NOT NULL,
	CONSTRAINT "platform_turns_customer_id_loop_pk" PRIMARY KEY("customer_id","loop"),
	CONSTRAINT "platform_turns_loop_check" CHECK ("platform_turns"."loop" in ('sync', 'delivery'))
);
--> statement-breakpoint
ALTER TABLE "platform_turns" ADD CONSTRAINT "platform_turns_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "platform_deliveries" ADD COLUMN "tagged" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"nonce_hash" text PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"session_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "oauth_states_session_idx" ON "oauth_states" USING btree ("session_hash","created_at");
--> statement-breakpoint
CREATE INDEX "oauth_states_expires_idx" ON "oauth_states" USING btree ("expires_at");
--> statement-breakpoint
ALTER TABLE "connection_runs" ADD COLUMN "dropped" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "connection_runs" ADD COLUMN "dropped_reasons" jsonb DEFAULT '{}'::jsonb NOT NULL;
