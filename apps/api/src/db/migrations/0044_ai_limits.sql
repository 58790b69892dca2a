-- An AI key is sealed bound to the origin it was typed for from now on (key_origin, also in the
-- seal's associated data). SQL cannot open a seal: the rows already stored keep key_origin null
-- (bound to the account only) and ai.service.ts re-seals each for its address on its next read.
ALTER TABLE "ai_providers" ADD COLUMN "key_origin" text;
--> statement-breakpoint
-- The daily budget of generations per account on the server's default provider (AI_DAILY_GENERATIONS).
CREATE TABLE "ai_daily_generations" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"used" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_daily_generations" ADD CONSTRAINT "ai_daily_generations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
