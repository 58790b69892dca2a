-- Issue 32, point 6: what an import checks before it adds anyone. The customer's confirmation that
-- the people in a larger file agreed to get their email (who, when, the words they ticked), and the
-- row count past which it was asked; the rejected rows counted by reason, and the addresses kept
-- although DNS gave no answer for their domain; a rejection's detail (the domain looked up).
ALTER TABLE "imports" ADD COLUMN "consent_required_above" integer;
--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "consent_confirmed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "consent_confirmed_by" text;
--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "consent_wording" text;
--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "rejected_by_reason" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "domain_unchecked" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "import_rejections" ADD COLUMN "detail" text;
