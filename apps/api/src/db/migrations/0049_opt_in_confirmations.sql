-- Issue 31, finding 11: a double opt-in confirmation goes to an address at most once a day per
-- list, whoever asks (a form, the API, the customer's resend). The last send per list and address,
-- keyed by the suppression list's hash (SHA-256 of the lower-case address) so an erased person's
-- address is not kept; housekeeping drops rows past their day.
CREATE TABLE "opt_in_confirmations" (
	"list_id" uuid NOT NULL,
	"email_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "opt_in_confirmations_list_id_email_hash_pk" PRIMARY KEY("list_id","email_hash")
);
--> statement-breakpoint
ALTER TABLE "opt_in_confirmations" ADD CONSTRAINT "opt_in_confirmations_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "opt_in_confirmations_sent_at_idx" ON "opt_in_confirmations" USING btree ("sent_at");
