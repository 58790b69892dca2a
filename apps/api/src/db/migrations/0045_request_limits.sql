-- Per-account request limits (issue 31, points 13 and 14): one window per account and kind of
-- request (the public API's calls by all of an account's keys, the expensive reads, the insights
-- refresh's cool-down), counted here so every API process shares it.
CREATE TABLE "request_limits" (
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "request_limits_pkey" PRIMARY KEY("customer_id","kind")
);
--> statement-breakpoint
ALTER TABLE "request_limits" ADD CONSTRAINT "request_limits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
