CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlist_submissions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"email" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"ip_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_submissions_status_check" CHECK ("waitlist_submissions"."status" in ('Waitlist', 'Contact'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_submissions_waitlist_email_key" ON "waitlist_submissions" USING btree ("email") WHERE "waitlist_submissions"."status" = 'Waitlist';--> statement-breakpoint
CREATE INDEX "waitlist_submissions_created_at_idx" ON "waitlist_submissions" USING btree ("created_at");