-- Issue 33, point 5: an account's saved sections (a header, a sign-off), at most 100 an account
-- (checked by the service). Drafts reference one by id; the content goes in at preparation.
CREATE TABLE "saved_sections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL REFERENCES "customers"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"content_html" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "saved_sections_customer_created_idx" ON "saved_sections" USING btree ("customer_id","created_at");
