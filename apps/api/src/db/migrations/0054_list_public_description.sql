-- Issue 38, point 2: a list's description is the customer's private note ("Only you see it"); what
-- readers see about a list in the preference centre is a text of its own. Existing lists start
-- with none: their notes were written as private, so none of them is made public.
ALTER TABLE "lists" ADD COLUMN "public_description" text DEFAULT '' NOT NULL;
