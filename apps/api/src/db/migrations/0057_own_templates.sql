-- Issue 33, point 5: an account's own templates ("Save as template" in the campaign editor), at
-- most 50 an account (checked by the service), listed in the gallery after the built-in ones.
CREATE TABLE "own_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL REFERENCES "customers"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"content_html" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "own_templates_customer_created_idx" ON "own_templates" USING btree ("customer_id","created_at");
