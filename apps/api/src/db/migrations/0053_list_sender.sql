-- Issue 38, point 6: who a list's double opt-in confirmation comes from. The reader signed up to the
-- customer's list and has no account with us, so the mail goes From the list's sender (one of the
-- customer's own, sent as a campaign would be); empty until the customer picks one, when the
-- customer's name stands on the platform's address.
ALTER TABLE "lists" ADD COLUMN "from_name" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "lists" ADD COLUMN "from_email" text DEFAULT '' NOT NULL;
