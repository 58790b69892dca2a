-- A click link's number has up to four base-36 digits (1,679,615); a smallint held only 32,767, and a
-- click on a later link failed its whole batch of hits (issue 18, finding 10).
ALTER TABLE "campaign_clicks" ALTER COLUMN "link_number" SET DATA TYPE integer;
